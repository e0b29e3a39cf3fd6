/**
 * The planner's search budgets, all in one place: a day's routing search and a following wave's,
 * as `SearchParameters` of the routing core (src/routing). Deterministic stopping rules (moves,
 * subproblems, failure limits) come first; the deadline only cuts a search short.
 */
import { searchParameters, type SearchParameters } from '../../routing/index.ts';

/** Failure limit of a subproblem of the model search. */
const FAIL_LIMIT = 3000;
/** Failure limit of the whole-day exact model (small days). */
export const EXACT_FAIL_LIMIT = 200_000;
/** Model subproblems a day's search may solve. */
const iterationBudget = (requests: number) => Math.min(400, 20 + 4 * requests);
/**
 * Moves of the TypeScript ruin and recreate before the model search (each costs milliseconds, a
 * model call seconds). 3,000 on a big day: medium seeds 1-5 planned as many legs as with 4,000
 * (1,843 against 1,844) in about 4 s less, so the search ends by its budget, not the clock.
 */
const ruinRecreateBudget = (requests: number) => Math.min(3000, 200 + 20 * requests);
/**
 * Share of a day's search time for the ruin and recreate (the model search has the rest): on a
 * big day a model subproblem rarely improves what it finds (medium preset: 0 improvements in 36
 * subproblems), while each of its moves costs milliseconds.
 */
const ruinRecreateShare = (requests: number) => (requests > 150 ? 0.85 : 0.5);
/**
 * Subproblems in a row without an improvement that end the model search (a big day's time goes
 * to its later waves; on medium days the model search never improved in 8, so 4 are tried).
 */
const stallLimit = (requests: number) => (requests > 150 ? 4 : 8 + Math.ceil(requests / 4));

/** A day's search: ruin and recreate, then model subproblems over at most 3 routes each. */
export function daySearchParameters(requests: number, seed: number, deadline: number): SearchParameters {
  return searchParameters({ seed, deadline }, {
    ruinRecreate: { maxIterations: ruinRecreateBudget(requests), share: ruinRecreateShare(requests), progress: 'iterations', localSearch: false },
    lns: { maxIterations: iterationBudget(requests), failLimit: FAIL_LIMIT, maxRoutes: 3, stallLimit: stallLimit(requests) },
  });
}

/** A following wave: ruin and recreate only, from the day's routes. */
export function waveSearchParameters(requests: number, seed: number, deadline: number): SearchParameters {
  return searchParameters({ seed, deadline }, {
    ruinRecreate: { maxIterations: ruinRecreateBudget(requests), share: 1, progress: 'iterations', localSearch: false },
    lns: { maxIterations: 0, failLimit: FAIL_LIMIT },
  });
}
