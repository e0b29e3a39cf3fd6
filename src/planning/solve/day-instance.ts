/**
 * One operating day of the manifest problem as a `RoutingInstance` for models/pdptw.mzn (hours
 * rules on): the day's duty slots are the vehicles, the units of the legs that can be served that
 * day are the requests. Choices the routing model does not make are fixed here, deterministically:
 * - the empty Nuggets of a deliver_empty (reserved ones first, then the pool Nugget nearest the
 *   destination; Nuggets a collection brings in are not redirected);
 * - where a collected empty goes: the warehouse nearest the collection among the day's duty
 *   places that may take it (else the nearest warehouse that may), dropped by a duty based there
 *   at its route's end; on a small day (`FREE_DROPS`), or when no duty is based there, by any
 *   duty on its way;
 * - place capacity over time (place-room.ts): a delivery into a place with a Nugget capacity is
 *   offered only from the moment its Nuggets fit for good: the occupancy the legs planned so far
 *   leave there (Nuggets counted from their unloading to their loading), plus every delivery
 *   offered into it before in the same instance as if present all the time;
 * - a leg is offered only when its Nuggets are at its pickup place after the legs planned so far,
 *   picked up no earlier than they got there, and one leg per Nugget in an instance;
 * - an empty named by a collect_empty is delivered as an empty only to that collection's place
 *   (so that the collection can follow); there it is the first choice after reserved ones.
 * All of these are restrictions: every plan they allow is legal.
 */
import { LIMITS } from '../hours/index.ts';
import type { HoursTracker } from '../hours/index.ts';
import type { Duty } from '../plan/types.ts';
import type { CalendarSpan, EmptyCandidate, PlanningProblem, Unit } from '../problem/index.ts';
import type { DutySlot } from './duties.ts';
import { fitsFrom, initialRoom, recordArrival, recordDeparture, type PlaceRoom } from './place-room.ts';
import { checkRoute, type RoutingInstance, type RoutingRequest } from '../../routing/index.ts';
import { FREE_DROPS } from './search-parameters.ts';

/** What earlier days of the plan have used up. */
export interface PlanningState {
  /** Current place of every Nugget (index), after the legs planned so far. */
  nuggetPlace: number[];
  /** Nuggets already given to a planned leg. */
  nuggetsTaken: Set<number>;
  /** Per place, its occupancy over time after the legs planned so far (null: no capacity). */
  room: (PlaceRoom | null)[];
  /** Per Nugget, the minute from which it may be loaded (the end of its last unloading so far). */
  nuggetFreeAt: number[];
  /** Legs planned, and legs no longer offered. */
  settled: Set<number>;
}

/** The state before any leg is planned: the snapshot's Nugget places and place room. */
export function initialPlanningState(problem: PlanningProblem): PlanningState {
  return {
    nuggetPlace: problem.nuggets.map((nugget) => nugget.place),
    nuggetsTaken: new Set(),
    room: problem.places.map(initialRoom),
    nuggetFreeAt: problem.nuggets.map(() => Number.NEGATIVE_INFINITY),
    settled: new Set(),
  };
}

/** When a served request's handling happened: the start of its loading, the end of its unloading. */
export interface RequestTimes {
  pickupStart: number;
  deliveryEnd: number;
}

/**
 * Marks the day's planned legs settled and moves the Nuggets they carried. With `times` (each
 * served request's scheduled handling), a loading frees room at its place from its start and a
 * Nugget may be loaded again from its unloading's end; without, an unloading counts as present
 * all the time, no loading frees room, and a Nugget may be loaded again only after the latest
 * its unloading could end (restrictions).
 */
