import { apportion, type CustomerIds } from './geography.ts';
import { collectEmpty, deliverEmpty, moveNugget, type LegContext } from './legs.ts';
import type { LegRecord, NuggetState, Region, Site } from './model.ts';
import type { NuggetPool } from './nuggets.ts';

/**
 * The accepted legs, made the way the platform makes them: from customer bookings (a new hire, the
 * end of a hire, into or out of storage, a house move...), each translated into one or two legs.
 * Legs of a region and day are in proportion to the crews working there that day. Nuggets come
 * from the pool: named Nuggets are where the leg picks them up (or an earlier leg brings them
 * there), deliveries have their empties set aside at the warehouse (or collected on an earlier day).
 */

/** `quantity` of a delivery of empties, and `nugget_ids` of a move: mostly one or two. */
const DELIVERY_QUANTITIES = [[1, 62], [2, 25], [3, 8], [4, 3], [6, 1.5], [8, 0.5]] as const;
const MOVE_COUNTS = [[1, 70], [2, 18], [3, 7], [4, 3], [5, 1], [6, 1]] as const;
const RESERVED_SHARE = 0.3;
const WAREHOUSE_ONLY_SHARE = 0.3;

type TemplateName =
  | 'new_hire'
  | 'handover_delivery'
  | 'end_of_hire'
  | 'swap'
  | 'into_storage'
  | 'out_of_storage'
  | 'relocation'
  | 'house_move_via_storage'
  | 'handover_return'
  | 'reposition_empties';

const TEMPLATE_WEIGHTS: Record<TemplateName, number> = {
  new_hire: 28,
  handover_delivery: 4,
  end_of_hire: 18,
  swap: 5,
  into_storage: 15,
  out_of_storage: 13,
  relocation: 5,
  house_move_via_storage: 5,
  handover_return: 4,
  reposition_empties: 3,
};
const TEMPLATES = Object.keys(TEMPLATE_WEIGHTS) as TemplateName[];
/** The first bookings of every snapshot, so that even `tiny` has every leg type and a reserved Nugget. */
const OPENING: readonly TemplateName[] = ['new_hire', 'end_of_hire', 'into_storage', 'out_of_storage'];

export function generateAcceptedLegs(ctx: LegContext, pool: NuggetPool, customers: CustomerIds): LegRecord[] {
  return new AcceptedLegs(ctx, pool, customers).generate();
}

class AcceptedLegs {
  private readonly legs: LegRecord[] = [];
  /** Legs still to make, per region and day. */
  private readonly quota: number[][];
  private bookings = 0;
  private opened = 0;

  constructor(
    private readonly ctx: LegContext,
    private readonly pool: NuggetPool,
    private readonly customers: CustomerIds,
  ) {
    const { geography, calendar, board, preset } = ctx;
    const cells = geography.regions.flatMap((region) => calendar.days.map((day) => board.crews(region.index, day.index).length));
    const flat = apportion(preset.legs, cells);
    this.quota = geography.regions.map((region) => flat.slice(region.index * calendar.days.length, (region.index + 1) * calendar.days.length));
  }

  generate(): LegRecord[] {
    const { calendar, geography } = this.ctx;
    for (const day of calendar.days) {
      for (const region of geography.regions) {
        while (this.quota[region.index]![day.index]! > 0) this.book(region, day.index);
      }
    }
    return this.numbered();
  }

  /** One booking: the opening templates first, then by weight; a template that cannot be made gives way to another. */
  private book(region: Region, day: number): void {
    const opening = this.opened < OPENING.length ? OPENING[this.opened++] : undefined;
    const candidates = this.ctx.rng.weightedOrder(TEMPLATES, (name) => TEMPLATE_WEIGHTS[name]);
    for (const name of opening === undefined ? candidates : [opening, ...candidates]) {
      if (this.make(name, region, day, opening !== undefined)) return;
    }
    throw new Error(`no booking could be made in ${region.key} on day ${day}`);
  }

