/** What the metrics count of an answered planning request, read from its response body in the worker. */
import type { BookingCheckResponse, ManifestPlanResponse } from '../contract/index.ts';
import type { PlanningOperation } from './ports.ts';

export interface SolveRecord {
  operation: PlanningOperation;
  /** The solver id (`gecode`, `chuffed`, ...), or `none` when no model ran. */
  solver: string;
  /** Booking checks: their status; manifests: `all_planned` or `unplanned_legs`. */
  outcome: 'feasible' | 'infeasible_proven' | 'unknown' | 'all_planned' | 'unplanned_legs';
  solveSeconds: number;
}

export function solveRecordOf(operation: PlanningOperation, body: ManifestPlanResponse | BookingCheckResponse): SolveRecord {
  const engine = body.evidence?.planning_engine;
  const outcome = 'status' in body ? body.status : body.unplanned_movements.length === 0 ? 'all_planned' : 'unplanned_legs';
  return { operation, solver: engine?.solver?.split(' ')[0]?.toLowerCase() ?? 'none', outcome, solveSeconds: (engine?.solve_ms ?? 0) / 1000 };
}
