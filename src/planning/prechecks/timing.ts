import type { HandlingMethod } from '../../contract/index.ts';
import type { ProblemLeg, Unit } from '../problem/index.ts';
import type { PrecheckContext } from './context.ts';

/** When a pickup or delivery of the leg could start, at the earliest and at the latest, in any plan. */
export interface HandlingRange {
  kind: 'pickup' | 'delivery';
  place: number;
  earliest: number;
  latest: number;
  duration: number;
}

export interface LegTiming {
  method: HandlingMethod;
  /** Nuggets one lorry carries for the leg at once: all of them when it may not be split, else 1. */
  size: number;
  activities: HandlingRange[];
  /** Whether any plan serving the leg has a `drive` activity. */
  needsDrive: boolean;
  /** Latest minute at which driving of positive length that the leg needs could start; null when it may need none. */
  drivingDeadline: number | null;
}

const nearestLorryStart = (context: TimingContext, method: HandlingMethod, size: number, place: number) => context.lorryApproach(method, size)[place]!;
const lorryStartsAt = (context: TimingContext, method: HandlingMethod, size: number, place: number) => context.lorryStartsAt(method, size, place);

/**
 * One function per leg type. Bounds hold for every plan: a lorry's first activity is its
 * walk-round check inside its availability, lorries move only by driving at least the shortest
 * journey time, each handling activity starts inside its window and ends inside the planning period.
 */
type TimingContext = PrecheckContext & { journeyMinutes(from: number, to: number): number };

const timings: { [T in ProblemLeg['type']]: (unit: Unit, context: TimingContext) => LegTiming } = {
  move_nugget(unit, context) {
    const { horizon } = context.problem;
    const method = unit.handlingMethod;
    const size = unit.size;
    const origin = unit.pickupPlaces[0]!;
    const destination = unit.deliveryPlace!;
    const journey = context.journeyMinutes(origin, destination);
    const arrival = context.lorryArrival(method, size);
    const pickupDuration = unit.pickupMinutesPerNugget * size;
    const deliveryDuration = unit.deliveryMinutesPerNugget * size;
    const deliveryLatest = Math.min(unit.deliveryWindow.end, horizon - deliveryDuration);
    const pickupEarliest = Math.max(unit.pickupWindow.start, arrival[origin]!);
    return {
      method,
      size,
      activities: [
        {
          kind: 'pickup',
          place: origin,
          earliest: pickupEarliest,
          latest: Math.min(unit.pickupWindow.end, horizon - pickupDuration, deliveryLatest - pickupDuration - journey),
          duration: pickupDuration,
        },
        {
          kind: 'delivery',
          place: destination,
          earliest: Math.max(unit.deliveryWindow.start, pickupEarliest + pickupDuration + journey),
          latest: deliveryLatest,
          duration: deliveryDuration,
        },
      ],
      needsDrive: true,
      drivingDeadline: journey > 0 ? deliveryLatest - journey : null,
    };
  },
  collect_empty(unit, context) {
    const { horizon } = context.problem;
    const method = unit.handlingMethod;
    const place = unit.pickupPlaces[0]!;
    const duration = unit.pickupMinutesPerNugget;
    const clearBy = unit.mustClearBy ?? Infinity;
    const latest = Math.min(unit.pickupWindow.end, horizon - duration, clearBy - duration);
    const approach = nearestLorryStart(context, method, 1, place);
    return {
      method,
      size: 1,
      activities: [{ kind: 'pickup', place, earliest: Math.max(unit.pickupWindow.start, context.lorryArrival(method, 1)[place]!), latest, duration }],
      needsDrive: unit.mustClearBy !== null || !lorryStartsAt(context, method, 1, place),
      drivingDeadline: approach > 0 ? latest - approach : null,
    };
  },
  deliver_empty(unit, context) {
    const { horizon } = context.problem;
    const method = unit.handlingMethod;
    const size = unit.size;
    const place = unit.deliveryPlace!;
    const duration = unit.deliveryMinutesPerNugget * size;
    const latest = Math.min(unit.deliveryWindow.end, horizon - duration);
    const approach = nearestLorryStart(context, method, size, place);
    const leg = context.problem.legs[unit.leg]!;
    const emptyHere = () => context.problem.nuggets.some((nugget) => nugget.place === place && context.nuggets.possibleEmptyFor(nugget, leg));
    return {
      method,
      size,
      // Lorries start empty: at least one minute of loading comes before the delivery.
      activities: [{ kind: 'delivery', place, earliest: Math.max(unit.deliveryWindow.start, context.lorryArrival(method, size)[place]! + 1), latest, duration }],
      needsDrive: !(lorryStartsAt(context, method, size, place) && emptyHere()),
      drivingDeadline: approach > 0 ? latest - approach : null,
    };
  },
};

/**
 * How journeys between a leg's own places are counted: `shortest` gives true lower bounds (a
 * proof may rest on them); `direct` gives the matrix entries, never shorter, so bounds that pass
 * with them pass with the shortest ones too (a cheap first try).
 */
export type JourneyBound = 'shortest' | 'direct';

/** The timing bounds of a leg, from its first unit (all units of a leg share windows and size). */
export function legTiming(leg: ProblemLeg, context: PrecheckContext, bound: JourneyBound): LegTiming {
  const unit = context.problem.units[leg.units[0]!]!;
  const journeyMinutes = bound === 'shortest' ? (from: number, to: number) => context.paths.from(from)[to]! : (from: number, to: number) => context.problem.travelMinutes[from]![to]!;
  return timings[leg.type](unit, { ...context, journeyMinutes });
}
