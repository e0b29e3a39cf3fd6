/**
 * How much search a day gets: every budget and stopping rule of the day loop, in one place, as
 * `SearchParameters` of the routing core (src/routing) plus the planner's own model calls.
 * Deterministic stopping rules (moves, runs without improvement, failure limits) come first; the
 * deadline only cuts a search short.
 *
 * Time follows the work, and a model call must earn its time (`npm run bench -- manifests
 * --profile` turns every model strategy on and prints how often each improved the plan, and at
 * what cost):
 * - construction and the TypeScript ruin and recreate cost milliseconds a move: every day gets
 *   them, bounded by a move budget and by a run of moves without a new best;
 * - a day whose plan serves every request at the travel lower bound (day-bound.ts) is optimal
 *   and stops at once;
 * - the whole-day exact model costs a compilation (~0.3 s native, 1-3 s embedded on a busy 2-core
 *   machine) and runs only where it can gain (the search left requests out) on days small enough
 *   to finish (measured on the small sweep: days of up to 8 requests on up to 3 vehicles settle in
 *   under 200 failures; a 7-request day is proven in 42);
 * - model subproblems of the large-neighbourhood search are off: they improved 0 of 13 (small
 *   preset), 0 of 36 (medium) and none of the small sweep, at 1-2 s each.
 */
import { searchParameters, type RoutingCost, type SearchParameters } from '../../routing/index.ts';

/** The size of a day's routing instance. */
export interface DaySize {
  requests: number;
  vehicles: number;
}

/** Model strategies beyond the default (the `--profile` bench measures whether they pay). */
export interface PolicyOverrides {
  /** The exact model on every day within its size limits, even when the search served everything. */
  exactAlways?: boolean;
  /** Model subproblems of the large-neighbourhood search after the ruin and recreate. */
  lns?: boolean;
}

export interface DaySearchPolicy {
  /** The routing core's search of the day (its first wave). */
  search: SearchParameters;
  /** The whole-day exact model, run when the search left requests out; null: never. */
  exact: { failLimit: number } | null;
}

/** Further waves of legs that follow legs of the day: most waves, and the first wave's share of the day's time. */
export const WAVES = { max: 3, firstShare: 0.7 };

/** Days the exact model is expected to finish on (measured thresholds, see the header). */
export const EXACT_LIMIT: DaySize = { requests: 8, vehicles: 3 };
/**
 * Failure limit of the whole-day exact model (deterministic): the small days measured settle in
 * under 200 failures; native Gecode makes ~4,000 a second on this model, embedded fewer.
 */
const EXACT_FAIL_LIMIT = 2000;
/** Failure limit of a subproblem of the model search. */
const FAIL_LIMIT = 3000;
/** Model subproblems a day's search may solve (`--profile` only). */
const iterationBudget = (requests: number) => Math.min(400, 20 + 4 * requests);
/**
 * Moves of the TypeScript ruin and recreate (each costs milliseconds, a model call seconds).
 * 3,000 on a big day: medium seeds 1-5 planned as many legs as with 4,000 (1,843 against 1,844)
 * in about 4 s less, so the search ends by its budget, not the clock.
 */
const ruinRecreateBudget = (requests: number) => Math.min(3000, 200 + 20 * requests);
/**
 * Moves in a row without a new best that end the ruin and recreate: a small day settles in a
 * few dozen (the small sweep: no improvement after move 40 on any day of up to 10 requests);
 * a big day's budget ends it first.
 */
const stallMoves = (requests: number) => Math.max(40, 10 * requests);
/** Subproblems in a row without an improvement that end the model search (`--profile` only). */
const stallLimit = (requests: number) => (requests > 150 ? 4 : 8 + Math.ceil(requests / 4));

export function withinExactLimit(size: DaySize): boolean {
  return size.requests <= EXACT_LIMIT.requests && size.vehicles <= EXACT_LIMIT.vehicles;
}

/**
 * A day's search: ruin and recreate to its budget, stall or the target (every request served at
 * the travel lower bound on one vehicle); the exact model where it may gain; model subproblems
 * only when asked for.
 */
export function daySearchPolicy(size: DaySize, seed: number, deadline: number, target: RoutingCost | null, overrides: PolicyOverrides = {}): DaySearchPolicy {
  const lns = overrides.lns === true;
  return {
    search: searchParameters({ seed, deadline }, {
      ruinRecreate: {
        maxIterations: ruinRecreateBudget(size.requests),
        stallMoves: stallMoves(size.requests),
        share: lns ? (size.requests > 150 ? 0.85 : 0.5) : 1,
        progress: 'iterations',
        localSearch: false,
      },
      lns: lns
        ? { maxIterations: iterationBudget(size.requests), failLimit: FAIL_LIMIT, maxRoutes: 3, stallLimit: stallLimit(size.requests) }
        : { maxIterations: 0, failLimit: FAIL_LIMIT },
      target,
    }),
    exact: withinExactLimit(size) ? { failLimit: EXACT_FAIL_LIMIT } : null,
  };
}

/** A following wave: ruin and recreate only, from the day's routes. */
export function waveSearchParameters(requests: number, seed: number, deadline: number): SearchParameters {
  return searchParameters({ seed, deadline }, {
    ruinRecreate: { maxIterations: ruinRecreateBudget(requests), stallMoves: stallMoves(requests), share: 1, progress: 'iterations', localSearch: false },
    lns: { maxIterations: 0, failLimit: FAIL_LIMIT },
  });
}
