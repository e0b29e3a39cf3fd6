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
  /**
   * The run lasted until its (soft) time limit. When it did not, a stop without a proof is
   * the solver giving up (or its failure limit), not the clock. Default true.
   */
  timeLimitReached?: boolean;
  /** The request set a failure limit the solver honours. */
  failLimited?: boolean;
}

export interface MappedStatus {
  status: SolveStatus;
  stop: StopReason;
}

function withoutProof(outcome: RunOutcome, stop: StopReason): MappedStatus {
  return { status: outcome.solutions > 0 ? 'SATISFIED' : 'UNKNOWN', stop };
}

/** A stop without a proof, named by what ended it: the clock, the failure limit, or the solver itself. */
function unproven(outcome: RunOutcome): MappedStatus {
  if (outcome.timeLimitReached !== false) return withoutProof(outcome, 'time_limit');
  return withoutProof(outcome, outcome.failLimited === true ? 'search_limit' : 'incomplete');
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
  UNKNOWN: unproven,
};

export function mapStatus(outcome: RunOutcome): MappedStatus {
  if (outcome.failed || outcome.ending === 'crashed') return { status: 'ERROR', stop: 'failed' };
  if (outcome.ending === 'time_limit' || outcome.ending === 'cancelled') return withoutProof(outcome, outcome.ending);
  const fromMinizinc = outcome.minizincStatus === undefined ? undefined : FROM_MINIZINC[outcome.minizincStatus];
  if (fromMinizinc !== undefined) return fromMinizinc(outcome);
  // No final word: a satisfaction problem stops at its first solution; an optimisation that
  // stopped without proving optimality was cut by its time limit (or gave up before it).
  if (outcome.solutions > 0 && !outcome.optimisation) return { status: 'SATISFIED', stop: 'complete' };
  return unproven(outcome);
}
