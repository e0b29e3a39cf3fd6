/**
 * The exact model (models/horizon.mzn, issue 18's bridge `solveExact`) as a search step of a
 * small booking check: it plans every leg the check may serve, the mandatory and new ones
 * required. A plan it finds passes the independent validator before it counts.
 *
 * Only the search side: the model leaves some plans out (its header lists the shape it
 * assumes: a unit picked up and delivered within one duty, handling exactly its minutes, no
 * empty repositioning drive, ...), so its UNSATISFIABLE says nothing about plans of another
 * shape and is never taken as a proof. Proofs come from the relaxation alone.
 */
import { HORIZON_MODEL, solveExact, type ExactEngine } from '../planning/exact/index.ts';
import type { Plan } from '../planning/plan/types.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import { BOOKING } from '../planning/solve/search-parameters.ts';

/** Above these sizes the exact model is not tried (it rarely answers within a booking allowance; the budget policy, search-parameters.ts). */
export const EXACT_LIMITS = BOOKING.exactLimits;

export const EXACT_MODEL = HORIZON_MODEL.split('/').pop()!;

export interface ExactPlan {
  plan: Plan;
  /** A plan comes only with these. */
  status: 'OPTIMAL' | 'SATISFIED';
  /** Solver identity, e.g. "Chuffed 0.14.0 (embedded)". */
  solver: string;
}

/**
 * The solver the exact model searches with: the check's own when it is Gecode or Chuffed (pinned
 * or not); otherwise Chuffed (the model's search is written for the CP solvers with search
 * annotations, and a plan found by any solver is validated all the same).
 */
export function exactSolverFor(solver: string): string {
  const id = solver.split(':').pop();
  return id === 'gecode' || id === 'chuffed' ? solver : 'chuffed';
}

export function smallEnoughForExact(problem: PlanningProblem): boolean {
  return problem.legs.length <= EXACT_LIMITS.legs && problem.drivers.length <= EXACT_LIMITS.drivers && problem.lorries.length <= EXACT_LIMITS.lorries;
}

/**
 * A plan of the exact model serving every leg of `required`, offered `legs` (every leg the
 * check does not reject, so the plan lists the others unplanned), or null (none found in time,
 * an error, or UNSATISFIABLE: no plan of the model's shape).
 */
export async function exactPlan(
  problem: PlanningProblem,
  engine: ExactEngine,
  options: { solver: string; timeLimitMs: number; legs: readonly number[]; required: readonly number[]; rejected: Parameters<typeof solveExact>[2]['rejected']; signal: AbortSignal },
): Promise<ExactPlan | null> {
  if (options.timeLimitMs <= 0) return null;
  try {
    const result = await solveExact(problem, engine, {
      solver: options.solver,
      timeLimitMs: Math.round(options.timeLimitMs),
      legs: options.legs,
      required: options.required,
      ...(options.rejected === undefined ? {} : { rejected: options.rejected }),
      signal: options.signal,
    });
    if (result.plan === null || (result.status !== 'OPTIMAL' && result.status !== 'SATISFIED')) return null;
    return { plan: result.plan, status: result.status, solver: result.stats.solver };
  } catch {
    return null;
  }
}
