/**
 * Legs that follow another leg on the same day: a move (or a collection) of Nuggets that an
 * earlier leg of the day brings to its pickup place, or a delivery into a capacitated place that
 * is full until a leg of the day takes Nuggets away. A day instance offers only legs whose
 * Nuggets are in place when the day starts, and counts no room the day's own loadings make;
 * once the day is scheduled, when each Nugget arrives and each place empties is known, and the
 * legs that follow form a further wave of the same day.
 *
 * The wave is a restriction that keeps the order without cross-route constraints: the leg that
 * brings a Nugget must deliver it no later than it was scheduled to, and the leg that follows may
 * pick it up only after that delivery ends. Every leg already scheduled stays served (it may not
 * be dropped), so a plan of the wave keeps every Nugget's earlier move.
 */
import type { Duty } from '../plan/types.ts';
import type { CalendarSpan, PlanningProblem } from '../problem/index.ts';
import type { HoursTracker } from '../hours/index.ts';
import { buildDayInstance, commitDay, type DayInstance, type PlanningState, type RequestTimes } from './day-instance.ts';
import { copyRoom, fitsFrom } from './place-room.ts';
import type { DutySlot } from './duties.ts';
import type { RoutingRequest } from '../../routing/index.ts';

/**
 * When a Nugget carried today is unloaded at its delivery place. The plan shows back-to-back
 * unloadings of one leg at a place as one activity, so a Nugget counts as handled until the
 * last of them ends, and the wave keeps every one of them from ending later.
 */
export interface Arrival {
  /** The leg's day requests unloading at that place, with when each unloading starts. */
  unloadings: { request: number; start: number }[];
  /** The end of the last of them. */
  end: number;
}

/** The Nuggets the scheduled duties unload, with when (the last unloading of each). */
export function arrivalsOf(day: DayInstance, duties: readonly { duty: Duty; requests: number[] }[]): Map<number, Arrival> {
  const requestOfUnit = new Map(day.requests.map((request, index) => [request.unit, index]));
  const byLegAndPlace = new Map<string, Arrival>();
  const nuggetsAt = new Map<string, number[]>();
  for (const { duty } of duties) {
    for (const stop of duty.stops) {
      for (const activity of stop.activities) {
        if ((activity.kind !== 'delivery' && activity.kind !== 'yard_work') || activity.unit === null) continue;
        const request = requestOfUnit.get(activity.unit);
        if (request === undefined) continue;
        const key = `${day.instance.requests[request]!.group}@${stop.place}`;
        const group = byLegAndPlace.get(key) ?? { unloadings: [], end: activity.end };
        group.unloadings.push({ request, start: activity.start });
        group.end = Math.max(group.end, activity.end);
        byLegAndPlace.set(key, group);
        nuggetsAt.set(key, [...(nuggetsAt.get(key) ?? []), ...day.requests[request]!.nuggets]);
      }
    }
  }
  const arrivals = new Map<number, Arrival>();
  for (const [key, nuggets] of nuggetsAt) {
    const group = byLegAndPlace.get(key)!;
    for (const nugget of nuggets) {
      const known = arrivals.get(nugget);
      if (known === undefined || known.end < group.end) arrivals.set(nugget, group);
    }
  }
  return arrivals;
}

/** The Nuggets the day's requests carry (those that may arrive somewhere today). */
export function carriedNuggets(day: DayInstance): Set<number> {
  return new Set(day.requests.flatMap((request) => request.nuggets));
}

/**
 * The pending legs not offered yet today whose named Nuggets include one of `arriving` (unloaded
 * today), or that were not offered for want of room at a capacitated place in `freeing` (today's
 * legs load Nuggets there: it may have room once they have gone).
 */
export function followingLegs(
  problem: PlanningProblem,
  day: DayInstance,
  pending: readonly number[],
  arriving: { has(nugget: number): boolean },
  freeing: ReadonlySet<number> = new Set(),
): number[] {
  const offered = new Set(day.instance.requests.map((request) => request.group));
  const roomFreed = (leg: number) => {
    const place = day.roomless?.get(leg);
    return place !== undefined && freeing.has(place);
  };
  return pending.filter(
    (leg) => !offered.has(leg) && (roomFreed(leg) || problem.legs[leg]!.units.some((unit) => problem.units[unit]!.nuggets.some((nugget) => arriving.has(nugget)))),
  );
}