export function commitDay(problem: PlanningProblem, day: DayInstance, served: readonly number[], state: PlanningState, times?: ReadonlyMap<number, RequestTimes>): void {
  // in request order: a Nugget moved twice in a day (a later wave) ends where the later move takes it
  for (const r of served.slice().sort((a, b) => a - b)) {
    const request = day.requests[r]!;
    const leg = problem.units[request.unit]!.leg;
    const size = problem.units[request.unit]!.size;
    const when = times?.get(r);
    state.settled.add(leg);
    for (const nugget of request.nuggets) {
      state.nuggetPlace[nugget] = request.deliveryPlace;
      state.nuggetsTaken.add(nugget);
      // without its time, the latest its unloading can end (a duty across midnight may still be
      // unloading it after the next date has begun)
      state.nuggetFreeAt[nugget] = when?.deliveryEnd ?? day.instance.requests[r]!.deliveryWindow.latest + day.instance.requests[r]!.deliveryService;
    }
    const into = state.room[request.deliveryPlace];
    if (into != null) recordArrival(into, when?.deliveryEnd ?? Number.NEGATIVE_INFINITY, size);
    const from = state.room[request.pickupPlace];
    if (from != null && when !== undefined) recordDeparture(from, when.pickupStart, size);
  }
}

/** Each request's scheduled handling times in the duties (per unit: its loading's start, its unloading's end). */
export function requestTimes(day: DayInstance, duties: readonly { duty: Duty }[]): Map<number, RequestTimes> {
  const requestOfUnit = new Map(day.requests.map((request, index) => [request.unit, index]));
  const pickups = new Map<number, number>();
  const deliveries = new Map<number, number>();
  for (const { duty } of duties) {
    for (const stop of duty.stops) {
      for (const activity of stop.activities) {
        if (!('unit' in activity) || activity.unit === null) continue;
        const request = requestOfUnit.get(activity.unit);
        if (request === undefined) continue;
        if (activity.kind === 'pickup') pickups.set(request, activity.start);
        else if (activity.kind === 'delivery' || activity.kind === 'yard_work') deliveries.set(request, activity.end);
      }
    }
  }
  const times = new Map<number, RequestTimes>();
  for (const [request, pickupStart] of pickups) {
    const deliveryEnd = deliveries.get(request);
    if (deliveryEnd !== undefined) times.set(request, { pickupStart, deliveryEnd });
  }
  return times;
}

/** A request of the day instance: which unit it is and the choices made for it. */
export interface DayRequest {
  unit: number;
  /** Nuggets it carries (deliver_empty: the chosen empties). */
  nuggets: number[];
  pickupPlace: number;
  /** Where it is unloaded (collect_empty: the duty's warehouse). */
  deliveryPlace: number;
  /** collect_empty: unloaded as yard work at a warehouse. */
  toWarehouse: boolean;
  /** collect_empty: every duty that may serve it, dropping it at the warehouse on the way (see `FREE_DROPS`). */
  anyDuty?: number[];
}

export interface DayInstance {
  instance: RoutingInstance;
  requests: DayRequest[];
  slots: DutySlot[];
  /** Legs not offered only because the capacitated place they unload at has no room in time, with that place. */
  roomless?: Map<number, number>;
}

export const hoursLimits = {
  maxDriving: LIMITS.dailyDriving,
  // the walk-round check comes before the vehicle's departure
  maxSpan: LIMITS.dutySpan,
  drivingBeforeBreak: LIMITS.drivingBeforeBreak,
  breakLength: LIMITS.fullBreak,
};

/** The driving counters a duty starting at `start` begins with (D2 with D3/D4 folded in, and D1). */
export function startingCounters(tracker: HoursTracker, start: number): { drivingDone: number; drivingSinceBreak: number } {
  const state = tracker.clone();
  state.idleUntil(start);
  const weekly = Math.min(LIMITS.weeklyDriving - state.drivingThisWeek, LIMITS.fortnightDriving - state.drivingThisWeek - state.drivingPreviousWeek);
  return {
    drivingDone: Math.min(LIMITS.dailyDriving, Math.max(state.drivingToday, LIMITS.dailyDriving - Math.max(0, weekly))),
    drivingSinceBreak: Math.min(state.drivingSinceBreak, LIMITS.drivingBeforeBreak),
  };
}

/**
 * The counters the model gets for slot k. A driver's slots of one day share the daily driving
 * allowance in proportion to their lengths (a restriction: the model sees each slot alone); a
 * later slot starts D1 afresh when the gap before it is a full break.
 */
