import type { EmptySource, MovementLeg, Nugget, PlaceType } from '../../contract/index.ts';

/**
 * Which Nuggets may be delivered as empties, decided on snapshot data alone so that the
 * journey-place list, the normalised problem and the pre-checks agree.
 *
 * An empty is in service, off-hire and named by no move_nugget (those are going elsewhere).
 * It is open to every deliver_empty of a source (the pool) unless it is reserved: a Nugget
 * reserved for a deliver_empty is open to that leg only, one reserved for any other leg to none.
 * `warehouse_only` takes empties at a warehouse that no collect_empty names; `any_available`
 * takes them anywhere, those named by a collect_empty only through that collection.
 */
export interface NuggetClaims {
  /** Nugget ids named by any move_nugget. */
  moved: Set<string>;
  /** Nugget id -> id of the first collect_empty that names it. */
  collectedBy: Map<string, string>;
  /** deliver_empty leg id -> its empty source. */
  deliverSource: Map<string, EmptySource>;
}

export function nuggetClaims(legs: readonly MovementLeg[]): NuggetClaims {
  const claims: NuggetClaims = { moved: new Set(), collectedBy: new Map(), deliverSource: new Map() };
  for (const leg of legs) {
    if (leg.type === 'move_nugget') leg.nugget_ids.forEach((id) => claims.moved.add(id));
    else if (leg.type === 'collect_empty') {
      if (!claims.collectedBy.has(leg.nugget_id)) claims.collectedBy.set(leg.nugget_id, leg.id);
    } else claims.deliverSource.set(leg.id, leg.empty_source);
  }
  return claims;
}

export function isEmptyNugget(nugget: Nugget, claims: NuggetClaims): boolean {
  return nugget.availability === 'in_service' && nugget.on_hire_to_customer_id == null && !claims.moved.has(nugget.id);
}

/** Whether an empty may serve a deliver_empty of this source (reservation aside). */
export function fitsSource(nugget: Nugget, placeType: PlaceType, source: EmptySource, claims: NuggetClaims): boolean {
  return source === 'any_available' || (placeType === 'warehouse' && !claims.collectedBy.has(nugget.id));
}

/**
 * The deliver_empty legs an empty may serve: `'pool'` (every leg of a fitting source), the id of
 * the one leg it is reserved for, or `'none'`.
 */
export function emptyAudience(nugget: Nugget, claims: NuggetClaims): 'pool' | 'none' | string {
  if (!isEmptyNugget(nugget, claims)) return 'none';
  const reserved = nugget.reserved_for_movement_id;
  if (reserved == null) return 'pool';
  return claims.deliverSource.has(reserved) ? reserved : 'none';
}
