import { committedLoad } from './capacities.ts';
import { collectEmpty, deliverEmpty, moveNugget, type LegContext } from './legs.ts';
import type { LegRecord, NuggetState, Region, Site } from './model.ts';

/**
 * Proposed legs for a booking check (`new_movements`): new customer bookings of one to three legs,
 * each in a region and on a day where crews work. They use only what the accepted legs leave
 * free: spare warehouse empties, Nuggets awaiting collection, Nuggets in use or in storage that no
 * accepted leg names, and room that place capacities leave. The accepted snapshot is not touched:
 * `--booking K` adds `new_movements` and changes nothing else.
 *
 * When a small preset runs out of free Nuggets (a large K), the remaining proposals are
 * deliveries competing for the same empties: an over-booking the check should reject.
 */
type Kind = 'new_hire' | 'end_of_hire' | 'into_storage' | 'out_of_storage';
const KIND_WEIGHTS: readonly (readonly [Kind, number])[] = [['new_hire', 40], ['end_of_hire', 20], ['into_storage', 20], ['out_of_storage', 20]];
const LEGS_PER_BOOKING = [[1, 60], [2, 30], [3, 10]] as const;
const pad = (value: number) => String(value).padStart(3, '0');

export function proposeLegs(ctx: LegContext, nuggets: readonly NuggetState[], accepted: readonly LegRecord[], count: number): LegRecord[] {
  return new Proposals(ctx, nuggets, accepted).make(count);
}

class Proposals {
  /** Spare warehouse empties per region (counted: a delivery names none). */
  private readonly spares = new Map<number, number>();
  /** Nuggets no accepted leg names, by `role:region`. */
  private readonly free = new Map<string, NuggetState[]>();
  /** Room left under each place's capacity after the accepted legs (unconstrained: infinite). */
  private readonly room: Map<Site, number>;
  private readonly proposed: LegRecord[] = [];

  constructor(
    private readonly ctx: LegContext,
    nuggets: readonly NuggetState[],
    accepted: readonly LegRecord[],
  ) {
    for (const nugget of nuggets) {
      if (nugget.role === 'spare_empty') this.spares.set(nugget.region, (this.spares.get(nugget.region) ?? 0) + 1);
      else if (nugget.role === 'awaiting_collection' || nugget.role === 'in_use' || nugget.role === 'storage') {
        const key = `${nugget.role}:${nugget.region}`;
        this.free.set(key, [...(this.free.get(key) ?? []), nugget]);
      }
    }
    const load = committedLoad(ctx.geography, nuggets, accepted);
    this.room = new Map(ctx.geography.sites.map((site) => [site, site.constrained ? site.capacity! - (load.get(site) ?? 0) : Number.POSITIVE_INFINITY]));
  }

  make(count: number): LegRecord[] {
    const { rng, geography, calendar, board } = this.ctx;
    const cells = geography.regions.flatMap((region) =>
      calendar.days.map((day) => [[region, day.index], board.crews(region.index, day.index).length] as const),
    );
    let bookings = 0;
    while (this.proposed.length < count) {
      const [region, day] = rng.weighted(cells.filter(([, crews]) => crews > 0));
      const bookingId = `bk-new-${pad(++bookings)}`;
      const legs = Math.min(count - this.proposed.length, rng.weighted(LEGS_PER_BOOKING));
      for (let k = 0; k < legs; k++) this.propose(region, day, bookingId);
    }
    return this.proposed;
  }

  /** One leg of a kind the free resources allow; a delivery when nothing else is left. */
  private propose(region: Region, day: number, bookingId: string): void {
    const id = `new-${pad(this.proposed.length + 1)}`;
    const spec = { id, bookingId, region: region.index, day };
    const kinds = this.ctx.rng.weightedOrder(KIND_WEIGHTS, ([, weight]) => weight).map(([kind]) => kind);
    for (const kind of kinds) {
      const leg = this.tryKind(kind, region, spec);
      if (leg !== undefined) {
        this.proposed.push(leg);
        return;
      }
    }
    this.proposed.push(this.delivery(region, spec, true));
  }

  private tryKind(kind: Kind, region: Region, spec: { id: string; bookingId: string; region: number; day: number }): LegRecord | undefined {
    const warehouse = region.warehouse;
    switch (kind) {
      case 'new_hire':
        return (this.spares.get(region.index) ?? 0) > 0 ? this.delivery(region, spec, false) : undefined;
      case 'end_of_hire': {
        const nugget = this.takeFree('awaiting_collection', region, () => this.fits(warehouse, 1));
        return nugget && collectEmpty(this.ctx, { ...spec, nugget });
      }
      case 'into_storage': {
        const nugget = this.takeFree('in_use', region, () => this.fits(warehouse, 1));
        return nugget && moveNugget(this.ctx, { ...spec, nuggets: [nugget], origin: nugget.location, destination: warehouse, notBefore: 0 });
      }
      case 'out_of_storage': {
        const destination = this.roomyProperty(region, 1);
        const nugget = destination && this.takeFree('storage', region, () => this.fits(destination, 1));
        return nugget && moveNugget(this.ctx, { ...spec, nuggets: [nugget], origin: warehouse, destination: destination!, notBefore: 0 });
      }
    }
  }

  /** A delivery of one or two spare empties (or, `overbooked`, of one empty there may be none left for). */
  private delivery(region: Region, spec: { id: string; bookingId: string; region: number; day: number }, overbooked: boolean): LegRecord {
    const spare = this.spares.get(region.index) ?? 0;
    const quantity = overbooked ? 1 : Math.min(spare, this.ctx.rng.weighted([[1, 75], [2, 25]] as const));
    const destination = this.roomyProperty(region, quantity) ?? region.properties[0]!;
    this.fits(destination, quantity);
    this.spares.set(region.index, Math.max(0, spare - quantity));
    return deliverEmpty(this.ctx, { ...spec, destination, quantity, emptySource: 'any_available' });
  }

  /** Takes one free Nugget of a background role in the region, if `claimRoom` succeeds for it. */
  private takeFree(role: NuggetState['role'], region: Region, claimRoom: () => boolean): NuggetState | undefined {
    const list = this.free.get(`${role}:${region.index}`) ?? [];
    if (list.length === 0 || !claimRoom()) return undefined;
    return list.splice(this.ctx.rng.int(0, list.length - 1), 1)[0];
  }

  private roomyProperty(region: Region, quantity: number): Site | undefined {
    const roomy = region.properties.filter((site) => this.room.get(site)! >= quantity);
    return roomy.length > 0 ? this.ctx.rng.pick(roomy) : undefined;
  }

  /** Claims room for `quantity` more Nuggets at `site`; false (nothing claimed) if there is none. */
  private fits(site: Site, quantity: number): boolean {
    const room = this.room.get(site)!;
    if (room < quantity) return false;
    this.room.set(site, room - quantity);
    return true;
  }
}
