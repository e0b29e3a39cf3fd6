import type { NuggetAvailability, PlaceType } from '../src/contract/index.ts';
import { apportion, type CustomerIds } from './geography.ts';
import type { Geography, NuggetRole, NuggetState, Region, Site } from './model.ts';
import type { Random } from './random.ts';

/** Share of off-hire Nuggets written with `on_hire_to_customer_id: null` rather than without the field. */
const OFF_HIRE_AS_NULL = 0.2;
/** How often a reuse search samples the idle groups before giving up. */
const REUSE_SAMPLES = 16;

export interface NewNugget {
  role: NuggetRole;
  region: number;
  availability: NuggetAvailability;
  location: Site;
  hiredTo: string | null;
}

/**
 * Every Nugget of the snapshot, created as legs and the background need them, within the
 * preset's exact budget. While legs are generated it also tracks where each Nugget will be:
 * groups of on-hire Nuggets a move leaves at its destination wait there ("idle") for a later
 * move to name them again, and collected empties wait for a later delivery to use them.
 */
export class NuggetPool {
  readonly all: NuggetState[] = [];
  private readonly idle = new Map<number, NuggetState[][]>();
  private readonly collected = new Map<number, NuggetState[]>();

  /**
   * @param budget the exact number of Nuggets of the snapshot
   * @param held how many of them legs may not use (kept for the background until `releaseHeld`)
   */
  constructor(
    private readonly rng: Random,
    readonly budget: number,
    private held = 0,
  ) {}

  get left(): number {
    return this.budget - this.held - this.all.length;
  }

  releaseHeld(): void {
    this.held = 0;
  }

  /** A new Nugget, or undefined when the budget is spent. */
  create(spec: NewNugget): NuggetState | undefined {
    if (this.left <= 0) return undefined;
    const nugget: NuggetState = {
      id: '',
      seq: this.all.length,
      ...spec,
      offHireAsNull: spec.hiredTo === null && this.rng.chance(OFF_HIRE_AS_NULL),
      at: spec.location,
      freeFrom: 0,
    };
    this.all.push(nugget);
    return nugget;
  }

  /** `count` new Nuggets, or undefined (and none created) when the budget cannot hold them all. */
  createMany(count: number, spec: NewNugget): NuggetState[] | undefined {
    if (this.left < count) return undefined;
    return Array.from({ length: count }, () => this.create(spec)!);
  }

  /** A group of on-hire Nuggets that an earlier move left at a place of `type`, free to be picked up by `by`. */
  takeIdle(region: number, type: PlaceType, by: number): NuggetState[] | undefined {
    const groups = this.idle.get(region) ?? [];
    for (let sample = 0; sample < REUSE_SAMPLES && groups.length > 0; sample++) {
      const index = this.rng.int(0, groups.length - 1);
      const group = groups[index]!;
      if (group[0]!.at.type !== type || group.some((nugget) => nugget.freeFrom > by)) continue;
      groups[index] = groups[groups.length - 1]!;
      groups.pop();
      return group;
    }
    return undefined;
  }

  /** Moved Nuggets now wait at their destination for a later move. */
  park(group: NuggetState[]): void {
    const groups = this.idle.get(group[0]!.region) ?? [];
    groups.push(group);
    this.idle.set(group[0]!.region, groups);
  }

  /** A collected empty: a later `any_available` delivery may count on it. */
  addCollected(nugget: NuggetState): void {
    const list = this.collected.get(nugget.region) ?? [];
    list.push(nugget);
    this.collected.set(nugget.region, list);
  }

  /** Up to `count` empties collected in the region before `before` (an instant), each used once. */
  takeCollected(region: number, count: number, before: number): NuggetState[] {
    const list = this.collected.get(region) ?? [];
    const taken: NuggetState[] = [];
    for (let index = 0; index < list.length && taken.length < count; ) {
      if (list[index]!.freeFrom <= before) taken.push(...list.splice(index, 1));
      else index++;
    }
    return taken;
  }
}

type Placement = (rng: Random, region: Region, customers: CustomerIds) => Omit<NewNugget, 'role' | 'region'>;

