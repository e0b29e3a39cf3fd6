/**
 * Evaluation of routes of a `RoutingInstance`: the earliest schedule, feasibility and cost.
 * Used to check what the models return and by the construction heuristic; the models remain
 * the statement of the constraints.
 */
import type { RouteStop, RoutingCost, RoutingInstance, RoutingSolution } from './instance.ts';

export interface RouteSchedule {
  /** Service start at each stop, earliest schedule from the vehicle's earliest departure. */
  starts: number[];
  /** When the vehicle reaches its end location. */
  end: number;
  travel: number;
  /** Smallest possible span (departure delayed as far as the windows allow). */
  minSpan: number;
}

export type RouteCheck = { ok: true; schedule: RouteSchedule } | { ok: false; reason: string };

export function stopLocation(instance: RoutingInstance, stop: RouteStop): number {
  const request = instance.requests[stop.request]!;
  return stop.kind === 'pickup' ? request.pickupLocation : request.deliveryLocation;
}

export function stopWindow(instance: RoutingInstance, stop: RouteStop): { earliest: number; latest: number } {
  const request = instance.requests[stop.request]!;
  return stop.kind === 'pickup' ? request.pickupWindow : request.deliveryWindow;
}

export function stopService(instance: RoutingInstance, stop: RouteStop): number {
  const request = instance.requests[stop.request]!;
  return stop.kind === 'pickup' ? request.pickupService : request.deliveryService;
}

/** By request: the stamp of the last `checkRoute` call that saw its pickup, its delivery. */
let pickedAt = new Int32Array(0);
let deliveredAt = new Int32Array(0);
let lastStamp = 0;

/** A stamp no mark in the arrays holds yet, the arrays long enough for `requests`. */
function nextStamp(requests: number): number {
  if (pickedAt.length < requests || lastStamp >= 0x7fffffff) {
    pickedAt = new Int32Array(Math.max(requests, pickedAt.length));
    deliveredAt = new Int32Array(pickedAt.length);
    lastStamp = 0;
  }
  lastStamp += 1;
  return lastStamp;
}

/** Checks one route against every constraint of pdptw.mzn (hours as the model relaxes them). */
export function checkRoute(instance: RoutingInstance, vehicleIndex: number, stops: readonly RouteStop[]): RouteCheck {
  const vehicle = instance.vehicles[vehicleIndex]!;
  const starts: number[] = [];
  // which requests this call has seen picked up and delivered: marks of this call's stamp in
  // arrays kept between calls (two Sets a call were a fifth of this function's time, in the GC)
  const stamp = nextStamp(instance.requests.length);
  let pickedCount = 0;
  let deliveredCount = 0;
  let location = vehicle.startLocation;
  let ready = vehicle.window.earliest;
  let load = 0;
  let travel = 0;
  let service = 0;
  let atEndSection = false;
  // forward time slack (Savelsbergh): how far departure may be delayed, and the waiting it absorbs
  let waited = 0;
  let slack = Number.POSITIVE_INFINITY;
  for (const stop of stops) {
    const request = instance.requests[stop.request]!;
    if (request.eligibleVehicles !== null && !request.eligibleVehicles.includes(vehicleIndex)) {
      return { ok: false, reason: `request ${stop.request} may not use vehicle ${vehicleIndex}` };
    }
    if (stop.kind === 'pickup') {
      if (pickedAt[stop.request] === stamp) return { ok: false, reason: `request ${stop.request} picked up twice` };
      pickedAt[stop.request] = stamp;
      pickedCount += 1;
    } else {
      if (pickedAt[stop.request] !== stamp || deliveredAt[stop.request] === stamp) {
        return { ok: false, reason: `request ${stop.request} delivered before its pickup or twice` };
      }
      deliveredAt[stop.request] = stamp;
      deliveredCount += 1;
    }
    const endStop = stop.kind === 'delivery' && request.deliverAtRouteEnd;
    if (atEndSection && !endStop) return { ok: false, reason: `a stop follows the route-end deliveries` };
    atEndSection ||= endStop;
    const next = stopLocation(instance, stop);
    const arc = instance.travel[location]![next]!;
    const arrival = ready + arc;
    const window = stopWindow(instance, stop);
    const start = Math.max(arrival, window.earliest);
    if (start > window.latest) return { ok: false, reason: `late at request ${stop.request} ${stop.kind}` };
    waited += start - arrival;
    slack = Math.min(slack, waited + window.latest - start);
    load += stop.kind === 'pickup' ? request.quantity : -request.quantity;
    if (load > vehicle.capacity) return { ok: false, reason: `capacity exceeded at request ${stop.request}` };
    travel += arc;
    service += stopService(instance, stop);
    starts.push(start);
    ready = start + stopService(instance, stop);
    location = next;
  }
  if (pickedCount !== deliveredCount) return { ok: false, reason: 'a pickup without its delivery' };
  const home = instance.travel[location]![vehicle.endLocation]!;
  travel += home;
  const end = ready + home;
  if (end > vehicle.window.latest) return { ok: false, reason: 'returns after the vehicle window' };
  slack = Math.min(slack, waited + vehicle.window.latest - end);
  const minSpan = end - vehicle.window.earliest - Math.min(slack, waited);
  const hours = instance.hours;
  if (hours !== null && stops.length > 0) {
    if (vehicle.drivingDone + travel > hours.maxDriving) return { ok: false, reason: 'daily driving limit' };
    if (minSpan > hours.maxSpan) return { ok: false, reason: 'span limit' };
    // truncated like MiniZinc's `div`: with no driving since the last break, (0 - 1) div B is 0
    const breaks =
      Math.trunc((vehicle.drivingSinceBreak + travel - 1) / hours.drivingBeforeBreak) -
      Math.trunc((vehicle.drivingSinceBreak - 1) / hours.drivingBeforeBreak);
    const needed = travel + service + hours.breakLength * Math.max(0, breaks);
    if (needed > hours.maxSpan || needed > vehicle.window.latest - vehicle.window.earliest) {
      return { ok: false, reason: 'no room for the breaks the driving needs' };
    }
  }
  return { ok: true, schedule: { starts, end, travel, minSpan } };
}

