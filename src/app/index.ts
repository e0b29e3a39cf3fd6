/**
 * The application layer: the entry points a planning worker runs, one per operation, and
 * their ports. It imports nothing from src/http.
 */
import type { BookingCheckResponse, ManifestPlanResponse, Snapshot } from '../contract/index.ts';
import { checkBookingRequest } from './check-booking.ts';
import { planManifestsRequest } from './plan-manifests.ts';
import type { PlanningContext, PlanningDependencies, PlanningOperation } from './ports.ts';

export type { AppLogger, PlanningContext, PlanningDependencies, PlanningEvent, PlanningOperation, PlanningRequest } from './ports.ts';
export { DEFAULT_SEED as SERVICE_SEED, planManifestsRequest } from './plan-manifests.ts';
export { checkBookingRequest } from './check-booking.ts';
export { solveRecordOf, type SolveRecord } from './solve-record.ts';

type EntryPoint = (snapshot: Snapshot, context: PlanningContext, dependencies: PlanningDependencies) => Promise<ManifestPlanResponse | BookingCheckResponse>;

export const ENTRY_POINTS: Record<PlanningOperation, EntryPoint> = {
  manifests: planManifestsRequest,
  booking_checks: checkBookingRequest,
};
