import type { EmptySource, HandlingMethod, PlaceType } from '../src/contract/index.ts';
import { clock, MINUTE_MS, type Calendar } from './calendar.ts';
import type { Journeys } from './geography.ts';
import type { CollectRecord, DeliverRecord, Geography, Interval, MoveRecord, NuggetState, Site } from './model.ts';
import type { Preset } from './presets.ts';
import type { Random } from './random.ts';
import { chooseSlot, roundDownToQuarter, roundUpToQuarter, slotsFor, type CrewBoard, type Slot, type SlotChoice, type Stop } from './windows.ts';

/** What every leg builder needs. */
export interface LegContext {
  rng: Random;
  calendar: Calendar;
  geography: Geography;
  journeys: Journeys;
  board: CrewBoard;
  preset: Preset;
  stats: GenerationStats;
}

/** How far the generated legs fall short of "plannable"; reported by tests and the benchmark. */
export interface GenerationStats {
  /** Legs whose windows no single crew of their region can meet that day (given the widest slot). */
  unservable: number;
  /** Deliveries for which the Nugget budget left no empties. */
  oversubscribed: number;
  /** Legs given to a crew whose day was already full (every crew that could serve them was). */
  beyondBudget: number;
}

/**
 * Handling minutes per Nugget: a crane placing a Nugget on a customer's drive takes longest; a
 * forklift on a warehouse's level yard is quickest. The spec's default is 5.
 */
const HANDLING_MINUTES: Record<HandlingMethod, Record<PlaceType, readonly number[]>> = {
  crane: { customer_property: [8, 10, 10, 12, 15, 20], handover_point: [5, 8, 10], warehouse: [5, 5, 8, 10] },
  forklift: { customer_property: [6, 8, 10, 12], handover_point: [5, 6, 8], warehouse: [4, 5, 6] },
};

/** Forklift (Moffett) work is most common on the level yards of warehouses and handover points. */
const FORKLIFT_SHARE = { yards: 0.35, property: 0.12 };

/** The earliest a lorry loads at the warehouse for a delivery booked by its arrival slot (local). */
const EARLIEST_LOADING = clock(6);
const RELOCATION_ARRIVAL_SPREAD_MS = 120 * MINUTE_MS;
/** Warehouse goods-in closes at 19:00; arrival windows into a warehouse end then at the earliest. */
const GOODS_IN_CLOSES = clock(19);

/**
 * The handling method of a leg: forklift by its share, crane otherwise; but only a method some
 * crew of the region has time left for that day (or, all days being full, has crews at all).
 */
export function chooseMethod(ctx: LegContext, region: number, day: number, sites: readonly Site[]): HandlingMethod {
  const { board } = ctx;
  const yardsOnly = sites.every((site) => site.type !== 'customer_property');
  const preferForklift = ctx.rng.chance(yardsOnly ? FORKLIFT_SHARE.yards : FORKLIFT_SHARE.property);
  const methods = (['crane', 'forklift'] as const).filter((method) => board.crews(region, day, method).length > 0);
  const withRoom = methods.filter((method) => board.hasRoom(region, day, method));
  const usable = withRoom.length > 0 ? withRoom : methods;
  return usable.includes('forklift') && (preferForklift || !usable.includes('crane')) ? 'forklift' : 'crane';
}

const handlingMinutes = (ctx: LegContext, method: HandlingMethod, site: Site) => ctx.rng.pick(HANDLING_MINUTES[method][site.type]);

/** Common optional fields: `type` (rarely), `handling_method` when crane, and defaults by chance. */
function omissions(ctx: LegContext, method: HandlingMethod): string[] {
  const omit: string[] = [];
  if (ctx.rng.chance(ctx.preset.untypedLegs)) omit.push('type');
  if (method === 'crane' && ctx.rng.chance(0.4)) omit.push('handling_method');
  return omit;
}

/**
 * Books the chosen slot's crew, or (no crew can meet any slot) counts the leg as unservable and
 * gives it the widest slot.
 */
