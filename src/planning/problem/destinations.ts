import type { Nugget } from '../../contract/index.ts';
import { emptyAudience, type NuggetClaims } from './empties.ts';
import type { EmptyDestinations, ProblemLeg, ProblemPlace } from './types.ts';

/**
 * Where a collected empty may go: a warehouse that may ever have room, or on to a deliver_empty
 * that may take it (one of `any_available`, since it is taken through its collection, or the
 * one it is reserved for). Lists are shared between Nuggets with the same answer.
 */
export function collectDestinations(
  places: readonly ProblemPlace[],
  legs: readonly Omit<ProblemLeg, 'units'>[],
  unitsOfLeg: (leg: number) => number[],
  claims: NuggetClaims,
): (nugget: Nugget) => EmptyDestinations {
  const warehouses = places.filter((place) => place.type === 'warehouse' && (place.capacity === null || place.capacity > 0)).map((place) => place.index);
  const legIndex = new Map(legs.map((leg) => [leg.id, leg.index]));
  const poolUnits = legs
    .filter((leg) => claims.deliverSource.get(leg.id) === 'any_available')
    .flatMap((leg) => unitsOfLeg(leg.index));
  const none: number[] = [];
  return (nugget) => {
    const audience = emptyAudience(nugget, claims);
    if (audience === 'none') return { warehouses, deliverUnits: none };
    if (audience === 'pool') return { warehouses, deliverUnits: poolUnits };
    const reservedLeg = legIndex.get(audience)!;
    return { warehouses, deliverUnits: claims.deliverSource.get(audience) === 'any_available' ? unitsOfLeg(reservedLeg) : none };
  };
}
