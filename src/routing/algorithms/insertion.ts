/**
 * Deterministic construction: parallel regret-2 insertion of requests into routes (pickup and
 * delivery positions evaluated together, O(L^2) per route with forward propagation and
 * backward latest-start bounds). The quick first solution the large-neighbourhood search starts
 * from; the models then improve it.
 */
import { checkRoute, stopService, stopWindow } from '../structures/evaluate.ts';
import { buildState, type RouteState } from '../structures/route-state.ts';
import { longestArc } from '../utils/relatedness.ts';
import { obeysTriangleInequality } from '../utils/metric.ts';
import { oncePer } from '../utils/memo.ts';
import type { Random } from '../utils/random.ts';
import type { RouteStop, RoutingInstance, RoutingSolution } from '../structures/instance.ts';

export interface Insertion {
  vehicle: number;
  /** Position of the pickup and of the delivery in the route before insertion (pickup <= delivery). */
  pickupAt: number;
  deliveryAt: number;
  /** Added travel. */
  delta: number;
}

/**
 * Blinks (Christiaens & Vanden Berghe's SISR): each feasible position is passed over with
 * probability \`rate\`, so that a recreate does not always rebuild the same routes.
 */
export interface Blink {
  random: Random;
  rate: number;
}

/**
 * Every feasible insertion of the request into the route, cheapest first (positions break ties).
 * The hottest loop of the search: it makes no closures (under tsx each costs a `__name` call).
 */
function insertions(instance: RoutingInstance, vehicleIndex: number, state: RouteState, requestIndex: number, blink: Blink | null = null): Insertion[] {
  const result: Insertion[] = [];
  scanInsertions(instance, vehicleIndex, state, requestIndex, result, blink);
  result.sort((a, b) => a.delta - b.delta || a.pickupAt - b.pickupAt || a.deliveryAt - b.deliveryAt);
  return result;
}

/**
 * Scans every feasible insertion in order of pickup then delivery position: pushes each onto
 * \`all\` when given, and returns the cheapest (the first of equal cost, as the sorted list has it),
 * without building the list when \`all\` is null. With \`limit\` (only when \`all\` and \`blink\` are
 * null), only an insertion cheaper than it is returned: a caller that has no use for dearer ones
 * (a local-search move must gain) says so, and the scan passes over more places.
 */
