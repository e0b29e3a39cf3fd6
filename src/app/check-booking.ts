/** POST /v1/booking-checks as one call a planning worker makes: charge and fetch journey data, then the booking check (src/booking). */
import type { BookingCheckResponse, Snapshot } from '../contract/index.ts';
import { checkBooking } from '../booking/index.ts';
import { journeyFor } from './journey.ts';
import { DEFAULT_SEED } from './plan-manifests.ts';
import type { PlanningContext, PlanningDependencies } from './ports.ts';

export async function checkBookingRequest(snapshot: Snapshot, context: PlanningContext, dependencies: PlanningDependencies): Promise<BookingCheckResponse> {
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
