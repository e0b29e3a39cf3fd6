/**
 * The whole search: construction (or a given start), ruin and recreate, then large-neighbourhood
 * search with models/pdptw.mzn. Used by the planner (hours rules on) and the routing benchmarks
 * (hours off).
 */
import { evaluateSolution } from '../structures/evaluate.ts';
import { construct, dropPartialGroups, regretInsert } from './insertion.ts';
import { improveByLns, type LnsResult } from './lns.ts';
import type { RuinRecreateResult } from './ruin-recreate.ts';
import { ruinAndRecreateWithRestarts } from './restarts.ts';
import type { ModelSolver } from '../structures/model-solver.ts';
import type { SearchParameters } from '../structures/search-parameters.ts';
import type { RouteStop, RoutingCost, RoutingInstance, RoutingSolution } from '../structures/instance.ts';
import { now } from '../utils/clock.ts';

export interface RoutingSearchOptions {
  solver: ModelSolver;
  /** Solver tag for the subproblems. */
  solverTag: string;
  /** Seed, deadline and every tuning value (built by `searchParameters`). */
  parameters: SearchParameters;
  signal?: AbortSignal;
  onImprovement?: (cost: RoutingCost, iteration: number) => void;
  /**
   * Routes to start from instead of a construction (a feasible solution of the instance): the
   * requests on none of them are inserted into copies by regret insertion.
   */
  initial?: RoutingSolution;
  /**
   * A further test for the routes the ruin and recreate changes (the service's planner: its
   * hours engine); the start's routes are taken as they are, and the model search does
   * not see it. (Cleaning the start first measured worse: with many groups left out, nearly every
   * move then re-inserts one somewhere the test fails, and is rejected.)
   */
  routeFilter?: (vehicle: number, stops: readonly RouteStop[]) => boolean;
}

export interface RoutingOutcome {
  solution: RoutingSolution;
  cost: RoutingCost;
  /** Cost of the construction before the search. */
  constructed: RoutingCost;
  /** Requests the construction could not insert (left unserved unless the search placed them). */
  lns: LnsResult;
  /** The TypeScript ruin and recreate before the search (null: not run). */
  ruinRecreate: RuinRecreateResult | null;
  constructMs: number;
  /** Time in the model search. */
  lnsMs: number;
}

/** Constructs a first solution and improves it until the iteration budget or the deadline. */
export async function solveRouting(instance: RoutingInstance, options: RoutingSearchOptions): Promise<RoutingOutcome> {
  const constructStarted = now();
  const solution = options.initial === undefined ? construct(instance).solution : extend(instance, options.initial);
  const constructMs = now() - constructStarted;
  const first = evaluateSolution(instance, solution);
  if (!first.ok) throw new Error(`routing: the construction is infeasible: ${first.reason}`);
  let start = solution;
  let ruinRecreate: RuinRecreateResult | null = null;
  const { parameters } = options;
  if (parameters.ruinRecreate !== null && parameters.ruinRecreate.maxIterations > 0) {
    const startedAt = now();
    ruinRecreate = ruinAndRecreateWithRestarts(instance, start, {
      ...parameters.ruinRecreate,
      seed: parameters.seed,
      deadline: startedAt + Math.max(0, parameters.deadline - startedAt) * parameters.ruinRecreate.share,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.routeFilter === undefined ? {} : { routeFilter: options.routeFilter }),
      target: parameters.target,
      onImprovement: options.onImprovement === undefined ? undefined : (cost) => options.onImprovement?.(cost, 0),
    });
    start = ruinRecreate.solution;
  }
  const lnsStarted = now();
  const lns = await improveByLns(instance, start, {
    ...parameters.lns,
    // a start at the target leaves nothing for the models to find
    maxIterations: ruinRecreate?.stoppedBy === 'target' ? 0 : parameters.lns.maxIterations,
    solver: options.solver,
    solverTag: options.solverTag,
    deadline: parameters.deadline,
    seed: parameters.seed,
    // without failure limits the time limit is what bounds each subproblem
    subproblemTimeLimitMs: parameters.lns.subproblemTimeLimitMs ?? (options.solver.failLimits === true ? 10_000 : 2_000),
    signal: options.signal,
    onImprovement: options.onImprovement,
  });
  return { solution: lns.solution, cost: lns.cost, constructed: first.cost, constructMs, lns, lnsMs: now() - lnsStarted, ruinRecreate };
}

/** `initial` with the requests it leaves out inserted where they fit (whole groups only). */
function extend(instance: RoutingInstance, initial: RoutingSolution): RoutingSolution {
  const solution: RoutingSolution = { routes: initial.routes.map((stops) => stops.slice()) };
  const served = new Set(solution.routes.flat().map((stop) => stop.request));
  regretInsert(instance, solution, {
    requests: instance.requests.flatMap((_, index) => (served.has(index) ? [] : [index])),
    vehicles: instance.vehicles.map((_, index) => index),
  });
  dropPartialGroups(instance, solution);
  return solution;
}