const atWarehouse = (availability: NuggetAvailability, hiredTo: string | null = null) => (region: Region) => ({
  availability,
  location: region.warehouse,
  hiredTo,
});

/** Where each kind of background Nugget is, and who hires it. */
const BACKGROUND: Record<Exclude<NuggetRole, 'leg'>, { weight: number; place: Placement }> = {
  // Packed by a customer and kept in the warehouse.
  storage: { weight: 34, place: (_rng, region, customers) => atWarehouse('in_service', customers.issue())(region) },
  // On a customer's drive, being filled or emptied.
  in_use: {
    weight: 28,
    place: (rng, region) => {
      const property = rng.pick(region.properties);
      return { availability: 'in_service', location: property, hiredTo: property.occupant! };
    },
  },
  // Warehouse stock: the empties new bookings are served from.
  spare_empty: { weight: 16, place: (_rng, region) => atWarehouse('in_service')(region) },
  // Off hire at a property, no collection booked yet.
  awaiting_collection: {
    weight: 5,
    place: (rng, region) => ({ availability: 'in_service', location: rng.pick(region.properties), hiredTo: null }),
  },
  handover_empty: {
    weight: 3,
    place: (rng, region) => ({
      availability: 'in_service',
      location: region.handovers.length > 0 ? rng.pick(region.handovers) : region.warehouse,
      hiredTo: null,
    }),
  },
  in_maintenance: { weight: 6, place: (_rng, region) => atWarehouse('in_maintenance')(region) },
  // Quarantined (damp, pests) where it was found: on a customer's drive or back at the warehouse.
  quarantined: {
    weight: 4,
    place: (rng, region) => {
      if (!rng.chance(0.5)) return atWarehouse('quarantined')(region);
      const property = rng.pick(region.properties);
      return { availability: 'quarantined', location: property, hiredTo: property.occupant! };
    },
  },
  // Written off, waiting for disposal; a few still where the damage happened.
  destroyed: {
    weight: 4,
    place: (rng, region) =>
      rng.chance(0.8) ? atWarehouse('destroyed')(region) : { availability: 'destroyed', location: rng.pick(region.properties), hiredTo: null },
  },
};

const BACKGROUND_ROLES = Object.keys(BACKGROUND) as Exclude<NuggetRole, 'leg'>[];

/** The least the background needs: one Nugget of each kind. */
export const MINIMUM_BACKGROUND = BACKGROUND_ROLES.length;

/**
 * Fills the budget with Nuggets no accepted leg names: one of every kind first (so every
 * availability state, on and off hire, appears in every snapshot), then by weight, spread over the
 * regions by size.
 */
export function fillBackground(rng: Random, pool: NuggetPool, geography: Geography, customers: CustomerIds): void {
  const regions = geography.regions;
  const pickRegion = () => rng.weighted(regions.map((region) => [region, region.weight] as const));
  for (const role of BACKGROUND_ROLES) add(role, pickRegion());
  const rest = pool.left;
  const perRole = apportion(rest, BACKGROUND_ROLES.map((role) => BACKGROUND[role].weight));
  BACKGROUND_ROLES.forEach((role, index) => {
    const perRegion = apportion(perRole[index]!, regions.map((region) => region.weight));
    regions.forEach((region) => {
      for (let k = 0; k < perRegion[region.index]!; k++) add(role, region);
    });
  });

  function add(role: Exclude<NuggetRole, 'leg'>, region: Region): void {
    pool.create({ role, region: region.index, ...BACKGROUND[role].place(rng, region, customers) });
  }
}

/** Gives every Nugget its id, numbered by region, then place, then creation: `ng-00001`, ... */
export function assignNuggetIds(pool: NuggetPool, geography: Geography): void {
  const order = new Map(geography.sites.map((site, index) => [site, index]));
  const sorted = [...pool.all].sort(
    (a, b) => a.region - b.region || order.get(a.location)! - order.get(b.location)! || a.seq - b.seq,
  );
  const width = Math.max(5, String(sorted.length).length);
  sorted.forEach((nugget, index) => {
    nugget.id = `ng-${String(index + 1).padStart(width, '0')}`;
  });
}
