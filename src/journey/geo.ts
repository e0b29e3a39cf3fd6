/**
 * Mean Earth radius R1 = 6371.0088 km, the IUGG mean radius of the GRS 80 ellipsoid
 * (Moritz, "Geodetic Reference System 1980", Journal of Geodesy 74, 2000). The haversine on
 * a sphere of this radius is within 0.5 % of the ellipsoidal distance: far below the
 * uncertainty of the detour factor that multiplies it.
 */
export const EARTH_MEAN_RADIUS_KM = 6371.0088;

export interface Coordinate {
  latitude: number;
  longitude: number;
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/** Great-circle distance in km (haversine formula): exactly symmetric, zero for equal points. */
export function greatCircleKm(from: Coordinate, to: Coordinate): number {
  const lat1 = from.latitude * RADIANS_PER_DEGREE;
  const lat2 = to.latitude * RADIANS_PER_DEGREE;
  const halfDeltaLat = (lat2 - lat1) / 2;
  const halfDeltaLon = ((to.longitude - from.longitude) * RADIANS_PER_DEGREE) / 2;
  const a = Math.sin(halfDeltaLat) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(halfDeltaLon) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