function scanInsertions(
  instance: RoutingInstance,
  vehicleIndex: number,
  state: RouteState,
  requestIndex: number,
  all: Insertion[] | null,
  blink: Blink | null,
  limit = Number.POSITIVE_INFINITY,
): Insertion | null {
  const request = instance.requests[requestIndex]!;
  const vehicle = instance.vehicles[vehicleIndex]!;
  if (request.eligibleVehicles !== null && !request.eligibleVehicles.includes(vehicleIndex)) return null;
  if (request.quantity > vehicle.capacity) return null;
  const { stops, locations, starts, loads, latest } = state;
  const L = stops.length;
  const travel = instance.travel;
  const P = request.pickupLocation;
  const D = request.deliveryLocation;
  if (L > 0 && freeRouteEndDelivery(instance, vehicle, request)) return scanPickups(instance, vehicleIndex, state, request, all, blink, limit);
  let best: Insertion | null = null;
  // only the cheapest wanted and no blink to draw at each feasible place: a place whose lower
  // bound is no cheaper than the best found is passed over (the first of equal cost stays)
  const prune = all === null && blink === null && obeysTriangleInequality(travel);
  // an empty route's cost is settled after the scan (the way out and home)
  const cap = L === 0 ? Number.POSITIVE_INFINITY : limit;
  const forward = forwardSchedules(instance);
  const lastPickup = state.endSection;
  for (let i = 0; i <= lastPickup; i += 1) {
    const loadBefore = i === 0 ? 0 : loads[i - 1]!;
    if (loadBefore + request.quantity > vehicle.capacity) continue;
    const from = i === 0 ? vehicle.startLocation : locations[i - 1]!;
    if (prune) {
      // the pickup's detour before stop i: the delivery's, wherever it goes, adds no less than nothing
      const to = locations[i]!;
      if (travel[from]![P]! + travel[P]![to]! - travel[from]![to]! >= (best === null ? cap : best.delta)) continue;
    }
    const departure = i === 0 ? vehicle.window.earliest : starts[i - 1]! + stopService(instance, stops[i - 1]!);
    // departures only get later along the route: no later place is in time either
    if (forward && departure > request.pickupWindow.latest) break;
    const pickupStart = Math.max(departure + travel[from]![P]!, request.pickupWindow.earliest);
    if (pickupStart > request.pickupWindow.latest) continue;
    const pickupDelta = travel[from]![P]!;
    // j = i: the delivery right after the pickup
    const firstDelivery = request.deliverAtRouteEnd ? Math.max(i, state.endSection) : i;
    const lastDelivery = request.deliverAtRouteEnd ? L : state.endSection;
    let ready = pickupStart + request.pickupService; // departure from the stop before position j
    let at = P; // location before position j
    let addedBeforeJ = pickupDelta; // travel added by the pickup, excluding the arc into position j
    for (let j = i; j <= lastDelivery; j += 1) {
      if (j > i) {
        // the pickup's detour is known from here on (j > i + 1): no delivery place can make it cheaper
        if (prune && j > i + 1 && addedBeforeJ >= (best === null ? cap : best.delta)) break;
        // move stop j-1 (an original stop) behind the inserted pickup, with the new timing
        const stop = stops[j - 1]!;
        const here = locations[j - 1]!;
        const start = Math.max(ready + travel[at]![here]!, stopWindow(instance, stop).earliest);
        if (start > latest[j - 1]! || loads[j - 1]! + request.quantity > vehicle.capacity) break;
        if (j - 1 === i) addedBeforeJ += travel[P]![here]! - travel[from]![here]!;
        ready = start + stopService(instance, stop);
        at = here;
        if (start === starts[j - 1]! && j < firstDelivery) {
          // the delay is absorbed: up to the route-end deliveries the route runs as before, by the
          // request heavier (its largest load on that stretch is kept in the route state)
          if (state.suffixMaxLoad[j]! + request.quantity > vehicle.capacity) break;
          j = firstDelivery;
          ready = starts[j - 1]! + stopService(instance, stops[j - 1]!);
          at = locations[j - 1]!;
        }
      }
      if (j < firstDelivery) continue;
      // nor for the delivery: leaving the stop before position j after its window closes, no later
      // position is in time
      if (forward && ready > request.deliveryWindow.latest) break;
      const deliveryStart = Math.max(ready + travel[at]![D]!, request.deliveryWindow.earliest);
      if (deliveryStart > request.deliveryWindow.latest) continue;
      const next = locations[j]!;
      const nextArrival = deliveryStart + request.deliveryService + travel[D]![next]!;
      if (nextArrival > latest[j]!) continue;
      // (an empty route's one position is never passed over: it may be a request's only place)
      if (blink !== null && L > 0 && blink.random.next() < blink.rate) continue;
      const delta =
        j === i
          ? travel[from]![P]! + travel[P]![D]! + travel[D]![next]! - travel[from]![next]!
          : addedBeforeJ + travel[at]![D]! + travel[D]![next]! - travel[at]![next]!;
      if (all !== null) all.push({ vehicle: vehicleIndex, pickupAt: i, deliveryAt: j, delta });
      if (delta < (best === null ? cap : best.delta)) best = { vehicle: vehicleIndex, pickupAt: i, deliveryAt: j, delta };
      // every later place among the route-end deliveries is at the same location: no cheaper
      if (request.deliverAtRouteEnd) break;
    }
  }
  // an empty route also pays the way home and the way out
  if (L === 0) {
    const delta = travel[vehicle.startLocation]![P]! + travel[P]![D]! + travel[D]![vehicle.endLocation]!;
    if (all !== null) for (const insertion of all) insertion.delta = delta;
    if (best !== null) best.delta = delta;
    if (delta >= limit) return null;
  }
  return best;
}

/**
 * Whether no arc and no service takes negative time: then a route's departures only get later
 * from stop to stop, and a scan may stop at the first one after a window closes.
 */
const forwardSchedules = oncePer(
  (instance: RoutingInstance) =>
    instance.requests.every((request) => request.pickupService >= 0 && request.deliveryService >= 0) && instance.travel.every((row) => row.every((arc) => arc >= 0)),
);

/**
 * A request delivered at the route's end where the vehicle ends, with no service there and a
 * window the vehicle's return always meets (a VRPTW customer: Solomon's, a load back to the
 * depot): its delivery costs no travel and fits wherever the route still gets home in time.
 */
function freeRouteEndDelivery(instance: RoutingInstance, vehicle: RoutingInstance['vehicles'][number], request: RoutingInstance['requests'][number]): boolean {
  const D = request.deliveryLocation;
  return request.deliverAtRouteEnd && D === vehicle.endLocation && request.deliveryService === 0 && instance.travel[D]![D]! === 0 &&
    request.deliveryWindow.earliest <= vehicle.window.earliest && request.deliveryWindow.latest >= vehicle.window.latest;
}

