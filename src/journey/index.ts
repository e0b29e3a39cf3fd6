/**
 * HGV journey data: one provider interface over the embedded estimator, OpenRouteService and
 * OSRM, with relation counting and an in-process cache. See docs/journey.md.
 */
export type { JourneyLogger, JourneyMatrix, JourneyPlace, JourneyProvider, JourneyRuntime, MatrixRequestOptions, RelationPlan } from './types.ts';
export { JOURNEY_DEFAULTS, JOURNEY_PROVIDER_NAMES, JourneyOptions, PROVIDER_REQUEST_LIMITS, type JourneyProviderName } from './options.ts';
export { createJourneyProvider } from './create.ts';
export { COORDINATE_DECIMALS, relationCount } from './stops.ts';
export { DETOUR_FACTOR, MANOEUVRING_MINUTES, SPEED_BANDS, SPEED_LIMITER_KMH, drivingHours, estimateJourney, type EstimatedJourney } from './estimator.ts';