  private make(name: TemplateName, region: Region, day: number, opening: boolean): boolean {
    const hasHandover = region.handovers.length > 0;
    switch (name) {
      case 'new_hire':
        return this.newHire(region, day, this.ctx.rng.pick(region.properties), opening);
      case 'handover_delivery':
        return hasHandover && this.newHire(region, day, this.ctx.rng.pick(region.handovers), false);
      case 'end_of_hire':
        return this.endOfHire(region, day);
      case 'swap':
        return this.left(region, day) >= 2 && this.swap(region, day);
      case 'into_storage':
        return this.move(region, day, 'customer_property', region.warehouse, this.newBooking()) !== undefined;
      case 'out_of_storage':
        return this.move(region, day, 'warehouse', undefined, this.newBooking()) !== undefined;
      case 'relocation':
        return this.move(region, day, 'customer_property', undefined, this.newBooking()) !== undefined;
      case 'house_move_via_storage':
        return this.houseMoveViaStorage(region, day);
      case 'handover_return':
        return hasHandover && this.move(region, day, 'handover_point', region.warehouse, this.newBooking()) !== undefined;
      case 'reposition_empties':
        return hasHandover && this.repositionEmpties(region, day);
    }
  }

  private left(region: Region, day: number): number {
    return this.quota[region.index]![day]!;
  }

  private add(leg: LegRecord): LegRecord {
    this.legs.push(leg);
    this.quota[leg.region]![leg.day]! -= 1;
    return leg;
  }

  private newBooking(): string {
    return `bk-${++this.bookings}`;
  }

  /** A delivery of empties; never fails (without empties left in the budget it is oversubscribed). */
  private newHire(region: Region, day: number, destination: Site, reserve: boolean, bookingId = this.newBooking(), quantity?: number): true {
    const { rng, calendar, preset } = this.ctx;
    const count = quantity ?? rng.weighted(DELIVERY_QUANTITIES.filter(([value]) => value <= preset.maxNuggetsPerLeg));
    const emptySource = rng.chance(WAREHOUSE_ONLY_SHARE) ? 'warehouse_only' : 'any_available';
    // An `any_available` delivery may be served by an empty collected on an earlier day.
    const recycled = emptySource === 'any_available' ? this.pool.takeCollected(region.index, count, calendar.at(day, 0)) : [];
    const fresh =
      this.pool.createMany(count - recycled.length, {
        role: 'leg',
        region: region.index,
        availability: 'in_service',
        location: region.warehouse,
        hiredTo: null,
      }) ?? [];
    if (recycled.length + fresh.length < count) this.ctx.stats.oversubscribed += 1;
    const leg = this.add(deliverEmpty(this.ctx, { id: '', bookingId, region: region.index, day, destination, quantity: count, emptySource }));
    if (fresh.length > 0 && (reserve || rng.chance(RESERVED_SHARE))) {
      const reserved = rng.chance(0.7) ? fresh.length : rng.int(1, fresh.length);
      for (const nugget of fresh.slice(0, reserved)) nugget.reservedFor = leg;
    }
    return true;
  }

  /** A customer ends a hire: one collection per emptied Nugget at the property. */
  private endOfHire(region: Region, day: number, property = this.ctx.rng.pick(region.properties), bookingId = this.newBooking()): boolean {
    const count = Math.min(this.left(region, day), this.ctx.rng.weighted([[1, 75], [2, 25]] as const));
    let made = 0;
    for (let k = 0; k < count; k++) {
      const nugget = this.pool.create({ role: 'leg', region: region.index, availability: 'in_service', location: property, hiredTo: null });
      if (nugget === undefined) break;
      this.add(collectEmpty(this.ctx, { id: '', bookingId, region: region.index, day, nugget }));
      this.pool.addCollected(nugget);
      made += 1;
    }
    return made > 0;
  }

  /** A new empty delivered and an emptied one collected at the same property. */
  private swap(region: Region, day: number): boolean {
    const property = this.ctx.rng.pick(region.properties);
    const bookingId = this.newBooking();
    this.newHire(region, day, property, false, bookingId, 1);
    if (!this.endOfHire(region, day, property, bookingId)) this.newHire(region, day, property, false, bookingId, 1);
    return true;
  }

