/** The exact model of a planning horizon (models/horizon.mzn) and its bridge: data, solve, decode, check. */
export { exactData, ExactUnsupported, type ExactDataOptions, type ExactInstance, type ExactLayout, type Slot } from './data.ts';
export { decodeSolution, type HorizonSolution } from './decode.ts';
export { fixedData, PlanShapeError, slotsNeeded, warmData } from './fix.ts';
export { checkPlanExact, HORIZON_MODEL, solveExact, type ExactEngine, type ExactResult, type ExactStats, type ExactStatus, type PlanCheck, type SolveExactOptions, type WarmStartOutcome } from './solve.ts';