function slotCounters(slots: readonly DutySlot[], k: number, tracker: HoursTracker): { drivingDone: number; drivingSinceBreak: number } {
  const slot = slots[k]!;
  const own = slots.filter((other) => other.driver === slot.driver);
  const first = own[0]!;
  const counters = startingCounters(tracker, first.window.start);
  const length = (s: DutySlot) => s.window.end - s.window.start;
  const total = own.reduce((sum, s) => sum + length(s), 0);
  const allowance = LIMITS.dailyDriving - counters.drivingDone;
  const share = own.length === 1 ? allowance : Math.floor((allowance * length(slot)) / total);
  const previous = own[own.indexOf(slot) - 1];
  const rested = previous !== undefined && slot.window.start - previous.window.end >= LIMITS.fullBreak;
  return {
    drivingDone: LIMITS.dailyDriving - share,
    drivingSinceBreak: previous === undefined ? counters.drivingSinceBreak : rested ? 0 : counters.drivingSinceBreak,
  };
}

const reachesInto = (window: { start: number; end: number }, from: number, to: number) => window.start <= to && window.end >= from;

function clip(window: { start: number; end: number }, from: number, to: number): { earliest: number; latest: number } {
  return { earliest: Math.max(window.start, from), latest: Math.min(window.end, to) };
}

interface LegOffer {
  requests: (RoutingRequest & { day: DayRequest })[];
  nuggets: number[];
  /** Nuggets the leg unloads at each capacitated place (reserved there for the rest of the instance). */
  room: Map<number, number>;
}

