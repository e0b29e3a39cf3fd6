import { assembleMatrix, emptyStopJourneys, type StopJourneys } from './assemble.ts';
import { estimateJourney } from './estimator.ts';
import { indexStops, relationCount, type Stop } from './stops.ts';
import type { JourneyProvider } from './types.ts';
import { provisionalWarning } from './warnings.ts';

/** Estimated journeys between every ordered pair of stops; computed once per unordered pair (the estimate is symmetric). */
export function estimateStopJourneys(stops: readonly Stop[]): StopJourneys {
  const count = stops.length;
  const journeys = emptyStopJourneys(count);
  for (let from = 0; from < count; from++) {
    for (let to = from + 1; to < count; to++) {
      const { minutes, km } = estimateJourney(stops[from]!, stops[to]!);
      for (const cell of [from * count + to, to * count + from]) {
        journeys.minutes[cell] = minutes;
        journeys.km[cell] = km;
      }
    }
  }
  return journeys;
}

/** The default provider: no network, deterministic, every answer `routing_profile_provisional`. */
export function createEstimatorProvider(): JourneyProvider {
  return {
    name: 'estimator',
    plan(places) {
      return { required: relationCount(places), fromCache: 0, upstream: 0, requestedRelations: 0, requests: 0 };
    },
    async matrix(places, { signal }) {
      signal?.throwIfAborted();
      const index = indexStops(places);
      return assembleMatrix(places, index, estimateStopJourneys(index.stops), [provisionalWarning()]);
    },
  };
}
