/** Orchestration of the models: from the normalised problem to a validated plan (see plan-manifests.ts). */
export { planManifests, planWithSolver, type PlanManifestsOptions, type PlanManifestsResult, type PlanningEvidence, type PlanViolation } from './plan-manifests.ts';
export { planValidator } from './validation.ts';
// the day decomposition and scheduling, for data-gen/export.ts (the model data the planner builds)
export { buildDayInstance, commitDay, initialPlanningState, type DayInstance, type PlanningState } from './day-instance.ts';
export { daySlots, operatingSpan, type DayCrewState, type DutySlot } from './duties.ts';
export { DayLoop, type OperatingDay } from './day-loop.ts';
export { searchDayWithoutModels } from './day-search.ts';
export { firstWave } from './chains.ts';
export { scheduleDay, type ScheduledDuty } from './day-schedule.ts';
export { pdptwData, pdptwRoutes } from '../../routing/index.ts';
export { modelSolverOf, type SolvingEngine } from './engine-solver.ts';
export type { ModelOutcome, ModelRun, ModelSolver, ModelStatus } from './model-solver.ts';
