import type { JourneyPlace } from '../../../src/journey/index.ts';
import type { LonLat } from './matrix-servers.ts';

export const LONDON: JourneyPlace = { id: 'london', latitude: 51.5074, longitude: -0.1278 };
export const BIRMINGHAM: JourneyPlace = { id: 'birmingham', latitude: 52.4862, longitude: -1.8904 };
export const MANCHESTER: JourneyPlace = { id: 'manchester', latitude: 53.4808, longitude: -2.2426 };
export const LEEDS: JourneyPlace = { id: 'leeds', latitude: 53.8008, longitude: -1.5491 };
export const BRISTOL: JourneyPlace = { id: 'bristol', latitude: 51.4545, longitude: -2.5879 };
export const CITIES = [LONDON, BIRMINGHAM, MANCHESTER, LEEDS, BRISTOL];

/** `count` distinct places on a grid around Leeds, 0.01 degree apart (about 1 km). */
export function gridPlaces(count: number, prefix = 'p'): JourneyPlace[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}${index}`,
    latitude: 53.7 + Math.floor(index / 20) * 0.01,
    longitude: -1.6 + (index % 20) * 0.01,
  }));
}

export function lonLat(place: JourneyPlace): LonLat {
  return [place.longitude, place.latitude];
}
