/**
 * Relocate with a repair (a two-link ejection chain inside the target route): a request goes to a
 * nearby route at a cheap place where it makes a later stop late, and one stop near that late
 * stop moves a few places to make room. Neither link pays alone (the insertion is infeasible,
 * the stop's move is no shorter), so relocate and the intra-route moves never find it: on C204
 * at 0.5 s (seed 9) the one improving move of its local optimum was a customer moved to the
 * start of another route whose two stops sixteen places on then swapped (1.47 -> 0.56 % over
 * the best-known distance).
 * Each place is first judged by travel (the request's detour); the few cheapest are simulated to
 * find the first late stop; each repair is judged by travel in constant time, and only one that
 * makes the whole move pay goes to the full route check.
 */
import { stopLocation, stopService, stopWindow } from '../../structures/evaluate.ts';
import type { RouteStop, RoutingInstance } from '../../structures/instance.ts';
import { without, type LocalSearchContext } from './context.ts';

/** Nearby routes a request may go to. */
const REPAIR_ROUTES = 3;
/**
 * Stops a route needs for a request to be repaired into it: a late stop far from the insertion
 * is a long route's trouble (C2, R2, RC2); on short ones relocate and the ruins reach what a
 * route can hold, and the move is not paid for there. (Ungated, RC104 measured worse, 0.5 s
 * seeds 1-12: within 1 % of the best-known distance 4 -> 3 runs, mean 1.36 -> 2.67 %; but gated,
 * where it never runs on RC104's routes of about twenty stops, RC104 moved as much, 3 -> 1 of 8:
 * the operator's share of the random operator order changes the trajectory. No evidence either
 * way; the gate keeps the cost off short routes.)
 */
const LONG_ROUTE = 30;
/** Cheapest places (by the request's detour) simulated in each route. */
const PLACES = 4;
/** Stops at and before the first late stop that a repair may move. */
const REACH_BACK = 3;
/** Places a repaired stop may move, either way. */
const SHIFT = 3;
/** Repaired routes with no stop late given to the full check, cheapest first. */
const REPAIRS_TRIED = 2;

/**
 * Tried only where requests are delivered at the route's end (VRPTW customers, Solomon's): for
 * a pickup and delivery elsewhere, the delivery right after the pickup is seldom the place that
 * pays, and lrc205 measured worse with it (0.5 s, seeds 1-8: within 1 % of the best-known
 * distance 3 -> 0 runs). Elsewhere the other operators are drawn as before it came.
 */
export function hasRouteEndDeliveries(instance: RoutingInstance): boolean {
  return instance.requests.some((request) => request.deliverAtRouteEnd);
}

export function relocateRepair(context: LocalSearchContext, r: number): boolean {
  const { instance } = context;
  const from = context.routeOf[r]!;
  if (from < 0) return false;
  const request = instance.requests[r]!;
  if (!request.deliverAtRouteEnd) return false;
  // a route emptied is relocate's move (one vehicle fewer), not this one's
  if (context.routes[from]!.length <= 2) return false;
  const gain = context.savedWithout(from, r);
  const travel = instance.travel;
  const P = request.pickupLocation;
  const D = request.deliveryLocation;
  for (const k of context.nearRoutes(r, REPAIR_ROUTES)) {
    if (request.eligibleVehicles !== null && !request.eligibleVehicles.includes(k)) continue;
    if (context.routes[k]!.length < LONG_ROUTE) continue;
    const state = context.state(k);
    const { stops, endSection } = state;
    const vehicle = instance.vehicles[k]!;
    // the pickup before stop i, its delivery first among the route-end deliveries: the cheapest
    // few places by travel
    const places: { i: number; detour: number }[] = [];
    for (let i = 0; i <= endSection; i += 1) {
      const before = i === 0 ? vehicle.startLocation : state.locations[i - 1]!;
      const after = state.locations[i]!;
      const detour = travel[before]![P]! + travel[P]![after]! - travel[before]![after]! + deliveryDetour(context, k, D);
      if (detour >= gain) continue;
      places.push({ i, detour });
    }
    places.sort((x, y) => x.detour - y.detour || x.i - y.i);
    for (let c = 0; c < places.length && c < PLACES; c += 1) {
      const { i, detour } = places[c]!;
      const moved = inserted(stops, endSection, r, i);
      const late = firstLate(context, k, moved);
      // feasible as it is (relocate's move) or late at a stop no repair within reach can help
      if (late < 0) continue;
      // the cheapest repairs that leave no stop late go to the full check
      let tried = 0;
      for (const repair of repairs(context, k, moved, late, r, gain - detour)) {
        if (tried >= REPAIRS_TRIED) break;
        const repaired = moveStop(moved, repair.x, repair.y);
        if (firstLate(context, k, repaired) >= 0) continue;
        tried += 1;
        if (context.tryApply([
          { vehicle: from, stops: without(context.routes[from]!, r) },
          { vehicle: k, stops: repaired },
        ])) return true;
      }
    }
  }
  return false;
}

