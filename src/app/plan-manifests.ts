/**
 * POST /v1/manifests as one call a planning worker makes: charge and fetch journey data ->
 * normalised problem -> pre-checks and models (src/planning/solve) -> manifests assembled and
 * validated once -> response. Nothing of the snapshot is kept.
 */
import { POLICY_VERSION, ServiceError, type ManifestPlanResponse, type Snapshot } from '../contract/index.ts';
import { buildPlanningProblem } from '../planning/problem/index.ts';
import { planManifests } from '../planning/solve/index.ts';
import { journeyFor } from './journey.ts';
import type { PlanningContext, PlanningDependencies } from './ports.ts';
import { validatedAssembly } from './validated-assembly.ts';

export const DEFAULT_SEED = 20_260_302;

export async function planManifestsRequest(snapshot: Snapshot, context: PlanningContext, dependencies: PlanningDependencies): Promise<ManifestPlanResponse> {
  const started = Date.now();
  const matrix = await journeyFor(snapshot, context, dependencies, started + context.solveAllowanceMs);
  const problem = buildPlanningProblem(snapshot, matrix);
  const assembly = validatedAssembly(snapshot, problem, matrix.warnings, context);
  const { plan, evidence } = await planManifests(problem, dependencies.engine, {
    timeLimitMs: Math.max(1, context.solveAllowanceMs - (Date.now() - started)),
    seed: dependencies.seed ?? DEFAULT_SEED,
    solver: dependencies.manifestSolver,
    signal: context.signal,
    validate: assembly.validate,
    logger: context.logger,
  });
  const { body, violations } = assembly.passedBody(plan);
  // the last line of defence: a plan that fails the independent validator is never returned
  if (violations.length > 0) throw new ServiceError('internal_error', 'The planner produced a plan that failed validation; quote the request id to support.');
  return { ...body, metadata: { generated_at: new Date().toISOString(), policy_version: POLICY_VERSION }, evidence };
}