/** The requests of one leg on this day, or null when it cannot be offered today. */
function offerLeg(
  problem: PlanningProblem,
  legIndex: number,
  day: CalendarSpan,
  slots: DutySlot[],
  state: PlanningState,
  usedToday: Set<number>,
  reserved: ReadonlyMap<number, number>,
  roomless: Map<number, number>,
): LegOffer | null {
  const leg = problem.legs[legIndex]!;
  const from = Math.max(day.start, 0);
  const to = Math.min(day.end - 1, problem.horizon);
  // a leg is picked up only once its Nuggets have got to its pickup place
  const freeAt = (carried: readonly number[]) => Math.max(Number.NEGATIVE_INFINITY, ...carried.map((nugget) => state.nuggetFreeAt[nugget]!));
  const travel = problem.travelMinutes;
  const nuggets: number[] = [];
  const room = new Map<number, number>();
  const requests: LegOffer['requests'] = [];
  /** From when `count` more Nuggets fit at the place for good, on top of those reserved there (-Infinity: no capacity). */
  const fitsAt = (place: number, count: number): number => {
    const timeline = state.room[place];
    if (timeline == null) return Number.NEGATIVE_INFINITY;
    return fitsFrom(timeline, (reserved.get(place) ?? 0) + (room.get(place) ?? 0) + count);
  };
  for (const unitIndex of leg.units) {
    const unit: Unit = problem.units[unitIndex]!;
    // the cheap test first: a unit whose windows miss the day (most, on a long period) goes no further
    if (!reachesInto(unit.pickupWindow, from, to) || (unit.type !== 'collect_empty' && !reachesInto(unit.deliveryWindow, from, to))) return null;
    const pickupService = unit.size * unit.pickupMinutesPerNugget;
    const deliveryService = unit.size * unit.deliveryMinutesPerNugget;
    let pickupPlace: number;
    let deliveryPlace: number;
    let toWarehouse = false;
    let atRouteEnd = false;
    let anyDuty: number[] | undefined;
    let carried: number[];
    let eligible = slots.flatMap((slot, k) =>
      unit.eligibleDrivers.includes(slot.driver) && unit.eligibleLorries.includes(slot.lorry) ? [k] : [],
    );
    if (unit.type === 'deliver_empty') {
      deliveryPlace = unit.deliveryPlace!;
      // an empty a collect_empty names, elsewhere than that collection: delivered there, the collection can follow
      const bringsForCollection = (c: EmptyCandidate) => problem.units[c.viaCollectUnit!]!.pickupPlaces[0] === deliveryPlace && c.place !== deliveryPlace;
      const candidates = [...(unit.empties?.reserved ?? []), ...(unit.empties === null ? [] : problem.emptyPools[unit.empties.source])]
        .filter((c) => (c.viaCollectUnit === null || bringsForCollection(c)) && !state.nuggetsTaken.has(c.nugget) && !usedToday.has(c.nugget) && !nuggets.includes(c.nugget))
        .filter((c) => state.nuggetPlace[c.nugget] === c.place);
      const reservedCount = unit.empties?.reserved.length ?? 0;
      // reserved empties first, then one a collection waits for here, then the nearest
      const rank = (c: EmptyCandidate, order: number) => (order < reservedCount ? 0 : c.viaCollectUnit !== null ? 1 : 2);
      const ranked = candidates
        .map((c, order) => ({ c, reserved: rank(c, order) }))
        .sort((a, b) => a.reserved - b.reserved || travel[a.c.place]![deliveryPlace]! - travel[b.c.place]![deliveryPlace]! || a.c.nugget - b.c.nugget);
      // all the unit's empties from one place (one pickup stop)
      const first = ranked[0];
      if (first === undefined) return null;
      const samePlace = ranked.filter((entry) => entry.c.place === first.c.place).slice(0, unit.size);
      if (samePlace.length < unit.size) return null;
      pickupPlace = first.c.place;
      carried = samePlace.map((entry) => entry.c.nugget);
    } else if (unit.type === 'collect_empty') {
      pickupPlace = unit.pickupPlaces[0]!;
      carried = unit.nuggets;
      if (state.nuggetPlace[carried[0]!] !== pickupPlace || usedToday.has(carried[0]!)) return null;
      const warehouses = unit.emptyDestinations?.warehouses ?? [];
      const byDistance = (a: number, b: number) => travel[pickupPlace]![a]! - travel[pickupPlace]![b]! || a - b;
      // the nearest duty place that may take it, else the nearest warehouse that may; any eligible
      // duty may drop it there on its way (a duty based at a handover point too)
      const dutyPlaces = new Set(eligible.map((k) => slots[k]!.place));
      const depots = [...warehouses.filter((place) => dutyPlaces.has(place)).sort(byDistance), ...warehouses.filter((place) => !dutyPlaces.has(place)).sort(byDistance)];
      const depot = depots.find((place) => fitsAt(place, unit.size) <= to);
      if (depot === undefined) return null;
      deliveryPlace = depot;
      toWarehouse = true;
      // the duties based there drop it on their way home (the route-end delivery); others on the way
      const based = eligible.filter((k) => slots[k]!.place === depot);
      anyDuty = eligible;
      if (based.length > 0) {
        eligible = based;
        atRouteEnd = true;
      }
    } else {
      pickupPlace = unit.pickupPlaces[0]!;
      deliveryPlace = unit.deliveryPlace!;
      carried = unit.nuggets;
      if (carried.some((n) => state.nuggetPlace[n] !== pickupPlace || usedToday.has(n))) return null;
    }
    if (eligible.length === 0) return null;
    const fits = fitsAt(deliveryPlace, unit.size);
    if (fits > to) {
      roomless.set(legIndex, deliveryPlace);
      return null;
    }
    if (state.room[deliveryPlace] != null) room.set(deliveryPlace, (room.get(deliveryPlace) ?? 0) + unit.size);
    const pickupWindow = clip(unit.pickupWindow, from, to);
    if (unit.mustClearBy !== null) pickupWindow.latest = Math.min(pickupWindow.latest, unit.mustClearBy - pickupService);
    pickupWindow.earliest = Math.max(pickupWindow.earliest, freeAt(carried));
    const deliveryWindow = toWarehouse ? { earliest: from, latest: to } : clip(unit.deliveryWindow, from, to);
    if (pickupWindow.earliest > pickupWindow.latest || deliveryWindow.earliest > deliveryWindow.latest) return null;
    // the unloading starts once the Nuggets fit there for good
    deliveryWindow.earliest = Math.max(deliveryWindow.earliest, fits);
    if (deliveryWindow.earliest > deliveryWindow.latest) {
      roomless.set(legIndex, deliveryPlace);
      return null;
    }
    nuggets.push(...carried);
    requests.push({
      pickupLocation: pickupPlace,
      deliveryLocation: deliveryPlace,
      pickupWindow,
      deliveryWindow,
      pickupService,
      deliveryService,
      quantity: unit.size,
      droppable: true,
      group: legIndex,
      deliverAtRouteEnd: atRouteEnd,
      eligibleVehicles: eligible,
      day: { unit: unitIndex, nuggets: carried, pickupPlace, deliveryPlace, toWarehouse, ...(anyDuty === undefined ? {} : { anyDuty }) },
    });
  }
  return { requests, nuggets, room };
}

