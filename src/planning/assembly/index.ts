export { assembleManifests, type AssembledPlan } from './assemble.ts';
export { minuteFormatter } from './time.ts';
export { unplannedMovement } from './unplanned.ts';
