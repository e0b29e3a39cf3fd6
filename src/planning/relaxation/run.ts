/**
 * Runs models/booking-relaxation.mzn for a set of mandatory legs. Only UNSATISFIABLE counts:
 * it is a proof (the model is a relaxation). A solution, a time-out or an error decide nothing.
 */
import type { SolveResult } from '../../engine/types.ts';
import type { SolvingEngine } from '../solve/engine-solver.ts';
import { modelPath } from '../solve/model-solver.ts';
import type { PrecheckContext } from '../prechecks/context.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { relaxationData, type RelaxationData, type StaticFacts } from './data.ts';

export const RELAXATION_MODEL = 'booking-relaxation.mzn';

export interface RelaxationRun {
  /** `infeasible`: UNSATISFIABLE, a proof. `satisfiable`: a solution (proves nothing). `undecided`: time-out, cancelled or error. */
  outcome: 'infeasible' | 'satisfiable' | 'undecided';
  status: 'OPTIMAL' | 'SATISFIED' | 'UNSATISFIABLE' | 'UNKNOWN' | 'ERROR';
  /** Solver identity for evidence, e.g. "chuffed 0.14.0 (embedded)". */
  solver: string;
  minizincVersion: string;
  elapsedMs: number;
  facts: StaticFacts;
  /** The engine's message when the status is ERROR. */
  error?: string;
  /** Who proved the status and on what basis (the engine's proof summary), when a solver claimed a proof. */
  proof?: string;
  /** Why the run ended (`time_limit`: the clock cut it, so a rerun may decide otherwise). */
  stop: SolveResult['stop'];
}

export interface RelaxationOptions {
  solver: string;
  timeLimitMs: number;
  /** Search failures at most (Gecode): a run it cuts ends the same way on any machine. */
  failLimit?: number;
  signal?: AbortSignal;
}

export async function runRelaxation(
  engine: SolvingEngine,
  problem: PlanningProblem,
  context: PrecheckContext,
  mandatoryLegs: readonly number[],
  options: RelaxationOptions,
  prepared?: RelaxationData,
): Promise<RelaxationRun> {
  const { data, facts } = prepared ?? relaxationData(problem, mandatoryLegs, context);
  const result = await engine.solve({
    model: modelPath(RELAXATION_MODEL),
    data,
    solver: options.solver,
    timeLimitMs: Math.max(1, Math.round(options.timeLimitMs)),
    seed: 1,
    ...(options.failLimit === undefined ? {} : { failLimit: options.failLimit }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const outcome = result.status === 'UNSATISFIABLE' ? 'infeasible' : result.status === 'SATISFIED' || result.status === 'OPTIMAL' ? 'satisfiable' : 'undecided';
  return {
    outcome,
    status: result.status,
    solver: `${result.solver.name} ${result.solver.version} (${result.backend})`,
    minizincVersion: result.minizincVersion,
    elapsedMs: Math.round(result.elapsedMs),
    facts,
    stop: result.stop,
    ...(result.error === undefined ? {} : { error: result.error.message }),
    ...(result.proof === undefined ? {} : { proof: result.proof.summary }),
  };
}
