/**
 * How much search a day gets: every budget and stopping rule of the day loop (day-loop.ts), for
 * the manifests path and the booking check alike, in one place: `SearchParameters` of the routing
 * core (src/routing), the planner's own model calls, the time shares of days and waves, the
 * repair rounds after the hours engine, and the booking check's insertion and local repair.
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
 *   under 200 failures; a 7-request day is proven in 42); the enumeration of the day's routings
 *   (day-exhaustive.ts, `EXHAUSTIVE`) answers first, and the model runs only when it runs out;
 * - the routing core's model subproblems (pdptw.mzn) are not run on the planner's days: they
 *   improved 0 of 13 (small preset), 0 of 36 (medium) and none of the small sweep, at 1-2 s each;
 * - the model neighbourhood is models/horizon.mzn's, after the day loop (`HORIZON_NEIGHBOURHOOD`),
 *   off by default: see there for what it cost and gained.
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
  /** The model neighbourhoods of models/horizon.mzn after the day loop (default `HORIZON_NEIGHBOURHOOD.enabled`). */
  horizonNeighbourhood?: boolean;
}

export interface DaySearchPolicy {
  /** The routing core's search of the day (its first wave). */
  search: SearchParameters;
  /** The whole-day exact model, run when the search left requests out; null: never. */
  exact: { failLimit: number } | null;
}

/** Further waves of legs that follow legs of the day: most waves, and the first wave's share of the day's time. */
export const WAVES = { max: 3, firstShare: 0.7 };

/**
 * The proof that a plan's left-out legs had to be left out (left-out-proof.ts): tried when it
 * leaves at most `maxLeftOut` legs out of at most `maxOfferedLegs` offered, one relaxation run per
 * candidate set on the manifest solver, each ended by `failLimit` search failures on Gecode (so
 * the answer does not depend on the machine; the tiny example's 6 legs: satisfiable in 0.4 s on
 * the native Gecode, against 3.2 s on the embedded Chuffed) and all within `limitMs` of the
 * request's time after planning; a run needs at least `minRunMs` to be worth starting.
 */
export const LEFT_OUT_PROOF = { maxLeftOut: 6, maxOfferedLegs: 60, failLimit: 50_000, limitMs: 3_000, minRunMs: 150 };

/**
 * The exact model (models/horizon.mzn) on a small manifests request (exact-request.ts): tried
 * after the planner and the left-out proof, only where legs are still left out without a proof,
 * on requests of at most `legs` offered legs, `drivers` drivers and `lorries` lorries; warm-started
 * from the planner's plan and ended by `failLimit` search failures on Gecode (the same answer on
 * any machine), within the request's time left (a run needs at least `minRunMs`).
 * Measured (scratch runs of solveExact warm-started from the planner's plan, proofs checked by the
 * engine's trust policy, 20,000 failures, load 4-7 on the shared 2-core machine): on 59 snapshots
 * of the differential test's generator (seeds 1-12, 1-3 drivers, 1-10 offered legs), native
 * Gecode's first solution was the planner's plan every time, after 0.07-1.04 s (median 0.28 s,
 * compile included); the budget ended the run after 0.4-4.7 s (median 1.3 s). It finishes (an
 * OPTIMAL, confirmed by CP-SAT) only on 1-3 offered legs: on 5 of the 59, all of 1-2 offered
 * legs, in 1.4-1.7 s, and on seed 50 (3 legs, 2 drivers) at 11,406 failures (1.2 s; 5.6 s with
 * the CP-SAT check at load 6-7); from 3 legs on 2 drivers no proof came within 9-19 s unbounded
 * (140,000-580,000 failures). Where the planner was short it served more on 3 of the 4 requests
 * of at most 3 offered legs, and on none of the 13 of 4-10 (with large-neighbourhood search,
 * lns_keep 80 and the same budget, on 1 of the 13, and on seed 40's 8 legs; 1-4 s each, no proof).
 * Embedded Gecode (19 snapshots): first solution 0.7-2.9 s (its compile), run 1.8-9.0 s (median
 * 3.1 s). Hence at most 3 offered legs; and only where the planner left legs out: a proof on
 * every small request would cost 1.4-7 s where the service answers in 0.03-0.1 s (the small
 * sweep of issue 20; the tiny example's 6 legs, one left out, cost 4-6 s more through the service
 * with the model at 8 legs, for no leg more).
 */
export const EXACT_REQUEST = { legs: 3, drivers: 3, lorries: 3, failLimit: 20_000, minRunMs: 500 };

