import type { MovementLeg, Place, Snapshot } from '../../contract/index.ts';
import { emptyAudience, fitsSource, nuggetClaims } from './empties.ts';
import type { ProblemPlace } from './types.ts';

export function allLegs(snapshot: Snapshot): MovementLeg[] {
  return [...snapshot.movements, ...(snapshot.new_movements ?? [])];
}

const legPlaces: { [T in MovementLeg['type']]: (leg: Extract<MovementLeg, { type: T }>) => string[] } = {
  deliver_empty: (leg) => [leg.destination_id],
  collect_empty: (leg) => [leg.location_id],
  move_nugget: (leg) => [leg.origin_id, leg.destination_id],
};

/**
 * The place ids a plan may visit, so the journey data to fetch: every place a leg names, every
 * place of a candidate empty Nugget, every warehouse, and the start places of drivers and
 * lorries. In the order of `snapshot.locations`; this order is the place index of the problem.
 */
export function placesNeedingJourneys(snapshot: Snapshot): string[] {
  const needed = new Set<string>();
  const legs = allLegs(snapshot);
  for (const leg of legs) legPlaces[leg.type](leg as never).forEach((id) => needed.add(id));
  for (const place of snapshot.locations) if (place.type === 'warehouse') needed.add(place.id);
  for (const driver of snapshot.drivers) needed.add(driver.start_location_id ?? driver.home_warehouse_id);
  for (const lorry of snapshot.lorries) needed.add(lorry.start_location_id);

  const claims = nuggetClaims(legs);
  const sources = new Set(claims.deliverSource.values());
  const placeById = new Map(snapshot.locations.map((place) => [place.id, place]));
  for (const nugget of snapshot.nuggets) {
    const place = placeById.get(nugget.location_id)!;
    const audience = emptyAudience(nugget, claims);
    if (audience === 'none') continue;
    const legSources = audience === 'pool' ? [...sources] : [claims.deliverSource.get(audience)!];
    if (legSources.some((source) => fitsSource(nugget, place.type, source, claims))) needed.add(place.id);
  }
  return snapshot.locations.filter((place) => needed.has(place.id)).map((place) => place.id);
}

/** The problem's places, in the given order, with capacity and the Nuggets there at minute 0. */
export function buildPlaces(snapshot: Snapshot, placeIds: readonly string[]): ProblemPlace[] {
  const byId = new Map<string, Place>(snapshot.locations.map((place) => [place.id, place]));
  const occupancy = new Map<string, number>();
  for (const nugget of snapshot.nuggets) occupancy.set(nugget.location_id, (occupancy.get(nugget.location_id) ?? 0) + 1);
  return placeIds.map((id, index) => {
    const place = byId.get(id)!;
    return { index, id, type: place.type, capacity: place.nugget_capacity ?? null, initialOccupancy: occupancy.get(id) ?? 0 };
  });
}