export function routeTravel(instance: RoutingInstance, vehicleIndex: number, stops: readonly RouteStop[]): number {
  const vehicle = instance.vehicles[vehicleIndex]!;
  let location = vehicle.startLocation;
  let travel = 0;
  for (const stop of stops) {
    const next = stopLocation(instance, stop);
    travel += instance.travel[location]![next]!;
    location = next;
  }
  return stops.length === 0 ? 0 : travel + instance.travel[location]![vehicle.endLocation]!;
}

/** Cost of a solution, or the first violation found. Every request is on one route at most. */
export function evaluateSolution(
  instance: RoutingInstance,
  solution: RoutingSolution,
): { ok: true; cost: RoutingCost } | { ok: false; reason: string } {
  const seen = new Set<number>();
  let travel = 0;
  let vehicles = 0;
  for (const [vehicleIndex, stops] of solution.routes.entries()) {
    const check = checkRoute(instance, vehicleIndex, stops);
    if (!check.ok) return { ok: false, reason: `route ${vehicleIndex}: ${check.reason}` };
    for (const stop of stops) {
      if (stop.kind === 'pickup') {
        if (seen.has(stop.request)) return { ok: false, reason: `request ${stop.request} on two routes` };
        seen.add(stop.request);
      }
    }
    travel += check.schedule.travel;
    if (stops.length > 0) vehicles += 1;
  }
  // a group is served by all its requests or by none, and counts once when dropped
  const groupServed = new Map<number, { served: number; total: number; droppable: boolean }>();
  for (const [index, request] of instance.requests.entries()) {
    const entry = groupServed.get(request.group) ?? { served: 0, total: 0, droppable: true };
    entry.total += 1;
    if (seen.has(index)) entry.served += 1;
    entry.droppable &&= request.droppable;
    groupServed.set(request.group, entry);
  }
  let dropped = 0;
  for (const [group, entry] of groupServed) {
    if (entry.served === entry.total) continue;
    if (entry.served > 0) return { ok: false, reason: `group ${group} is served only in part` };
    if (!entry.droppable) return { ok: false, reason: `group ${group} is not served` };
    dropped += 1;
  }
  return { ok: true, cost: { dropped, vehicles, travel } };
}

/** Negative when a is better than b under the instance's lexicographic objective. */
export function compareCost(instance: RoutingInstance, a: RoutingCost, b: RoutingCost): number {
  if (a.dropped !== b.dropped) return a.dropped - b.dropped;
  if (instance.vehiclesFirst) {
    return a.vehicles !== b.vehicles ? a.vehicles - b.vehicles : a.travel - b.travel;
  }
  return a.travel !== b.travel ? a.travel - b.travel : a.vehicles - b.vehicles;
}