function settle(ctx: LegContext, slots: readonly Slot[], choice: SlotChoice | undefined): { slot: Slot; split: boolean } {
  if (choice !== undefined) {
    ctx.board.book(choice.assignment);
    if (!choice.withinBudget) ctx.stats.beyondBudget += 1;
    return choice;
  }
  ctx.stats.unservable += 1;
  return { slot: slots.reduce((best, slot) => (slot.to - slot.from > best.to - best.from ? slot : best)), split: true };
}

export interface DeliverSpec {
  id: string;
  bookingId: string | null | undefined;
  region: number;
  day: number;
  destination: Site;
  quantity: number;
  emptySource: EmptySource;
}

export function deliverEmpty(ctx: LegContext, spec: DeliverSpec): DeliverRecord {
  const { rng, board } = ctx;
  const warehouse = ctx.geography.regions[spec.region]!.warehouse;
  const method = chooseMethod(ctx, spec.region, spec.day, [spec.destination]);
  const minutes = handlingMinutes(ctx, method, spec.destination);
  const handling = spec.quantity * minutes;
  const slots = slotsFor(spec.destination);
  const assign = (slot: Slot, load: number, withinBudget: boolean) =>
    board.assign(spec.region, spec.day, method, load, [
      { site: warehouse, window: null, minutes: handling },
      { site: spec.destination, window: board.interval(spec.day, slot), minutes: handling },
    ], withinBudget);
  const { slot: chosen, split } = settle(ctx, slots, chooseSlot(rng, slots, spec.quantity, 0.15, assign));

  const omit = omissions(ctx, method);
  if (spec.quantity === 1 && rng.chance(0.4)) omit.push('quantity');
  if (spec.emptySource === 'any_available' && rng.chance(0.6)) omit.push('empty_source');
  if (split && rng.chance(0.7)) omit.push('split_across_lorries');
  if (minutes === 5 && rng.chance(0.5)) omit.push('handling_minutes_per_nugget');
  return {
    type: 'deliver_empty',
    ...common(spec, method, omit),
    destination: spec.destination,
    window: board.interval(spec.day, chosen),
    quantity: spec.quantity,
    emptySource: spec.emptySource,
    split,
    minutes,
  };
}

export interface CollectSpec {
  id: string;
  bookingId: string | null | undefined;
  region: number;
  day: number;
  nugget: NuggetState;
}

export function collectEmpty(ctx: LegContext, spec: CollectSpec): CollectRecord {
  const { rng, board } = ctx;
  const location = spec.nugget.at;
  const method = chooseMethod(ctx, spec.region, spec.day, [location]);
  const minutes = handlingMinutes(ctx, method, location);
  const slots = slotsFor(location);
  const assign = (slot: Slot, load: number, withinBudget: boolean) =>
    board.assign(spec.region, spec.day, method, load, [{ site: location, window: board.interval(spec.day, slot), minutes }], withinBudget);
  const { slot: chosen } = settle(ctx, slots, chooseSlot(rng, slots, 1, 0, assign));
  const window = board.interval(spec.day, chosen);
  // Some must leave the property by a hard time (a house sale completing): at or after the window's end.
  const clearBy = window.end + rng.pick([0, 30, 60, 120]) * MINUTE_MS;

  const omit = omissions(ctx, method);
  if (minutes === 5 && rng.chance(0.5)) omit.push('handling_minutes_per_nugget');
  spec.nugget.freeFrom = window.end + minutes * MINUTE_MS;
  return {
    type: 'collect_empty',
    ...common(spec, method, omit),
    nugget: spec.nugget,
    location,
    window,
    mustClearBy: rng.weighted([[clearBy, 30], [null, 10], [undefined, 60]] as const),
    minutes,
  };
}

export interface MoveSpec {
  id: string;
  bookingId: string | null | undefined;
  region: number;
  day: number;
  nuggets: NuggetState[];
  origin: Site;
  destination: Site;
  /** Earliest pickup: when the Nuggets reach the origin (a chained move). */
  notBefore: number;
}

