/**
 * The planning pipeline behind both operations, as the HTTP layer's `Planner` port:
 * count and charge journey relations -> journey data -> normalised problem -> pre-checks ->
 * models -> manifests -> independent validation -> response. Nothing of the snapshot is kept.
 */
import {
  POLICY_VERSION,
  ServiceError,
  type BookingCheckResponse,
  type ManifestPlanResponse,
  type Place,
  type Snapshot,
} from '../contract/index.ts';
import type { Engine } from '../engine/index.ts';
import type { Planner, PlanningContext } from '../http/ports.ts';
import { relationCount, type JourneyMatrix, type JourneyProvider } from '../journey/index.ts';
import { assembleManifests } from './assembly/index.ts';
import { buildPlanningProblem, placesNeedingJourneys, type PlanningProblem } from './problem/index.ts';
import { planManifests, planValidator } from './solve/index.ts';
import { journeyFromMatrix, validatePlan } from './validator/index.ts';
import { planningWarnings } from './warnings/index.ts';
import { checkBooking } from '../booking/index.ts';

export interface PlannerDependencies {
  engine: Engine;
  journey: JourneyProvider;
  manifestSolver: string;
  bookingSolver: string;
  /** Fixed seed: the same request and configuration give the same plan. */
  seed?: number;
}

const DEFAULT_SEED = 20_260_302;

export function createPlanner(dependencies: PlannerDependencies): Planner {
  return {
    manifests: (snapshot, context) => planManifestsRequest(snapshot, context, dependencies),
    bookingCheck: (snapshot, context) => checkBookingRequest(snapshot, context, dependencies),
  };
}

/** Journey data for every place the plan may drive between, charged to the credential first. */
async function journeyFor(snapshot: Snapshot, context: PlanningContext, dependencies: PlannerDependencies, deadline: number): Promise<JourneyMatrix> {
  const byId = new Map<string, Place>(snapshot.locations.map((place) => [place.id, place]));
  const places = placesNeedingJourneys(snapshot).map((id) => byId.get(id)!);
  await context.chargeMatrixRelations(relationCount(places));
  return dependencies.journey.matrix(places, { deadline, signal: context.signal });
}

async function planManifestsRequest(snapshot: Snapshot, context: PlanningContext, dependencies: PlannerDependencies): Promise<ManifestPlanResponse> {
  const started = Date.now();
  const matrix = await journeyFor(snapshot, context, dependencies, started + context.solveAllowanceMs);
  const problem = buildPlanningProblem(snapshot, matrix);
  const { plan, evidence } = await planManifests(problem, dependencies.engine, {
    timeLimitMs: Math.max(0, context.solveAllowanceMs - (Date.now() - started)),
    seed: dependencies.seed ?? DEFAULT_SEED,
    solver: dependencies.manifestSolver,
    signal: context.signal,
    validate: planValidator(snapshot, problem),
    logger: context.logger,
  });
  const assembled = assembleManifests(problem, plan);
  const response: ManifestPlanResponse = {
    data_as_of: snapshot.data_as_of,
    manifests: assembled.manifests,
    unplanned_movements: assembled.unplanned_movements,
    warnings: planningWarnings({ snapshot, problem, journeyWarnings: matrix.warnings, manifests: assembled.manifests }),
    metadata: { generated_at: new Date().toISOString(), policy_version: POLICY_VERSION },
    evidence,
  };
  assertValid(snapshot, response, matrix, problem, context);
  return response;
}

/** The last line of defence: a plan that fails the independent validator is a bug and is never returned. */
function assertValid(snapshot: Snapshot, response: ManifestPlanResponse, matrix: JourneyMatrix, problem: PlanningProblem, context: PlanningContext): void {
  const violations = validatePlan(snapshot, response, journeyFromMatrix(matrix));
  if (violations.length === 0) return;
  context.logger.error({ violations: violations.slice(0, 20), violation_count: violations.length, legs: problem.legs.length }, 'plan failed validation');
  throw new ServiceError('internal_error', 'The planner produced a plan that failed validation; quote the request id to support.');
}

async function checkBookingRequest(snapshot: Snapshot, context: PlanningContext, dependencies: PlannerDependencies): Promise<BookingCheckResponse> {
  const started = Date.now();
  const matrix = await journeyFor(snapshot, context, dependencies, started + context.solveAllowanceMs);
  return checkBooking({
    snapshot,
    journey: matrix,
    engine: dependencies.engine,
    solver: dependencies.bookingSolver,
    allowanceMs: Math.max(0, context.solveAllowanceMs - (Date.now() - started)),
    seed: dependencies.seed ?? DEFAULT_SEED,
    signal: context.signal,
    logger: context.logger,
  });
}
