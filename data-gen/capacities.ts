import type { Geography, LegRecord, NuggetState, Site } from './model.ts';
import type { Random } from './random.ts';

/**
 * Place capacities where they matter: every warehouse and handover point, and the properties
 * marked constrained (a small drive). A capacity is never below what is there now plus
 * everything any accepted leg could bring (every delivery, move and, at the warehouse, every
 * collection of its region), so the accepted legs can always be served in any order. The slack
 * above that is what proposed legs (`--booking`) may use.
 */
export function assignCapacities(rng: Random, geography: Geography, nuggets: readonly NuggetState[], legs: readonly LegRecord[]): void {
  const load = committedLoad(geography, nuggets, legs);
  for (const site of geography.sites) {
    if (!site.constrained) continue;
    const base = load.get(site) ?? 0;
    site.capacity = CAPACITY[site.type](rng, base);
  }
}

/** Per place: the Nuggets there now plus every Nugget an accepted leg could bring there. */
export function committedLoad(geography: Geography, nuggets: readonly NuggetState[], legs: readonly LegRecord[]): Map<Site, number> {
  const load = new Map<Site, number>();
  const add = (site: Site, count: number) => load.set(site, (load.get(site) ?? 0) + count);
  for (const nugget of nuggets) add(nugget.location, 1);
  for (const leg of legs) inbound[leg.type](leg as never, add, geography);
  return load;
}

type Add = (site: Site, count: number) => void;

const inbound: { [T in LegRecord['type']]: (leg: Extract<LegRecord, { type: T }>, add: Add, geography: Geography) => void } = {
  deliver_empty: (leg, add) => add(leg.destination, leg.quantity),
  move_nugget: (leg, add) => add(leg.destination, leg.nuggets.length),
  collect_empty: (leg, add, geography) => add(geography.regions[leg.region]!.warehouse, 1),
};

const roundUpTo = (value: number, step: number) => Math.ceil(value / step) * step;

/** The capacity of a place that must hold `base` Nuggets at most: warehouses in round numbers with 10 % room. */
const CAPACITY: Record<Site['type'], (rng: Random, base: number) => number> = {
  warehouse: (_rng, base) => roundUpTo(base + Math.max(5, Math.ceil(base * 0.1)), 5),
  handover_point: (rng, base) => Math.max(base + rng.int(1, 3), rng.int(4, 8)),
  customer_property: (rng, base) => Math.max(1, base + rng.int(0, 1)),
};
