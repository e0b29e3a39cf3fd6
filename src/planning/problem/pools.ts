import type { EmptySource, Nugget, Place, Snapshot } from '../../contract/index.ts';
import { emptyAudience, fitsSource, type NuggetClaims } from './empties.ts';
import type { EmptyCandidate } from './types.ts';

export interface EmptySupply {
  pools: Record<EmptySource, EmptyCandidate[]>;
  /** deliver_empty leg id -> the eligible Nuggets reserved for it (any source; filter with `fitsSource`). */
  reserved: Map<string, { nugget: Nugget; candidate: EmptyCandidate }[]>;
}

export interface SupplyIndexes {
  placeIndex: Map<string, number>;
  nuggetIndex: Map<string, number>;
  /** Collect leg id -> its unit index. */
  collectUnit: Map<string, number>;
}

const byPlaceThenId = (nuggets: readonly Nugget[]) => (a: EmptyCandidate, b: EmptyCandidate) =>
  a.place - b.place || (nuggets[a.nugget]!.id < nuggets[b.nugget]!.id ? -1 : 1);

/** The shared pools of empties and the reservations, as `Unit.empties` and `PlanningProblem.emptyPools` describe. */
export function emptySupply(snapshot: Snapshot, claims: NuggetClaims, indexes: SupplyIndexes): EmptySupply {
  const places = new Map<string, Place>(snapshot.locations.map((place) => [place.id, place]));
  const supply: EmptySupply = { pools: { any_available: [], warehouse_only: [] }, reserved: new Map() };
  for (const nugget of snapshot.nuggets) {
    const audience = emptyAudience(nugget, claims);
    if (audience === 'none') continue;
    const place = places.get(nugget.location_id)!;
    const placeIndex = indexes.placeIndex.get(place.id);
    if (placeIndex === undefined) continue; // no leg can take it (see placesNeedingJourneys)
    const collectLeg = claims.collectedBy.get(nugget.id);
    const candidate: EmptyCandidate = {
      nugget: indexes.nuggetIndex.get(nugget.id)!,
      place: placeIndex,
      viaCollectUnit: collectLeg === undefined ? null : indexes.collectUnit.get(collectLeg)!,
    };
    if (audience !== 'pool') {
      const list = supply.reserved.get(audience) ?? [];
      list.push({ nugget, candidate });
      supply.reserved.set(audience, list);
      continue;
    }
    for (const source of ['any_available', 'warehouse_only'] as const) {
      if (fitsSource(nugget, place.type, source, claims)) supply.pools[source].push(candidate);
    }
  }
  const order = byPlaceThenId(snapshot.nuggets);
  supply.pools.any_available.sort(order);
  supply.pools.warehouse_only.sort(order);
  for (const list of supply.reserved.values()) list.sort((a, b) => order(a.candidate, b.candidate));
  return supply;
}
