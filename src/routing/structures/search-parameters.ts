/**
 * Every tuning value of the search in one object, built in one place (`searchParameters`), as
 * PyVRP's one parameters object: a caller states only what differs from the defaults, and the
 * defaults carry the measurements that chose them.
 */
import type { RoutingCost } from './instance.ts';

/** The TypeScript ruin and recreate (and the local search between its ruins). */
export interface RuinRecreateParameters {
  /** Moves at most, both phases together (the deterministic stopping rule). */
  maxIterations: number;
  /**
   * Share of the time to the deadline it may use (the model search has the rest). 1 by default:
   * at 30 s with 0.7 (main 5c1d6bb, all 56 Li & Lim and 56 Solomon instances, load 2-9) no
   * pdptw.mzn subproblem improved the routes on any of the 112; at 30 s on R205 R208 R209 RC202 RC206 (seed 1, load 8-9, back to back), 0.7 left 9 s to 31
   * pdptw.mzn subproblems of which one improved the routes, for a mean gap of 5.14 %; the whole
   * budget for the ruin and recreate gave 2.42 % (R209 5.81 -> 2.80 %, RC202 12.70 -> 7.26 %,
   * RC206 5.84 -> 0.86 %, R205 0.95 -> 0.76 %, R208 0.41 % both).
   */
  share: number;
  /**
   * How far the search has come: moves made against \`maxIterations\` (deterministic), or the
   * clock against the deadline (\`time\`: benchmarks, whose budget is seconds). Route
   * elimination's safety caps follow it; the acceptance threshold follows it only with
   * \`iterations\` (with \`time\` it follows \`thresholdCycle\`, moves again).
   */
  progress: 'iterations' | 'time';
  /** Start threshold of the record-to-record acceptance, as a fraction of the best travel. */
  threshold: number;
  /**
   * With \`progress\` \`time\`: travel moves per request over which the acceptance threshold falls
   * from \`threshold\` to 0, then starts again (always a share of the best routes' travel).
   * Counted: a machine's speed does not change which moves it accepts (the threshold followed the
   * clock before). 60, measured on R205 R208 R209 RC202 RC206 RC208 (ruin and recreate alone),
   * mean gap at the best-known vehicle count, the clock's schedule against cycles of 60:
   * seeds 1-2 at 15 s each, the two side by side (load 5-8): 4.33 % against 3.61 %; all 112 at
   * 0.5 s, seeds 1-2, side by side: 44 runs over the vehicle count and 5.75 % against 41 and
   * 5.55 %. Over a budget of 4,000 moves (seeds 1-3), one fall over the budget gave 3.67 %,
   * cycles of 60 moves per request 3.29 % (of 20: 3.51 %).
   */
  thresholdCycle: number;
  /**
   * Route elimination (vehicles-first instances): the progress (moves, or the clock when
   * \`progress\` is \`time\`) its first round may reach, and half of it what each later round may
   * add; a safety cap, as rounds end by their counted patience. 0: no route elimination.
   * At 0.5 s (all 112, seed 1, 5c1d6bb) route elimination took about half the time: first rounds
   * 32 % of the budget (71 of 112 emptied a route, 80 times at the first route tried; the
   * attempts after a route had resisted emptied 13 of 552, 20 % of the budget), later rounds
   * 16 % (4 of 87 emptied one). Cutting that time measured no better (588e106, all 112 at 0.5 s,
   * seeds 1-3 on a CPU-time clock; VROOM-within-1 % misses and runs over the best-known vehicle
   * count, against 12 and 43 at 0.5): 0.25, 13 and 46; a round ending at the first route that
   * resists, 10 and 52; ending so only once it has emptied one, 10 and 45.
   */
  eliminationShare: number;
  /**
   * Route elimination rounds in a row (in the travel phase) that empty no route, after which the
   * run makes no more (null: no limit; the planner's days and the booking repair keep none). 3:
   * a round, the retrace and a round from the retraced routes, and one more (ruin-recreate.ts
   * retraces after one round that empties nothing). Each round is twice as
   * patient, so twice as long, as the one before: traced at 30 s of process CPU time on R112,
   * R211 and RC207 (seed 1, 7 runs), rounds 5 and 6 took 18 s of the 90 s and emptied no route,
   * and no round after the 4th emptied one (with restarts, the next run eliminates afresh from
   * the start routes with its own seed). The time goes to the travel phase. Against no limit,
   * 30 s of process CPU time (bench --clock cpu, a87f9da, load 3-4.5), R107 R109 R110 R112 R205
   * R211 RC202 RC207 seeds 1-2: mean gap at the best-known vehicle count 2.13 -> 2.08 % (every
   * run at the count both; 6 better, 3 worse, 7 the same: within the seeds' noise); R104 RC106
   * R201 R208 RC101 RC208 C101 C201 seed 1 (3b74fe8): the same distances and counts.
   */
  eliminationGiveUp: number | null;
  /**
   * Requests left out that a move offers again, at most (a random choice each move): on a big
   * day hundreds are out, and trying each in every route on every move made a move cost 200 ms.
   */
  unservedOffered: number;
  /** Most requests one ruin removes (and at most a quarter of those served). */
  maxRemoved: number;
  /**
   * Share of recreates by regret-2 insertion; the others insert greedily, one request at a time.
   * 0.2, with \`insertionOrders\` 'sisr' and \`blinkRate\` 0.01 (Christiaens & Vanden Berghe's
   * recreate), against 0.5, at random and no blinks before: ruin and recreate alone for 10 s of
   * process CPU time (a scratch harness reading Date.now as CPU time, so the machine's load does
   * not cut the budget), R205 R208 R209 RC202 RC206, seeds 1-2: mean gap at the best-known
   * vehicle count 2.44 -> 1.26 %, better on 7 of 10 (R208 3.04 -> 0.58 and 2.32 -> 0.35 %),
   * every one at the same vehicle count; lr203 0.31 % both. R101 R104 R110 RC101 RC102 RC105
   * RC106 at 8 s, seed 1: the same vehicle counts, distances within 0.3 % but RC105 (0 -> 1.92 %).
   * At 0.5 s (R105 R205 RC104 C104 lr106 lr202 lr209 lrc205 lr112 RC208, seeds 1-3) it is mixed:
   * over the best-known count 2 -> 1 runs, mean gap at the count 5.99 -> 7.12 % (R105 and lr202
   * better in each seed, C104 and lrc205 worse in each).
   */
  regretShare: number;
  /** The greedy recreate's order: at random, or SISR's sorted orders (see ruin-recreate.ts). */
  insertionOrders: 'random' | 'sisr';
  /** The greedy recreate passes over each feasible position with this probability (SISR's blinks; 0: none). */
  blinkRate: number;
  /** Local search between ruins (operators by weight, see local-search.ts); false: none. */
  localSearch: boolean;
  /** Moves in a row without a new best that end the travel phase (null: only the budget). */
  stallMoves: number | null;
  /**
   * Travel moves per request in a row without a new best after which the run ends and, with
   * budget left, an independent run starts from the same start routes with another seed
   * (restarts.ts; null: one run). Counted (route elimination's moves left out), so the same seed
   * and move budget give the same runs. 30, against one run, 30 s of process CPU time each
   * (scratch harness, Date.now read as CPU time; load 4-9): R109 R211 RC207 R112 RC202 R110 R107,
   * seed 2, mean gap at the best-known vehicle count 3.15 -> 1.90 % (R110 7.72 -> 1.59, R112
   * 5.56 -> 1.99, R211 4.94 -> 3.80; RC202 -0.11 -> 1.64, RC207 0.63 -> 0.95), seed 1 2.29 %
   * (3.41 % in the main's 30 s run, seed 1); R205 R208 R202 R207 RC108 R209 R103 (late to come
   * within 1 % of the best-known in a 30 s run, 9-24 s), seed 1: 0.16 -> 0.25 % (R205 0.18 ->
   * 0.76 %: a run cut at its stall that would have improved; the others the same). Never
   * reached at 0.5 s (all 112, seed 1: one run each). The planner's days end at their stall
   * instead (null there).
   */
  restartAfter: number | null;
}