/** The capacitated places the requests load Nuggets at (`requests`: indexes into the day's requests). */
export function placesFreed(problem: PlanningProblem, day: DayInstance, requests: Iterable<number>): Set<number> {
  const places = new Set<number>();
  for (const request of requests) {
    const place = day.requests[request]!.pickupPlace;
    if (problem.places[place]!.capacity !== null) places.add(place);
  }
  return places;
}

/**
 * The day instance with a further wave: the requests of `legs` (offered against the state after
 * the `served` requests) appended; served requests made compulsory, and the order of each
 * Nugget's moves kept by windows. Requests not served are closed (no vehicle may take them: what
 * they reserved, room or empties, is not reserved any more). Null when no leg can be offered.
 */
export function withFollowingWave(
  problem: PlanningProblem,
  span: CalendarSpan,
  day: DayInstance,
  served: readonly number[],
  arrivals: ReadonlyMap<number, Arrival>,
  legs: readonly number[],
  state: PlanningState,
  trackers: HoursTracker[],
  times: ReadonlyMap<number, RequestTimes>,
): DayInstance | null {
  const after = cloneState(state);
  commitDay(problem, day, served, after, times);
  const wave = buildDayInstance(problem, span, day.slots, legs, after, trackers);
  if (wave.requests.length === 0) return null;

  const isServed = new Set(served);
  const latestDelivery = new Map<number, number>();
  const requests: RoutingRequest[] = day.instance.requests.map((request, index) =>
    isServed.has(index) ? { ...request, droppable: false } : { ...request, eligibleVehicles: [] },
  );
  const closedLegs = new Set<number>();
  // a leg's Nuggets all wait for the last of them: back-to-back loadings of a leg read as one
  const ready = new Map<number, number>();
  wave.instance.requests.forEach((request, index) => {
    for (const nugget of wave.requests[index]!.nuggets) {
      const arrival = arrivals.get(nugget);
      if (arrival === undefined) continue;
      ready.set(request.group, Math.max(ready.get(request.group) ?? -Infinity, arrival.end));
      for (const { request: before, start } of arrival.unloadings) latestDelivery.set(before, Math.min(latestDelivery.get(before) ?? Infinity, start));
    }
  });
  const added = wave.instance.requests.map((request) => {
    const earliest = Math.max(request.pickupWindow.earliest, ready.get(request.group) ?? -Infinity);
    if (earliest > request.pickupWindow.latest) closedLegs.add(request.group);
    return { ...request, pickupWindow: { ...request.pickupWindow, earliest } };
  });
  for (const [index, latest] of latestDelivery) {
    const request = requests[index]!;
    requests[index] = { ...request, deliveryWindow: { ...request.deliveryWindow, latest: Math.min(request.deliveryWindow.latest, latest) } };
  }
  // where the new legs' room counts on the served legs' handling as scheduled (they would not fit
  // with today's unloadings counted all the time and its loadings not at all), those loadings
  // may not come later, nor those unloadings earlier
  const filled = new Set<number>();
  const loose = cloneState(state);
  commitDay(problem, day, served, loose);
  const into = new Map<number, number>();
  wave.requests.forEach((request, index) => into.set(request.deliveryPlace, (into.get(request.deliveryPlace) ?? 0) + wave.instance.requests[index]!.quantity));
  for (const [place, count] of into) {
    const room = loose.room[place];
    if (room != null && fitsFrom(room, count) !== Number.NEGATIVE_INFINITY) filled.add(place);
  }
  for (const index of served) {
    const when = times.get(index);
    const request = requests[index]!;
    if (when === undefined) continue;
    if (filled.has(request.pickupLocation)) requests[index] = { ...request, pickupWindow: { ...request.pickupWindow, latest: Math.min(request.pickupWindow.latest, when.pickupStart) } };
    const current = requests[index]!;
    if (filled.has(current.deliveryLocation)) {
      const earliest = Math.max(current.deliveryWindow.earliest, when.deliveryEnd - current.deliveryService);
      requests[index] = { ...current, deliveryWindow: { ...current.deliveryWindow, earliest } };
    }
  }
  const open = added.map((request) => (closedLegs.has(request.group) ? { ...request, eligibleVehicles: [] } : request));
  if (open.every((request) => request.eligibleVehicles?.length === 0)) return null;
  // legs still without room: those of the day not offered in the wave, and the wave's own
  const waveLegs = new Set(wave.instance.requests.map((request) => request.group));
  const roomless = new Map([...(day.roomless ?? [])].filter(([leg]) => !waveLegs.has(leg)));
  for (const [leg, place] of wave.roomless ?? []) roomless.set(leg, place);
  return {
    instance: { ...day.instance, requests: [...requests, ...open] },
    requests: [...day.requests, ...wave.requests],
    slots: day.slots,
    roomless,
  };
}

