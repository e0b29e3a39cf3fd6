import type { PlanningWarning } from '../contract/index.ts';
import type { StopIndex } from './stops.ts';
import type { JourneyMatrix, JourneyPlace } from './types.ts';
import { incompleteWarning } from './warnings.ts';

/** Journeys between the stops of one request, row-major (`from * stopCount + to`), zero on the diagonal. */
export interface StopJourneys {
  minutes: Int32Array;
  km: Float64Array;
  /** 1 where the provider had no road data and the estimator filled in. */
  fallback: Uint8Array;
}

export function emptyStopJourneys(stopCount: number): StopJourneys {
  const cells = stopCount * stopCount;
  return { minutes: new Int32Array(cells), km: new Float64Array(cells), fallback: new Uint8Array(cells) };
}

/**
 * Expands journeys between stops into the place-by-place matrices (places at one stop get
 * zero between them) and adds `routing_profile_incomplete` when any pair fell back.
 */
export function assembleMatrix(places: readonly JourneyPlace[], { stops, stopOfPlace }: StopIndex, journeys: StopJourneys, warnings: PlanningWarning[]): JourneyMatrix {
  const count = places.length;
  const stopCount = stops.length;
  const minutes: number[][] = [];
  const km: number[][] = [];
  const fallback: boolean[][] = [];
  const affected = new Uint8Array(count);
  let estimatedPairs = 0;
  let journeyCount = 0;
  for (let from = 0; from < count; from++) {
    const rowStart = stopOfPlace[from]! * stopCount;
    const minutesRow = new Array<number>(count);
    const kmRow = new Array<number>(count);
    const fallbackRow = new Array<boolean>(count);
    for (let to = 0; to < count; to++) {
      const cell = rowStart + stopOfPlace[to]!;
      minutesRow[to] = journeys.minutes[cell]!;
      kmRow[to] = journeys.km[cell]!;
      fallbackRow[to] = journeys.fallback[cell] === 1;
      if (stopOfPlace[from] !== stopOfPlace[to]) journeyCount++;
      if (fallbackRow[to]) {
        affected[from] = 1;
        affected[to] = 1;
        estimatedPairs++;
      }
    }
    minutes.push(minutesRow);
    km.push(kmRow);
    fallback.push(fallbackRow);
  }
  const allWarnings = [...warnings];
  if (estimatedPairs > 0) {
    const affectedIds = [...new Set(places.filter((_, index) => affected[index] === 1).map((place) => place.id))];
    allWarnings.push(incompleteWarning(estimatedPairs, journeyCount, affectedIds));
  }
  return { placeIds: places.map((place) => place.id), minutes, km, fallback, estimatedPairs, warnings: allWarnings };
}