  /**
   * A move of on-hire Nuggets from a place of type `from` to `to` (or a fitting place). With the
   * preset's `reuse` chance it names Nuggets an earlier move left there; otherwise new ones.
   * The moved Nuggets then wait at the destination for a later move, unless `park` is false.
   */
  private move(region: Region, day: number, from: Site['type'], to: Site | undefined, bookingId: string | null | undefined, park = true) {
    const { rng, calendar, preset } = this.ctx;
    const reused = rng.chance(preset.reuse) ? this.pool.takeIdle(region.index, from, calendar.at(day, 14 * 60)) : undefined;
    if (reused !== undefined) {
      const leg = this.moveGroup(region, day, reused, to, bookingId, park);
      if (leg !== undefined) return leg;
      this.pool.park(reused);
    }
    const origin = from === 'warehouse' ? region.warehouse : from === 'handover_point' ? rng.pick(region.handovers) : rng.pick(region.properties);
    const count = rng.weighted(MOVE_COUNTS.filter(([value]) => value <= preset.maxNuggetsPerLeg));
    const hiredTo = origin.type === 'customer_property' ? origin.occupant! : this.customers.issue();
    const group = this.pool.createMany(count, { role: 'leg', region: region.index, availability: 'in_service', location: origin, hiredTo });
    return group === undefined ? undefined : this.moveGroup(region, day, group, to, bookingId, park);
  }

  private moveGroup(region: Region, day: number, group: NuggetState[], to: Site | undefined, bookingId: string | null | undefined, park = true) {
    const origin = group[0]!.at;
    const destination = to ?? this.propertyFor(region, group[0]!.hiredTo, origin);
    const notBefore = Math.max(...group.map((nugget) => nugget.freeFrom));
    const leg = moveNugget(this.ctx, { id: '', bookingId, region: region.index, day, nuggets: group, origin, destination, notBefore });
    if (leg === undefined) return undefined;
    this.add(leg);
    if (park) this.pool.park(group);
    return leg;
  }

  /** Where on-hire Nuggets go to a customer: often the customer's own property, else another one (a new address). */
  private propertyFor(region: Region, customer: string | null, notHere: Site): Site {
    const { rng } = this.ctx;
    const own = region.properties.find((property) => property.occupant === customer && property !== notHere);
    if (own !== undefined && rng.chance(0.5)) return own;
    const others = region.properties.filter((property) => property !== notHere);
    return others.length > 0 ? rng.pick(others) : region.warehouse;
  }

  /** Out of the old house into storage, and later (the next working day, or that afternoon) to the new one. */
  private houseMoveViaStorage(region: Region, day: number): boolean {
    const later = this.ctx.calendar.days.slice(day + 1).find((next) => this.left(region, next.index) > 0)?.index;
    const secondDay = later ?? (this.left(region, day) >= 2 ? day : undefined);
    if (secondDay === undefined) return false;
    const bookingId = this.newBooking();
    const first = this.move(region, day, 'customer_property', region.warehouse, bookingId, false);
    if (first === undefined) return false;
    if (this.moveGroup(region, secondDay, first.nuggets, undefined, bookingId) === undefined) this.pool.park(first.nuggets);
    return true;
  }

  /** Empties taken to a handover point to stock it (no customer booking), often reserved for the move. */
  private repositionEmpties(region: Region, day: number): boolean {
    const { rng, preset } = this.ctx;
    const count = rng.weighted(MOVE_COUNTS.filter(([value]) => value <= preset.maxNuggetsPerLeg));
    const group = this.pool.createMany(count, { role: 'leg', region: region.index, availability: 'in_service', location: region.warehouse, hiredTo: null });
    if (group === undefined) return false;
    const bookingId = rng.weighted([[null, 50], [undefined, 50]] as const);
    const leg = moveNugget(this.ctx, { id: '', bookingId, region: region.index, day, nuggets: group, origin: region.warehouse, destination: rng.pick(region.handovers), notBefore: 0 })!;
    this.add(leg);
    for (const nugget of group) if (rng.chance(0.5)) nugget.reservedFor = leg;
    return true;
  }

  /** Legs in day and region order, numbered `leg-00001`...; bookings renumbered in order of first use. */
  private numbered(): LegRecord[] {
    const sorted = [...this.legs].sort((a, b) => a.day - b.day || a.region - b.region);
    const width = Math.max(5, String(sorted.length).length);
    const bookings = new Map<string, string>();
    sorted.forEach((leg, index) => {
      leg.id = `leg-${String(index + 1).padStart(width, '0')}`;
      if (typeof leg.bookingId === 'string') {
        if (!bookings.has(leg.bookingId)) bookings.set(leg.bookingId, `bk-${String(bookings.size + 1).padStart(width, '0')}`);
        leg.bookingId = bookings.get(leg.bookingId)!;
      }
    });
    return sorted;
  }
}