function cloneState(state: PlanningState): PlanningState {
  return {
    nuggetPlace: state.nuggetPlace.slice(),
    nuggetsTaken: new Set(state.nuggetsTaken),
    room: state.room.map(copyRoom),
    nuggetFreeAt: state.nuggetFreeAt.slice(),
    settled: new Set(state.settled),
  };
}

/**
 * The day instance with the legs that bring Nuggets to `followers` asked to unload them in time
 * for the following leg's pickup window (a restriction of the first wave, so that the wave after
 * it can still pick them up). A leg whose own window would close is left as it was.
 */
export function leaveTimeForFollowers(problem: PlanningProblem, span: CalendarSpan, day: DayInstance, followers: readonly number[]): DayInstance {
  const dayEnd = Math.min(span.end - 1, problem.horizon);
  const carriers = new Map<number, number[]>();
  day.requests.forEach((request, index) => {
    for (const nugget of request.nuggets) carriers.set(nugget, [...(carriers.get(nugget) ?? []), index]);
  });
  const latest = new Map<number, number>();
  for (const leg of followers) {
    for (const unitIndex of problem.legs[leg]!.units) {
      const unit = problem.units[unitIndex]!;
      const place = unit.pickupPlaces[0]!;
      let pickupLatest = Math.min(unit.pickupWindow.end, dayEnd);
      if (unit.mustClearBy !== null) pickupLatest = Math.min(pickupLatest, unit.mustClearBy - unit.size * unit.pickupMinutesPerNugget);
      for (const nugget of unit.nuggets) {
        const bringing = (carriers.get(nugget) ?? []).filter((r) => day.requests[r]!.deliveryPlace === place);
        for (const r of bringing) {
          // every unloading of that leg at the place ends before the pickup (one activity in the plan)
          const legRequests = day.instance.requests.flatMap((request, index) =>
            request.group === day.instance.requests[r]!.group && day.requests[index]!.deliveryPlace === place ? [index] : [],
          );
          const unloading = legRequests.reduce((sum, index) => sum + day.instance.requests[index]!.deliveryService, 0);
          for (const index of legRequests) latest.set(index, Math.min(latest.get(index) ?? Infinity, pickupLatest - unloading));
        }
      }
    }
  }
  if (latest.size === 0) return day;
  const requests = day.instance.requests.map((request, index) => {
    const bound = latest.get(index);
    if (bound === undefined || bound < request.deliveryWindow.earliest || bound >= request.deliveryWindow.latest) return request;
    return { ...request, deliveryWindow: { ...request.deliveryWindow, latest: bound } };
  });
  return { ...day, instance: { ...day.instance, requests } };
}

/**
 * A day's first wave as the planner routes it: the day instance of the legs that can be offered
 * at the start of the day, with the legs that bring Nuggets to following legs asked to unload in
 * time; and those following legs (for the waves after it).
 */
export function firstWave(
  problem: PlanningProblem,
  span: CalendarSpan,
  slots: DutySlot[],
  pending: readonly number[],
  state: PlanningState,
  trackers: HoursTracker[],
): { day: DayInstance; following: number[] } {
  const built = buildDayInstance(problem, span, slots, pending, state, trackers);
  const following = followingLegs(problem, built, pending, carriedNuggets(built), placesFreed(problem, built, built.requests.keys()));
  return { day: following.length > 0 ? leaveTimeForFollowers(problem, span, built, following) : built, following };
}
