/**
 * CP-SAT's answer -> the engine's status. As in status.ts, UNSATISFIABLE and OPTIMAL are
 * only copied from CP-SAT's own words, and only when the translation was exact: a variable
 * that FlatZinc left unbounded got an artificial bound (translate/index.ts), under which
 * neither infeasibility nor optimality is a proof for the model itself.
 */
import type { EngineErrorInfo, SolveStatus, StopReason } from '../../types.ts';
import type { Translation } from '../translate/index.ts';
import type { CpSatEnd } from './process-run.ts';

export interface CpSatOutcome {
  status: SolveStatus;
  stop: StopReason;
  /** The values of the CP-SAT variables of the solution, when there is one. */
  values: number[] | null;
  objective: number | null;
  bound: number | null;
  error?: EngineErrorInfo;
}

type Response = Extract<CpSatEnd, { kind: 'solved' }>['response'];

/** What ended a search that returned without a proof: see StopReason. */
export interface SearchLimits {
  timeLimitReached: boolean;
  failLimited: boolean;
}

const unprovenStop = (limits: SearchLimits): StopReason => (limits.timeLimitReached ? 'time_limit' : limits.failLimited ? 'search_limit' : 'incomplete');

const noSolution = (status: SolveStatus, stop: StopReason, error?: EngineErrorInfo): CpSatOutcome => ({
  status,
  stop,
  values: null,
  objective: null,
  bound: null,
  ...(error === undefined ? {} : { error }),
});

/**
 * CP-SAT reports the objective and its bound as doubles, scaled back from its internal form
 * (161 can arrive as 161.00000000000003). The translated models are integer-only, so the
 * objective is an integer: round it, and round the bound towards the feasible side (up when
 * minimising, down when maximising) so that it stays a valid bound.
 */
const INTEGRALITY_TOLERANCE = 1e-6;
const integral = (value: number) => Math.round(value);
function integralBound(value: number, sense: 'minimize' | 'maximize'): number {
  return sense === 'minimize' ? Math.ceil(value - INTEGRALITY_TOLERANCE) : Math.floor(value + INTEGRALITY_TOLERANCE);
}

function withSolution(response: Response, translation: Translation, status: SolveStatus, stop: StopReason): CpSatOutcome {
  const values = (response.solution ?? []).map(Number);
  // A solution is a value for every variable of the model. CP-SAT's multi-worker path
  // (`numWorkers` > 1, or `interleaveSearch`) in or-tools-wasm 0.9.1 answers FEASIBLE with the
  // objective but an empty `solution` (measured on the `tiny` day: 0 values for 781 variables,
  // while its solution callback had all 781): read as a solution, the missing values threw in
  // solutionValues (values.ts) out of the solve. It is the backend failing, said so. (A model
  // that flattens to no variables has an empty solution, and that is one.)
  const variables = translation.model.variables?.length ?? 0;
  if (values.length !== variables) {
    return noSolution('ERROR', 'failed', { message: `CP-SAT answered ${String(response.status)} with ${values.length} values for the model's ${variables} variables` });
  }
  const sense = translation.objective;
  const objective = sense !== null && typeof response.objectiveValue === 'number' ? integral(response.objectiveValue) : null;
  const reported = response.bestObjectiveBound;
  const bound =
    sense === null ? null : status === 'OPTIMAL' ? objective : typeof reported === 'number' && Number.isFinite(reported) && translation.unbounded.length === 0 ? integralBound(reported, sense) : null;
  return { status, stop, values, objective, bound };
}

/** CP-SAT's status words, each mapped once. */
const FROM_CP_SAT: Record<string, (response: Response, translation: Translation, limits: SearchLimits) => CpSatOutcome> = {
  OPTIMAL: (response, translation) => {
    // For a satisfaction problem, OPTIMAL means "a solution": its search is complete.
    if (translation.objective === null) return withSolution(response, translation, 'SATISFIED', 'complete');
    if (translation.unbounded.length > 0) return withSolution(response, translation, 'SATISFIED', 'complete');
    return withSolution(response, translation, 'OPTIMAL', 'complete');
  },
  FEASIBLE: (response, translation, limits) => withSolution(response, translation, 'SATISFIED', unprovenStop(limits)),
  INFEASIBLE: (_response, translation) => (translation.unbounded.length > 0 ? noSolution('UNKNOWN', 'complete') : noSolution('UNSATISFIABLE', 'complete')),
  UNKNOWN: (_response, _translation, limits) => noSolution('UNKNOWN', unprovenStop(limits)),
  MODEL_INVALID: (response) => noSolution('ERROR', 'failed', { message: `CP-SAT rejected the translated model: ${String(response.solutionInfo ?? 'MODEL_INVALID')}` }),
};

const STATUS_NAMES = ['UNKNOWN', 'MODEL_INVALID', 'FEASIBLE', 'INFEASIBLE', 'OPTIMAL'];

export function outcomeOf(end: CpSatEnd, translation: Translation, limits: SearchLimits): CpSatOutcome {
  switch (end.kind) {
    case 'time_limit':
    case 'cancelled':
      // CP-SAT delivers solutions only when it returns: a killed solve has none.
      return noSolution('UNKNOWN', end.kind);
    case 'crashed':
      return noSolution('ERROR', 'failed', { message: end.message });
    case 'solved': {
      const raw = end.response.status;
      const name = typeof raw === 'number' ? STATUS_NAMES[raw] : raw;
      const mapped = name === undefined ? undefined : FROM_CP_SAT[name];
      if (mapped === undefined) return noSolution('ERROR', 'failed', { message: `CP-SAT returned an unknown status ${String(raw)}` });
      return mapped(end.response, translation, limits);
    }
  }
}