/**
 * A move, or undefined when no window both starts after `notBefore` and fits a crew (the caller
 * then tries something else). Windows follow whoever booked a slot: a delivery to a customer or a
 * handover point is booked by its arrival slot (pickup at the warehouse before it), a collection
 * from one by its pickup slot (arrival at a warehouse open-ended or until goods-in closes; at
 * another customer's a slot later the same day).
 */
export function moveNugget(ctx: LegContext, spec: MoveSpec): MoveRecord | undefined {
  const { rng, board, calendar } = ctx;
  const count = spec.nuggets.length;
  const method = chooseMethod(ctx, spec.region, spec.day, [spec.origin, spec.destination]);
  const originMinutes = handlingMinutes(ctx, method, spec.origin);
  const destinationMinutes = handlingMinutes(ctx, method, spec.destination);
  const travel = ctx.journeys.minutes(spec.origin, spec.destination) * MINUTE_MS;
  const loading = count * originMinutes * MINUTE_MS;
  const arrivalLed = spec.origin.type === 'warehouse';
  const warehouseArrivalStyle = rng.weighted([['window', 35], [null, 15], [undefined, 50]] as const);

  const windowsFor = (slot: Slot): { pickup: Interval; arrival: Interval | null | undefined } => {
    const booked = board.interval(spec.day, slot);
    if (arrivalLed) {
      const end = roundDownToQuarter(booked.end - travel - loading);
      const start = Math.max(calendar.at(spec.day, EARLIEST_LOADING), roundDownToQuarter(booked.start - travel - 120 * MINUTE_MS));
      return { pickup: { start: Math.min(start, end - 60 * MINUTE_MS), end }, arrival: booked };
    }
    if (spec.destination.type === 'warehouse') {
      if (warehouseArrivalStyle !== 'window') return { pickup: booked, arrival: warehouseArrivalStyle };
      const latest = roundUpToQuarter(booked.end + loading + travel + 60 * MINUTE_MS);
      return { pickup: booked, arrival: { start: booked.start, end: Math.max(calendar.at(spec.day, GOODS_IN_CLOSES), latest) } };
    }
    const lag = roundUpToQuarter(travel + loading);
    return { pickup: booked, arrival: { start: booked.start + lag, end: booked.end + lag + RELOCATION_ARRIVAL_SPREAD_MS } };
  };
  const assign = (slot: Slot, load: number, withinBudget: boolean) => {
    const { pickup, arrival } = windowsFor(slot);
    if (pickup.start < spec.notBefore) return undefined;
    const stops: Stop[] = [
      { site: spec.origin, window: pickup, minutes: count * originMinutes },
      { site: spec.destination, window: arrival ?? null, minutes: count * destinationMinutes },
    ];
    return board.assign(spec.region, spec.day, method, load, stops, withinBudget);
  };
  const slots = slotsFor(arrivalLed ? spec.destination : spec.origin);
  const choice = chooseSlot(rng, slots, count, 0.2, assign);
  if (choice === undefined && spec.notBefore > 0) return undefined;
  const { slot: chosen, split } = settle(ctx, slots, choice);
  const { pickup, arrival } = windowsFor(chosen);

  const omit = omissions(ctx, method);
  if (split && rng.chance(0.7)) omit.push('split_across_lorries');
  if (originMinutes === 5 && rng.chance(0.5)) omit.push('origin_handling_minutes_per_nugget');
  if (destinationMinutes === 5 && rng.chance(0.5)) omit.push('destination_handling_minutes_per_nugget');
  const delivered = (arrival?.end ?? pickup.end + loading + travel) + count * destinationMinutes * MINUTE_MS;
  for (const nugget of spec.nuggets) {
    nugget.at = spec.destination;
    nugget.freeFrom = roundUpToQuarter(delivered);
  }
  return {
    type: 'move_nugget',
    ...common(spec, method, omit),
    nuggets: spec.nuggets,
    origin: spec.origin,
    destination: spec.destination,
    pickup,
    arrival,
    split,
    originMinutes,
    destinationMinutes,
  };
}

function common(spec: { id: string; bookingId: string | null | undefined; region: number; day: number }, method: HandlingMethod, omit: string[]) {
  return { id: spec.id, bookingId: spec.bookingId, region: spec.region, day: spec.day, method, omit };
}
