/**
 * Status mapping: what the run told us -> the engine's SolveStatus and StopReason. This is
 * where soundness lives: UNSATISFIABLE and OPTIMAL are only ever copied from the solver's own
 * words, everything else is derived from whether a solution arrived.
 */
import type { SolveStatus, StopReason } from './types.ts';

/** How the run ended, seen from outside the solver. */
export type RunEnding = 'exited' | 'time_limit' | 'cancelled' | 'crashed';

export interface RunOutcome {
  ending: RunEnding;
  /** The last `status` message MiniZinc sent (OPTIMAL_SOLUTION, UNSATISFIABLE, ...). */
  minizincStatus: string | undefined;
  solutions: number;
  /** The problem is an optimisation (an objective arrived or the flattener said so). */
  optimisation: boolean;
  /** MiniZinc reported an error, or the run failed. */
  failed: boolean;
}

export interface MappedStatus {
  status: SolveStatus;
  stop: StopReason;
}

function withoutProof(outcome: RunOutcome, stop: StopReason): MappedStatus {
  return { status: outcome.solutions > 0 ? 'SATISFIED' : 'UNKNOWN', stop };
}

/** MiniZinc's final status words, each mapped once. */
const FROM_MINIZINC: Record<string, (outcome: RunOutcome) => MappedStatus> = {
  // A claim of optimality without a solution is a broken solver, not a result.
  OPTIMAL_SOLUTION: (outcome) => (outcome.solutions > 0 ? { status: 'OPTIMAL', stop: 'complete' } : { status: 'ERROR', stop: 'failed' }),
  UNSATISFIABLE: () => ({ status: 'UNSATISFIABLE', stop: 'complete' }),
  // Every solution of a satisfaction problem was enumerated: the search is complete.
  ALL_SOLUTIONS: (outcome) => ({ status: outcome.solutions > 0 ? 'SATISFIED' : 'UNSATISFIABLE', stop: 'complete' }),
  // "Infeasible or unbounded" is no proof of infeasibility: never UNSATISFIABLE.
  UNSAT_OR_UNBOUNDED: (outcome) => withoutProof(outcome, 'complete'),
  UNKNOWN: (outcome) => withoutProof(outcome, 'time_limit'),
};

export function mapStatus(outcome: RunOutcome): MappedStatus {
  if (outcome.failed || outcome.ending === 'crashed') return { status: 'ERROR', stop: 'failed' };
  if (outcome.ending === 'time_limit' || outcome.ending === 'cancelled') return withoutProof(outcome, outcome.ending);
  const fromMinizinc = outcome.minizincStatus === undefined ? undefined : FROM_MINIZINC[outcome.minizincStatus];
  if (fromMinizinc !== undefined) return fromMinizinc(outcome);
  // No final word: a satisfaction problem stops at its first solution; an optimisation that
  // stopped without proving optimality was cut by its time limit.
  if (outcome.solutions > 0 && !outcome.optimisation) return { status: 'SATISFIED', stop: 'complete' };
  return withoutProof(outcome, 'time_limit');
}