/**
 * `scanInsertions` for a request with a free route-end delivery (on a route with stops): only the
 * pickup's place is chosen, in constant time each (Savelsbergh): the pickup fits before stop i
 * when the stop can still start by its latest start and the load after i, raised by the
 * request, stays within capacity; its delivery goes first among the route-end deliveries, at
 * no cost. The same places, costs, order and blinks as the general scan (which checks each place
 * by walking the delay along the route: O(L^2) a route, against O(L)).
 */
function scanPickups(
  instance: RoutingInstance,
  vehicleIndex: number,
  state: RouteState,
  request: RoutingInstance['requests'][number],
  all: Insertion[] | null,
  blink: Blink | null,
  limit: number,
): Insertion | null {
  const vehicle = instance.vehicles[vehicleIndex]!;
  const { stops, locations, starts, loads, latest, endSection } = state;
  const L = stops.length;
  const travel = instance.travel;
  const P = request.pickupLocation;
  const q = request.quantity;
  const capacity = vehicle.capacity;
  let best: Insertion | null = null;
  // only the cheapest wanted and no blink to draw at each feasible place: a place no cheaper than
  // the best found is not checked (the first of equal cost stays)
  const cheapestOnly = all === null && blink === null;
  const forward = forwardSchedules(instance);
  for (let i = 0; i <= endSection; i += 1) {
    const loadBefore = i === 0 ? 0 : loads[i - 1]!;
    if (loadBefore + q > capacity) continue;
    if (i < endSection && state.suffixMaxLoad[i]! + q > capacity) continue;
    const previous = i === 0 ? null : stops[i - 1]!;
    const from = previous === null ? vehicle.startLocation : locations[i - 1]!;
    if (cheapestOnly) {
      const to = locations[i]!;
      if (travel[from]![P]! + travel[P]![to]! - travel[from]![to]! >= (best === null ? limit : best.delta)) continue;
    }
    const departure = previous === null ? vehicle.window.earliest : starts[i - 1]! + stopService(instance, previous);
    // departures only get later along the route: no later place is in time either
    if (forward && departure > request.pickupWindow.latest) break;
    const pickupStart = Math.max(departure + travel[from]![P]!, request.pickupWindow.earliest);
    if (pickupStart > request.pickupWindow.latest) continue;
    const next = locations[i]!;
    const arrival = pickupStart + request.pickupService + travel[P]![next]!;
    if ((i < L ? Math.max(arrival, stopWindow(instance, stops[i]!).earliest) : arrival) > latest[i]!) continue;
    // the delivery fits at each place among the route-end deliveries, at the same cost: a blink
    // passes over one place and the next is tried, as the general scan does
    let deliveryAt = endSection;
    if (blink !== null) while (deliveryAt <= L && blink.random.next() < blink.rate) deliveryAt += 1;
    if (deliveryAt > L) continue;
    const delta = travel[from]![P]! + travel[P]![next]! - travel[from]![next]!;
    if (all !== null) all.push({ vehicle: vehicleIndex, pickupAt: i, deliveryAt, delta });
    if (delta < (best === null ? limit : best.delta)) best = { vehicle: vehicleIndex, pickupAt: i, deliveryAt, delta };
  }
  return best;
}

export function applyInsertion(stops: RouteStop[], requestIndex: number, insertion: Insertion): RouteStop[] {
  const next = stops.slice();
  next.splice(insertion.deliveryAt, 0, { request: requestIndex, kind: 'delivery' });
  next.splice(insertion.pickupAt, 0, { request: requestIndex, kind: 'pickup' });
  return next;
}

/**
 * The cheapest insertion that passes the full route check (hours included), or null; with
 * \`limit\` (no blinks), null too when it adds no less travel than that.
 */
export function bestInsertion(
  instance: RoutingInstance,
  vehicleIndex: number,
  stops: RouteStop[],
  requestIndex: number,
  state: RouteState = buildState(instance, vehicleIndex, stops),
  blink: Blink | null = null,
  limit = Number.POSITIVE_INFINITY,
): Insertion | null {
  if (blink !== null && limit !== Number.POSITIVE_INFINITY) throw new Error('bestInsertion: a limit with blinks');
  // blinks draw at random: nothing to keep
  if (blink !== null || state.vehicle !== vehicleIndex) return findInsertion(instance, vehicleIndex, stops, requestIndex, state, blink, limit);
  // the same question about the same route state has the same answer: a local-search pass asks
  // again about the routes its last move left alone (about half the questions on RC104 and
  // lrc205), and the ejection search about the requests it ejects again and again
  let known = state.insertions;
  if (known === null) {
    known = new Map();
    state.insertions = known;
  }
  const kept = known.get(requestIndex);
  if (kept !== undefined) {
    if (typeof kept !== 'number') return kept !== null && kept.delta < limit ? kept : null;
    if (limit <= kept) return null;
  }
  const found = findInsertion(instance, vehicleIndex, stops, requestIndex, state, null, limit);
  // a place found under a limit is the cheapest of all (the scan returns the cheapest below it)
  if (found !== null || limit === Number.POSITIVE_INFINITY) known.set(requestIndex, found);
  else known.set(requestIndex, limit);
  return found;
}

