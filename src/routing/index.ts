/**
 * The vehicle-routing core: a pickup-and-delivery problem with time windows, capacities and
 * optional hours rules (`models/pdptw.mzn` states it), and the search over it. It knows nothing
 * of the service's domain; the planner and the benchmarks translate into it.
 * - structures/: the instance, solutions, costs and the route evaluator;
 * - algorithms/: construction and insertion, ruin and recreate, the model-based
 *   large-neighbourhood search, the whole search, maximum-weight matching;
 * - utils/: the seeded generator, translation to and from the model's data.
 */
export type * from './structures/instance.ts';
export type { ModelOutcome, ModelRun, ModelSolver, ModelStatus } from './structures/model-solver.ts';
export { checkRoute, compareCost, evaluateSolution } from './structures/evaluate.ts';
export { applyInsertion, bestInsertion, construct, dropPartialGroups, feasibleInsertions, regretInsert } from './algorithms/insertion.ts';
export { ruinAndRecreate, type RuinRecreateOptions, type RuinRecreateResult } from './algorithms/ruin-recreate.ts';
export { ruinAndRecreateWithRestarts, runSeed } from './algorithms/restarts.ts';
export { memberSeed, Portfolio, searchMember, type PortfolioOutcome, type PortfolioTask, type PortfolioWorkerSpec } from './algorithms/portfolio.ts';
export { solveRouting, type RoutingOutcome, type RoutingSearchOptions } from './algorithms/solve.ts';
export { maxWeightMatching } from './algorithms/matching.ts';
export { pdptwData, pdptwRoutes } from './utils/pdptw-data.ts';
export { Random } from './utils/random.ts';
export { now, useClock, type Clock } from './utils/clock.ts';
export { searchParameters, type LnsParameters, type RuinRecreateParameters, type SearchParameterOverrides, type SearchParameters } from './structures/search-parameters.ts';
export { aborted, deadline, firstOf, maxIterations, noImprovement, type SearchProgress, type StopReason, type StoppingCriterion } from './algorithms/stopping.ts';