/** The large-neighbourhood search whose subproblems are models/pdptw.mzn. */
export interface LnsParameters {
  /** Subproblems at most (the deterministic stopping rule). */
  maxIterations: number;
  /** Failure limit per subproblem (deterministic), or null for time only. */
  failLimit: number | null;
  /** Stop after this many subproblems in a row without an improvement (null: never). */
  stallLimit: number | null;
  /** Most routes one neighbourhood opens (null: no cap). */
  maxRoutes: number | null;
  /** Most requests a subproblem frees. */
  maxRemoved: number;
  /** Stops kept on either side of the freed ones before a long route is cut (null: never cut). */
  margin: number | null;
  /**
   * Time limit per subproblem, a safety net under the failure limit (null: 10 s when the solver
   * honours failure limits, else 2 s, since then the time limit is what bounds a subproblem).
   */
  subproblemTimeLimitMs: number | null;
}

export interface SearchParameters {
  seed: number;
  /** The time, on the core's clock (utils/clock.ts: epoch milliseconds but in a benchmark), by which the whole search stops. */
  deadline: number;
  /** null: no ruin and recreate before the model search. */
  ruinRecreate: RuinRecreateParameters | null;
  lns: LnsParameters;
  /** A cost nothing can beat (a lower bound met), or null: both searches stop on reaching it. */
  target: RoutingCost | null;
}

export interface SearchParameterOverrides {
  ruinRecreate?: Partial<RuinRecreateParameters> | null;
  lns?: Partial<LnsParameters>;
  target?: RoutingCost | null;
}

const RUIN_RECREATE_DEFAULTS: RuinRecreateParameters = {
  maxIterations: 1_000_000_000,
  share: 1,
  progress: 'time',
  threshold: 0.03,
  thresholdCycle: 60,
  eliminationShare: 0.5,
  eliminationGiveUp: 3,
  unservedOffered: 40,
  maxRemoved: 30,
  regretShare: 0.2,
  insertionOrders: 'sisr',
  blinkRate: 0.01,
  localSearch: true,
  stallMoves: null,
  restartAfter: 30,
};

const LNS_DEFAULTS: LnsParameters = {
  maxIterations: 1_000_000,
  failLimit: 3000,
  stallLimit: null,
  maxRoutes: null,
  maxRemoved: 14,
  margin: 4,
  subproblemTimeLimitMs: null,
};

/** The parameters of one search: the defaults with `overrides` on top (`ruinRecreate: null` switches it off). */
export function searchParameters(required: { seed: number; deadline: number }, overrides: SearchParameterOverrides = {}): SearchParameters {
  return {
    seed: required.seed,
    deadline: required.deadline,
    ruinRecreate: overrides.ruinRecreate === null ? null : { ...RUIN_RECREATE_DEFAULTS, ...overrides.ruinRecreate },
    lns: { ...LNS_DEFAULTS, ...overrides.lns },
    target: overrides.target ?? null,
  };
}