/** What a route-end delivery adds: nothing where it is delivered where the vehicle ends. */
function deliveryDetour(context: LocalSearchContext, k: number, D: number): number {
  const end = context.instance.vehicles[k]!.endLocation;
  return D === end ? 0 : Number.POSITIVE_INFINITY;
}

/** The stops with r's pickup before stop i and its delivery first among the route-end deliveries. */
function inserted(stops: readonly RouteStop[], endSection: number, r: number, i: number): RouteStop[] {
  const result: RouteStop[] = [];
  for (let x = 0; x <= stops.length; x += 1) {
    if (x === i) result.push({ request: r, kind: 'pickup' });
    if (x === Math.max(i, endSection)) result.push({ request: r, kind: 'delivery' });
    if (x < stops.length) result.push(stops[x]!);
  }
  return result;
}

/** Index of the first stop whose window the earliest schedule misses (stops.length: the return), or -1 when none. */
function firstLate(context: LocalSearchContext, k: number, stops: readonly RouteStop[]): number {
  const { instance } = context;
  const vehicle = instance.vehicles[k]!;
  const travel = instance.travel;
  let where = vehicle.startLocation;
  let ready = vehicle.window.earliest;
  for (let x = 0; x < stops.length; x += 1) {
    const stop = stops[x]!;
    const here = stopLocation(instance, stop);
    const window = stopWindow(instance, stop);
    const start = Math.max(ready + travel[where]![here]!, window.earliest);
    if (start > window.latest) return x;
    ready = start + stopService(instance, stop);
    where = here;
  }
  return ready + travel[where]![vehicle.endLocation]! > vehicle.window.latest ? stops.length : -1;
}

/** Where the route's stop x is (before the first: the start, after the last: the end). */
function locationAt(context: LocalSearchContext, k: number, stops: readonly RouteStop[], x: number): number {
  const vehicle = context.instance.vehicles[k]!;
  return x < 0 ? vehicle.startLocation : x >= stops.length ? vehicle.endLocation : stopLocation(context.instance, stops[x]!);
}

/**
 * The moves of one stop x at or a little before the late one (not r's, not a route-end
 * delivery) to a place y at most SHIFT away that add less than \`budget\` travel (judged in
 * constant time each), cheapest first.
 */
function repairs(context: LocalSearchContext, k: number, stops: readonly RouteStop[], late: number, r: number, budget: number): { x: number; y: number; delta: number }[] {
  const { instance } = context;
  const travel = instance.travel;
  // the core stops end where the route-end deliveries begin
  let core = stops.length;
  while (core > 0 && stops[core - 1]!.kind === 'delivery' && instance.requests[stops[core - 1]!.request]!.deliverAtRouteEnd) core -= 1;
  const found: { x: number; y: number; delta: number }[] = [];
  const last = Math.min(late, core - 1);
  for (let x = Math.max(0, last - REACH_BACK); x <= last; x += 1) {
    if (stops[x]!.request === r) continue;
    const here = locationAt(context, k, stops, x);
    const before = locationAt(context, k, stops, x - 1);
    const after = locationAt(context, k, stops, x + 1);
    const removal = travel[before]![here]! + travel[here]![after]! - travel[before]![after]!;
    // before stop y (y != x, x + 1): its neighbours then are stops y - 1 and y
    for (let y = Math.max(0, x - SHIFT); y <= Math.min(core, x + SHIFT + 1); y += 1) {
      if (y === x || y === x + 1) continue;
      const left = locationAt(context, k, stops, y - 1);
      const right = locationAt(context, k, stops, y);
      const delta = travel[left]![here]! + travel[here]![right]! - travel[left]![right]! - removal;
      if (delta < budget) found.push({ x, y, delta });
    }
  }
  found.sort((a, b) => a.delta - b.delta || a.x - b.x || a.y - b.y);
  return found;
}

/** The stops with stop x moved before stop y (y != x, x + 1). */
function moveStop(stops: readonly RouteStop[], x: number, y: number): RouteStop[] {
  const result: RouteStop[] = [];
  for (let z = 0; z <= stops.length; z += 1) {
    if (z === y) result.push(stops[x]!);
    if (z < stops.length && z !== x) result.push(stops[z]!);
  }
  return result;
}