function findInsertion(
  instance: RoutingInstance,
  vehicleIndex: number,
  stops: RouteStop[],
  requestIndex: number,
  state: RouteState,
  blink: Blink | null,
  limit: number,
): Insertion | null {
  // without hours rules every insertion the scan admits is feasible: the cheapest, unlisted
  if (instance.hours === null) return scanInsertions(instance, vehicleIndex, state, requestIndex, null, blink, limit);
  for (const insertion of insertions(instance, vehicleIndex, state, requestIndex, blink)) {
    if (checkRoute(instance, vehicleIndex, applyInsertion(stops, requestIndex, insertion)).ok) return insertion.delta < limit ? insertion : null;
  }
  return null;
}

/** Every insertion of the request into the route that passes the full route check, cheapest first. */
export function feasibleInsertions(instance: RoutingInstance, vehicleIndex: number, stops: RouteStop[], requestIndex: number): Insertion[] {
  return insertions(instance, vehicleIndex, buildState(instance, vehicleIndex, stops), requestIndex).filter(
    (insertion) => instance.hours === null || checkRoute(instance, vehicleIndex, applyInsertion(stops, requestIndex, insertion)).ok,
  );
}

export interface InsertionOptions {
  /** Requests to insert, in tie-break order. */
  requests: number[];
  /** Vehicles that may receive them. */
  vehicles: number[];
  /**
   * Open an unused vehicle at its travel alone even when vehicles count first (no opening
   * penalty): the construction's travel-first start.
   */
  travelOnly?: boolean;
}

/**
 * Vehicles interchangeable while empty share a kind: the same times, capacity, hours counters
 * and the same requests allowed on them (equipment and qualifications tell crews apart).
 */
function vehicleKinds(instance: RoutingInstance): number[] {
  const allowedRequests = instance.vehicles.map((): number[] => []);
  for (const [r, request] of instance.requests.entries()) for (const k of request.eligibleVehicles ?? []) allowedRequests[k]?.push(r);
  const kindIds = new Map<string, number>();
  return instance.vehicles.map((v, k) => {
    const key = `${v.startLocation}/${v.endLocation}/${v.window.earliest}/${v.window.latest}/${v.capacity}/${v.drivingDone}/${v.drivingSinceBreak}/${allowedRequests[k]!.join(',')}`;
    if (!kindIds.has(key)) kindIds.set(key, kindIds.size);
    return kindIds.get(key)!;
  });
}

/**
 * Regret-2 insertion of `options.requests` into the routes of `solution` (changed in place):
 * repeatedly the request whose best route beats its second best by most goes to its best route.
 * With `vehiclesFirst` (unless `travelOnly`), opening an unused vehicle costs more than any
 * insertion into a used one. Only one unused vehicle of each kind is tried (they are
 * interchangeable). Returns the requests that fit nowhere.
 */
