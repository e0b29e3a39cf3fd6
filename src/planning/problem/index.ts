export type * from './types.ts';
export { buildPlanningProblem, WALK_ROUND_CHECK_MINUTES } from './build.ts';
export { placesNeedingJourneys } from './places.ts';
export { candidateEmpties, eligiblePairs } from './candidates.ts';
export { driverQualified, lorryFits } from './eligibility.ts';
export type { JourneyTimes } from './journey.ts';
