import type { Coordinate } from './geo.ts';
import type { JourneyPlace } from './types.ts';

/**
 * Coordinates are rounded to 5 decimal places (1e-5 degree: 1.1 m of latitude, at most 1.1 m
 * of longitude) before anything else happens. Places that round to the same coordinates are one
 * lorry stop: the journey between them is zero and they share every journey to other stops.
 * The rounded coordinates are what the providers are asked about and what the cache is keyed on,
 * so a matrix depends only on them (deterministic, and cached and fresh answers agree).
 */
export const COORDINATE_DECIMALS = 5;
const SCALE = 10 ** COORDINATE_DECIMALS;

export interface Stop extends Coordinate {
  /** Rounded coordinates as integers of 1e-5 degree, `"lat,lon"`: the cache key of the stop. */
  key: string;
}

export interface StopIndex {
  /** Distinct stops in order of first appearance among the places. */
  stops: Stop[];
  /** `stopOfPlace[p]` is the index in `stops` of `places[p]`. */
  stopOfPlace: number[];
}

function assertCoordinate(place: JourneyPlace, index: number): void {
  const valid =
    Number.isFinite(place.latitude) && Math.abs(place.latitude) <= 90 &&
    Number.isFinite(place.longitude) && Math.abs(place.longitude) <= 180;
  // Snapshot validation guarantees this; reaching here with bad data is a bug (a 500), not a 4xx.
  if (!valid) throw new RangeError(`journey: place ${index} (${place.id}) has no valid WGS84 coordinates`);
}

export function indexStops(places: readonly JourneyPlace[]): StopIndex {
  const stops: Stop[] = [];
  const stopOfPlace: number[] = [];
  const byKey = new Map<string, number>();
  places.forEach((place, index) => {
    assertCoordinate(place, index);
    const latitudeUnits = Math.round(place.latitude * SCALE);
    const longitudeUnits = Math.round(place.longitude * SCALE);
    const key = `${latitudeUnits},${longitudeUnits}`;
    let stop = byKey.get(key);
    if (stop === undefined) {
      stop = stops.length;
      byKey.set(key, stop);
      stops.push({ key, latitude: latitudeUnits / SCALE, longitude: longitudeUnits / SCALE });
    }
    stopOfPlace.push(stop);
  });
  return { stops, stopOfPlace };
}

/**
 * The road-matrix relations a request over these places needs: ordered pairs of distinct
 * stops, `k * (k - 1)` for `k` distinct rounded coordinates. It is known before any provider
 * is called, does not depend on the provider or the cache, and is the number the trial limits
 * count (see docs/journey.md, "Relations and trial limits").
 */
export function relationCount(places: readonly JourneyPlace[]): number {
  return relationsBetween(indexStops(places).stops.length);
}

/** Ordered pairs of distinct stops among `stopCount`. */
export function relationsBetween(stopCount: number): number {
  return stopCount * (stopCount - 1);
}