export function regretInsert(instance: RoutingInstance, solution: RoutingSolution, options: InsertionOptions): number[] {
  const openPenalty = instance.vehiclesFirst && options.travelOnly !== true ? 4 * longestArc(instance.travel) * (instance.requests.length + 1) : 0;
  const kindOf = vehicleKinds(instance);
  const allowed = new Set(options.vehicles);
  // route states are built when first needed: a call often touches a few of many routes
  const states = new Map<number, RouteState>();
  const stateOf = (k: number): RouteState => {
    let state = states.get(k);
    if (state === undefined) {
      state = buildState(instance, k, solution.routes[k]!);
      states.set(k, state);
    }
    return state;
  };
  const pending = [...options.requests];
  const candidates = new Map<number, number[]>();
  const best = new Map<number, (Insertion | null)[]>();
  for (const r of pending) {
    const eligible = (instance.requests[r]!.eligibleVehicles ?? options.vehicles).filter((k) => allowed.has(k));
    candidates.set(r, eligible);
    best.set(r, eligible.map((k) => bestInsertion(instance, k, solution.routes[k]!, r, stateOf(k))));
  }
  const failed: number[] = [];
  while (pending.length > 0) {
    const representative = new Map<number, number>();
    for (const k of options.vehicles) {
      if (solution.routes[k]!.length === 0 && !representative.has(kindOf[k]!)) representative.set(kindOf[k]!, k);
    }
    let chosen: { position: number; r: number; insertion: Insertion; regret: number; cost: number } | null = null;
    for (const [position, r] of pending.entries()) {
      const list = candidates.get(r)!;
      const inserts = best.get(r)!;
      let firstCost = Number.POSITIVE_INFINITY;
      let first: Insertion | null = null;
      let second = Number.POSITIVE_INFINITY;
      for (let index = 0; index < list.length; index += 1) {
        const insertion = inserts[index];
        if (insertion === null || insertion === undefined) continue;
        const k = list[index]!;
        const empty = solution.routes[k]!.length === 0;
        if (empty && representative.get(kindOf[k]!) !== k) continue;
        const cost = insertion.delta + (empty ? openPenalty : 0);
        if (cost < firstCost) {
          second = firstCost;
          firstCost = cost;
          first = insertion;
        } else if (cost < second) second = cost;
      }
      if (first === null) continue;
      const regret = second === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : second - firstCost;
      if (chosen === null || regret > chosen.regret || (regret === chosen.regret && firstCost < chosen.cost)) {
        chosen = { position, r, insertion: first, regret, cost: firstCost };
      }
    }
    if (chosen === null) {
      failed.push(...pending.sort((a, b) => a - b));
      break;
    }
    const k = chosen.insertion.vehicle;
    solution.routes[k] = applyInsertion(solution.routes[k]!, chosen.r, chosen.insertion);
    states.delete(k);
    pending.splice(chosen.position, 1);
    for (const r of pending) {
      const index = candidates.get(r)!.indexOf(k);
      if (index >= 0) best.get(r)![index] = bestInsertion(instance, k, solution.routes[k]!, r, stateOf(k));
    }
  }
  return failed;
}

/** Whether every group holds one request. */
const singleRequestGroups = oncePer((instance: RoutingInstance) => new Set(instance.requests.map((request) => request.group)).size === instance.requests.length);

/** Takes out the requests of groups that are served only in part; returns the requests taken out. */
export function dropPartialGroups(instance: RoutingInstance, solution: RoutingSolution): number[] {
  // groups of one request are never served in part (the benchmarks': a recreate asked after
  // each ruin, building a map of every group, 2 % of the search on RC104 and lrc205)
  if (singleRequestGroups(instance)) return [];
  const served = new Set(solution.routes.flat().map((stop) => stop.request));
  const partial = new Set<number>();
  const groupServed = new Map<number, boolean[]>();
  for (const [index, request] of instance.requests.entries()) {
    groupServed.set(request.group, [...(groupServed.get(request.group) ?? []), served.has(index)]);
  }
  for (const [group, flags] of groupServed) if (flags.some((flag) => flag) && flags.some((flag) => !flag)) partial.add(group);
  const removed = instance.requests.flatMap((request, index) => (partial.has(request.group) && served.has(index) ? [index] : []));
  const out = new Set(removed);
  solution.routes = solution.routes.map((stops) => stops.filter((stop) => !out.has(stop.request)));
  return removed;
}

/**
 * The first solution: every request inserted by regret-2 into initially empty routes; groups
 * served in part are taken out. When vehicles count first, the routes are built for travel
 * alone, as many as that takes (route elimination then empties routes from their local optimum):
 * built to fill each route before opening the next, the first routes ran to the end of their
 * time with long zigzag tours no travel move could untangle (lr2/lrc2 at 0.5 s: 30-50 % over
 * the best-known distance at its vehicle count; see the README's routing figures). Should the
 * fleet be too small for a travel-first start (requests left out), the routes are filled instead.
 */
export function construct(instance: RoutingInstance): { solution: RoutingSolution; unserved: number[] } {
  const travelFirst = build(instance, instance.vehiclesFirst);
  if (!instance.vehiclesFirst || travelFirst.unserved.length === 0) return travelFirst;
  const filled = build(instance, false);
  return filled.unserved.length < travelFirst.unserved.length ? filled : travelFirst;
}

function build(instance: RoutingInstance, travelOnly: boolean): { solution: RoutingSolution; unserved: number[] } {
  const solution: RoutingSolution = { routes: instance.vehicles.map(() => []) };
  const unserved = regretInsert(instance, solution, {
    requests: instance.requests.map((_, index) => index),
    vehicles: instance.vehicles.map((_, index) => index),
    travelOnly,
  });
  const removed = dropPartialGroups(instance, solution);
  return { solution, unserved: [...unserved, ...removed].sort((a, b) => a - b) };
}
