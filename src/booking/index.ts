/**
 * The booking check (docs/booking.md): `feasible` with a validated plan, `infeasible_proven`
 * with a proof (a pre-check or the relaxation model), or `unknown`; with verified alternatives.
 */
export { checkBooking, type BookingCheckInput, type BookingLogger } from './check.ts';
export { bookingModelData, type ModelData } from '../planning/relaxation/data.ts';
export { RELAXATION_MODEL } from '../planning/relaxation/run.ts';
export { prepareCheck } from './prepare.ts';