/** The day's routing instance over the legs in `legs` (in order) that can be offered today. */
export function buildDayInstance(
  problem: PlanningProblem,
  day: CalendarSpan,
  slots: DutySlot[],
  legs: readonly number[],
  state: PlanningState,
  trackers: HoursTracker[],
): DayInstance {
  const usedToday = new Set<number>();
  const reserved = new Map<number, number>();
  const roomless = new Map<number, number>();
  const requests: DayRequest[] = [];
  const routingRequests: RoutingRequest[] = [];
  for (const legIndex of legs) {
    const offer = offerLeg(problem, legIndex, day, slots, state, usedToday, reserved, roomless);
    if (offer === null) continue;
    for (const nugget of offer.nuggets) usedToday.add(nugget);
    for (const [place, count] of offer.room) reserved.set(place, (reserved.get(place) ?? 0) + count);
    for (const { day: dayRequest, ...request } of offer.requests) {
      requests.push(dayRequest);
      routingRequests.push(request);
    }
  }
  const instance: RoutingInstance = {
    name: `day ${day.localDate}`,
    travel: problem.travelMinutes,
    horizon: problem.horizon,
    requests: routingRequests,
    vehicles: slots.map((slot, k) => {
      const departure = slot.window.start + problem.walkRoundCheckMinutes;
      return {
        startLocation: slot.place,
        endLocation: slot.place,
        window: { earliest: departure, latest: slot.window.end },
        capacity: problem.lorries[slot.lorry]!.capacity,
        ...slotCounters(slots, k, trackers[slot.driver]!),
      };
    }),
    hours: { ...hoursLimits, maxSpan: hoursLimits.maxSpan - problem.walkRoundCheckMinutes },
    vehiclesFirst: false,
  };
  // on a small day any duty may drop a collected empty at the warehouse on its way, not only at
  // its route's end (the budget policy: on a big day that costs time and plans fewer legs)
  if (routingRequests.length <= FREE_DROPS.requests) {
    requests.forEach((request, index) => {
      if (request.anyDuty === undefined) return;
      instance.requests[index] = { ...instance.requests[index]!, deliverAtRouteEnd: false, eligibleVehicles: request.anyDuty };
    });
  }
  restrictToReachable(instance);
  return { instance, requests, slots, roomless };
}

/**
 * Each request keeps only the vehicles that could serve its leg on a route of its own (the
 * leg's requests alone): a necessary condition, so nothing is lost, and the search stops trying
 * lorries on the other side of the country.
 */
function restrictToReachable(instance: RoutingInstance): void {
  const byLeg = new Map<number, number[]>();
  instance.requests.forEach((request, index) => byLeg.set(request.group, [...(byLeg.get(request.group) ?? []), index]));
  for (const indexes of byLeg.values()) {
    for (const index of indexes) {
      const request = instance.requests[index]!;
      const alone = [{ request: index, kind: 'pickup' as const }, { request: index, kind: 'delivery' as const }];
      request.eligibleVehicles = (request.eligibleVehicles ?? instance.vehicles.map((_, k) => k)).filter((k) => checkRoute(instance, k, alone).ok);
    }
  }
}
