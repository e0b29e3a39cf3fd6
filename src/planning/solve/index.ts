/** Orchestration of the models: from the normalised problem to a validated plan (see plan-manifests.ts). */
export { planManifests, planWithSolver, type PlanManifestsOptions, type PlanManifestsResult, type PlanningEvidence, type PlanViolation } from './plan-manifests.ts';
export { planValidator } from './validation.ts';
export { modelSolverOf, type SolvingEngine } from './engine-solver.ts';
export type { ModelOutcome, ModelRun, ModelSolver, ModelStatus } from './model-solver.ts';