/**
 * Days on which any duty may drop a collected empty at the warehouse on its way (not only a duty
 * based there, at its route's end): the small sweep has plannable days that need it (a driver
 * who must drop the empty before a late delivery; a duty based at a handover point); on the
 * medium preset's 400-request day it cost ~10 s of search and planned no more legs (368 against
 * 369 without it, allowance 120 s, load 7-8).
 */
export const FREE_DROPS = { requests: 40 };

/** Time kept back from a manifest request's allowance for scheduling, validation and assembly. */
export function reserveMs(limit: number): number {
  // a 20,000-leg plan takes seconds to validate, assemble and write (the service bench: 5 s kept
  // back left 2 s of a 120 s allowance)
  return Math.min(12_000, Math.round(limit * 0.1));
}

/**
 * Anytime: whether a day can still be started, judged by the last day's work outside the search
 * (building, construction, scheduling: not elastic); a day that would not finish is not started.
 */
export function dayFitsBefore(deadline: number, lastFixedMs: number, now = Date.now()): boolean {
  return now + 2 * lastFixedMs <= deadline;
}

/**
 * A day's share of the time left: an equal part for it and each later day that still has work
 * (`busyDays` counts it too); when legs follow legs of the day, its first wave gets
 * `WAVES.firstShare` of that and the following waves the rest.
 */
export function dayDeadlines(deadline: number, busyDays: number, followers: boolean, now = Date.now()): { day: number; firstWave: number } {
  const day = now + Math.max(0, deadline - now) / Math.max(1, busyDays);
  return { day, firstWave: followers ? now + (day - now) * WAVES.firstShare : day };
}

/**
 * The hours engine's repair of a routed day (day-schedule.ts): rounds of re-inserting the legs it
 * had to drop, and per leg the routes (cheapest to insert into first) and positions tried.
 */
export const SCHEDULE_REPAIR = { rounds: 3, routes: 8, positions: 24 };

/**
 * The booking check's budgets (src/booking): the check inserts the new legs into the plan of
 * the accepted legs, then repairs locally near them (no model runs in these steps), then runs
 * the relaxation model, a wider re-solve and, on a small check, the exact model.
 * - `insertionRounds`: rounds of re-inserting the new legs when the hours engine fails a route
 *   that received one (each schedules the day again);
 * - `repairShare`: share of the time left that the local repair may use (the re-solve and the
 *   exact model get the rest); the local repair's own budgets are `BOOKING_REPAIR`;
 * - `relaxationShare` / `relaxationShareAlone`: share of the allowance the relaxation model may
 *   take when alternatives are searched after it / when they are not (a margin for the answer);
 * - `feasibleAlternativesShare`: share of the allowance spent on alternatives when the proposed
 *   windows work;
 * - `exactLimits`: above these sizes the exact model (horizon.mzn) is not tried.
 */
export const BOOKING = {
  insertionRounds: 4,
  repairShare: 0.5,
  relaxationShare: 0.6,
  relaxationShareAlone: 0.95,
  feasibleAlternativesShare: 0.25,
  exactLimits: { legs: 12, drivers: 4, lorries: 4 },
} as const;

/** The local repair of a booking check (src/booking/planning/repair.ts): which routes, how many moves. */
export const BOOKING_REPAIR = {
  /** Routes of crews able to serve a missing new leg, at most (the nearest to it first). */
  ableRoutes: 16,
  /** Routes in the repair at most (the able ones, then the nearest others). */
  maxRoutes: 30,
  /** Moves at most (the deterministic stopping rule; the deadline may cut it shorter). */
  maxMoves: 4_000,
  /** Fixed seed: the same check gives the same answer when the move budget ends the search. */
  seed: 19,
  /** Most requests one ruin removes. */
  maxRemoved: 12,
};

/**
 * Nodes of the enumeration of a small day's routings (day-exhaustive.ts), tried before the exact
 * model on the days the model would get: a 2-request day takes a few dozen nodes, an 8-request
 * day on 3 vehicles may need millions (then the model is asked, as before). Each node costs a
 * route check (microseconds); the model call it replaces cost 3-10 s on the sweep's small days
 * (embedded Gecode, load 8-10).
 */
export const EXHAUSTIVE = { nodes: 200_000 };

