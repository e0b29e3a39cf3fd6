import type { CollectEmptyLeg, DeliverEmptyLeg, EmptySource, MovementLeg, MoveNuggetLeg } from '../../contract/index.ts';
import type { Eligibility } from './eligibility.ts';
import type { EmptySupply } from './pools.ts';
import { fitsSource, type NuggetClaims } from './empties.ts';
import type { MinuteClock } from './time.ts';
import type { EmptyDestinations, MinuteWindow, ProblemPlace, Unit } from './types.ts';

/** Whether the leg becomes one unit per Nugget. */
export const isSplit = (leg: MovementLeg): boolean => leg.type !== 'collect_empty' && leg.split_across_lorries;

export const legQuantity = (leg: MovementLeg): number =>
  leg.type === 'deliver_empty' ? leg.quantity : leg.type === 'collect_empty' ? 1 : leg.nugget_ids.length;

/** First unit index of every leg (units are numbered leg by leg). */
export function unitLayout(legs: readonly MovementLeg[]): number[] {
  let next = 0;
  return legs.map((leg) => {
    const first = next;
    next += isSplit(leg) ? legQuantity(leg) : 1;
    return first;
  });
}

export interface UnitContext {
  clock: MinuteClock;
  places: readonly ProblemPlace[];
  placeIndex: Map<string, number>;
  nuggetIndex: Map<string, number>;
  claims: NuggetClaims;
  supply: EmptySupply;
  eligibility: Eligibility;
  /** Distinct places of a pool's empties, ascending (shared by every leg of that source). */
  poolPlaces(source: EmptySource): number[];
  /** Destinations of collected empties, by the collected Nugget's id (see `collectDestinations`). */
  destinations(nuggetId: string): EmptyDestinations;
}

type UnitShape = Omit<Unit, 'index' | 'leg' | 'movementId' | 'bookingId' | 'type' | 'size' | 'handlingMethod' | 'eligibleDrivers' | 'eligibleLorries'>;

/** Chunks of a leg's Nuggets, one per unit: one each when split, all together otherwise. */
function chunks<T>(items: readonly T[], split: boolean): T[][] {
  return split ? items.map((item) => [item]) : [[...items]];
}

const sinceStart = (window: MinuteWindow, horizon: number): MinuteWindow => ({ start: window.start, end: horizon });

/** One function per leg type: the shape of each of the leg's units. */
const unitShapes: { [T in MovementLeg['type']]: (leg: Extract<MovementLeg, { type: T }>, context: UnitContext) => UnitShape[] } = {
  deliver_empty(leg: DeliverEmptyLeg, context) {
    const { clock, supply, placeIndex } = context;
    const reserved = (supply.reserved.get(leg.id) ?? [])
      .filter(({ nugget, candidate }) => fitsSource(nugget, context.places[candidate.place]!.type, leg.empty_source, context.claims))
      .map(({ candidate }) => candidate);
    const poolPlaces = context.poolPlaces(leg.empty_source);
    const pickupPlaces = reserved.length === 0 ? poolPlaces : [...new Set([...poolPlaces, ...reserved.map((candidate) => candidate.place)])].sort((a, b) => a - b);
    const shape: UnitShape = {
      nuggets: [],
      pickupPlaces,
      pickupWindow: { start: 0, end: clock.horizon },
      pickupMinutesPerNugget: leg.handling_minutes_per_nugget,
      deliveryPlace: placeIndex.get(leg.destination_id)!,
      deliveryWindow: clock.window(leg.window),
      deliveryMinutesPerNugget: leg.handling_minutes_per_nugget,
      mustClearBy: null,
      empties: { source: leg.empty_source, reserved },
      emptyDestinations: null,
    };
    return Array.from({ length: leg.split_across_lorries ? leg.quantity : 1 }, () => shape);
  },
  collect_empty(leg: CollectEmptyLeg, context) {
    const { clock, placeIndex, nuggetIndex } = context;
    return [
      {
        nuggets: [nuggetIndex.get(leg.nugget_id)!],
        pickupPlaces: [placeIndex.get(leg.location_id)!],
        pickupWindow: clock.window(leg.window),
        pickupMinutesPerNugget: leg.handling_minutes_per_nugget,
        deliveryPlace: null,
        deliveryWindow: { start: 0, end: clock.horizon },
        deliveryMinutesPerNugget: leg.handling_minutes_per_nugget,
        mustClearBy: leg.must_clear_by == null ? null : clock.down(leg.must_clear_by),
        empties: null,
        emptyDestinations: context.destinations(leg.nugget_id),
      },
    ];
  },
  move_nugget(leg: MoveNuggetLeg, context) {
    const { clock, placeIndex, nuggetIndex } = context;
    const pickupWindow = clock.window(leg.pickup_window);
    return chunks(leg.nugget_ids, leg.split_across_lorries).map((ids) => ({
      nuggets: ids.map((id) => nuggetIndex.get(id)!),
      pickupPlaces: [placeIndex.get(leg.origin_id)!],
      pickupWindow,
      pickupMinutesPerNugget: leg.origin_handling_minutes_per_nugget,
      deliveryPlace: placeIndex.get(leg.destination_id)!,
      deliveryWindow: leg.arrival_window == null ? sinceStart(pickupWindow, clock.horizon) : clock.window(leg.arrival_window),
      deliveryMinutesPerNugget: leg.destination_handling_minutes_per_nugget,
      mustClearBy: null,
      empties: null,
      emptyDestinations: null,
    }));
  },
};

/** The units of one leg, numbered from `firstIndex`. */
export function legUnits(leg: MovementLeg, legIndex: number, firstIndex: number, context: UnitContext): Unit[] {
  const shapes = unitShapes[leg.type](leg as never, context);
  return shapes.map((shape, offset) => {
    const size = shape.nuggets.length > 0 ? shape.nuggets.length : isSplit(leg) ? 1 : legQuantity(leg);
    return {
      index: firstIndex + offset,
      leg: legIndex,
      movementId: leg.id,
      bookingId: leg.booking_id ?? null,
      type: leg.type,
      size,
      handlingMethod: leg.handling_method,
      ...shape,
      eligibleDrivers: context.eligibility.drivers(leg.handling_method),
      eligibleLorries: context.eligibility.lorries(leg.handling_method, size),
    };
  });
}