/**
 * The model neighbourhood of the large-neighbourhood search (horizon-neighbourhood.ts): per
 * left-out leg, at most `duties` duties freed (and `idleDrivers` drivers with no duty) with at most
 * `leftOutLegs` left-out legs offered; each model run ended by `failLimit` failures (Gecode; the
 * time limit `timeLimitMs` is a safety net); at most `maxCalls` runs, stopped after `stallCalls`
 * in a row that planned nothing more; no run starts with less than `minRunMs` left.
 * The time limit is a safety net for a loaded machine (the test's small neighbourhood, one leg
 * and an idle driver, takes 1-2 s natively at load 8, compile included; embedded compiles are
 * slower). Off by default (`enabled`): it does not pay. On the medium preset (load 5-6) no run
 * of its 3-duty neighbourhoods (38-46 units) gave even its warm start back within 4 s (8 of 8, a
 * 4 s cap then), and the
 * failure limit does not end those runs (a run with 3,000 went past 60 s): the cap does; over 75
 * small differential snapshots where the search left legs out it planned one more leg on one.
 * What is fast: a freed duty with every arc fixed (fixed.mzn) but the two a left-out leg is
 * inserted after: 1.7-3.7 s, 1-7 failures (load 8); three arcs free: no answer within 15 s. As
 * an insertion check that would not pay either: the 9 one-unit legs medium leaves out, each in
 * its 2 nearest freeable duties at the first 4 of their 3-165 time-plausible position pairs, 68
 * runs of ~2 s (load 7-8): none feasible (16 UNSATISFIABLE, 52 unconfirmed claims or cut at 6 s).
 */
export const HORIZON_NEIGHBOURHOOD = { enabled: false, duties: 3, idleDrivers: 1, leftOutLegs: 3, failLimit: 2000, timeLimitMs: 10_000, maxCalls: 12, stallCalls: 4, minRunMs: 500 };

/** Days the exact model is expected to finish on (measured thresholds, see the header). */
export const EXACT_LIMIT: DaySize = { requests: 8, vehicles: 3 };
/**
 * Failure limit of the whole-day exact model (deterministic): the small days measured settle in
 * under 200 failures; native Gecode makes ~4,000 a second on this model, embedded fewer.
 */
const EXACT_FAIL_LIMIT = 2000;
/** Failure limit of a subproblem of the model search. */
const FAIL_LIMIT = 3000;
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

/**
 * The recreate the planner's days and waves were measured with (regret-2 half the time, greedy
 * at random the other half, no blinks): the routing core's default (SISR's orders and blinks)
 * was measured on the routing benchmarks only.
 */
const PLANNER_RECREATE = { regretShare: 0.5, insertionOrders: 'random', blinkRate: 0 } as const;

export function withinExactLimit(size: DaySize): boolean {
  return size.requests <= EXACT_LIMIT.requests && size.vehicles <= EXACT_LIMIT.vehicles;
}

/**
 * A day's search: ruin and recreate to its budget, stall or the target (every request served at
 * the travel lower bound on one vehicle); the exact model where it may gain.
 */
export function daySearchPolicy(size: DaySize, seed: number, deadline: number, target: RoutingCost | null): DaySearchPolicy {
  return {
    search: searchParameters({ seed, deadline }, {
      ruinRecreate: {
        maxIterations: ruinRecreateBudget(size.requests),
        stallMoves: stallMoves(size.requests),
        // a day's search ends at its stall; it does not start again
        restartAfter: null,
        // route elimination as long as the day's budget lasts
        eliminationGiveUp: null,
        share: 1,
        progress: 'iterations',
        localSearch: false,
        ...PLANNER_RECREATE,
      },
      // the routing core's model subproblems (pdptw.mzn) never paid on the planner's days; the
      // model neighbourhood is models/horizon.mzn's, after the day loop (horizon-neighbourhood.ts)
      lns: { maxIterations: 0, failLimit: FAIL_LIMIT },
      target,
    }),
    exact: withinExactLimit(size) ? { failLimit: EXACT_FAIL_LIMIT } : null,
  };
}

/** A following wave: ruin and recreate only, from the day's routes. */
export function waveSearchParameters(requests: number, seed: number, deadline: number): SearchParameters {
  return searchParameters({ seed, deadline }, {
    ruinRecreate: { maxIterations: ruinRecreateBudget(requests), stallMoves: stallMoves(requests), restartAfter: null, eliminationGiveUp: null, share: 1, progress: 'iterations', localSearch: false, ...PLANNER_RECREATE },
    lns: { maxIterations: 0, failLimit: FAIL_LIMIT },
  });
}
