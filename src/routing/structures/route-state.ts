/**
 * Per-route data kept beside a route so that a change can be tested in constant time
 * (Savelsbergh's forward time slack, as VROOM's `TWRoute` and PyVRP's route segments keep it):
 * earliest and latest service starts, load after each stop and its largest value over each
 * suffix, travel so far, and where a tail can be cut off without splitting a request. Built in
 * one pass each way; a search rebuilds only the routes a move touched.
 */
import type { RouteStop, RoutingInstance } from './instance.ts';

export interface RouteState {
  vehicle: number;
  stops: RouteStop[];
  /** Location of each stop (index L: the vehicle's end). */
  locations: number[];
  /** Earliest service start of each stop. */
  starts: number[];
  /** Load after each stop. */
  loads: number[];
  /** Latest service start of each stop (or arrival at the end, index L) that keeps the rest feasible. */
  latest: number[];
  /** Index of the first route-end delivery (L when none). */
  endSection: number;
  travel: number;
  /** Travel from the start to stop i (index L: to the end). */
  travelTo: number[];
  /** Largest load after any stop in [i, endSection) (index endSection: -Infinity). */
  suffixMaxLoad: number[];
  /** Where the route can be cut (`cutsOf`), once asked: null until then. */
  cuts: boolean[] | null;
  /**
   * What \`bestInsertion\` (algorithms/insertion.ts) found for a request on this route, kept while
   * the state lives (a state is rebuilt when its route changes): null until the first.
   */
  insertions: Map<number, KnownInsertion> | null;
}

/**
 * A request's cheapest insertion into the route as far as it is known: the cheapest itself (null:
 * none fits), or a number: none adds less travel than it (a number, not an object: a local-search
 * pass records thousands of these).
 */
export type KnownInsertion = { vehicle: number; pickupAt: number; deliveryAt: number; delta: number } | null | number;

export function buildState(instance: RoutingInstance, vehicleIndex: number, stops: RouteStop[]): RouteState {
  const vehicle = instance.vehicles[vehicleIndex]!;
  // each stop's request read directly (no helper per field): with the insertion scan, the
  // hottest code of the search (17 % faster than through evaluate.ts's stop helpers)
  const requests = instance.requests;
  const matrix = instance.travel;
  const L = stops.length;
  const locations: number[] = new Array(L + 1);
  const starts: number[] = new Array(L);
  const loads: number[] = new Array(L);
  const travelTo: number[] = new Array(L + 1);
  const latest: number[] = new Array(L + 1);
  let location = vehicle.startLocation;
  let ready = vehicle.window.earliest;
  let load = 0;
  let travel = 0;
  for (let i = 0; i < L; i += 1) {
    const stop = stops[i]!;
    const request = requests[stop.request]!;
    const pickup = stop.kind === 'pickup';
    const next = pickup ? request.pickupLocation : request.deliveryLocation;
    const arc = matrix[location]![next]!;
    const opens = pickup ? request.pickupWindow.earliest : request.deliveryWindow.earliest;
    const arrival = ready + arc;
    const start = arrival > opens ? arrival : opens;
    load += pickup ? request.quantity : -request.quantity;
    locations[i] = next;
    starts[i] = start;
    loads[i] = load;
    travel += arc;
    travelTo[i] = travel;
    ready = start + (pickup ? request.pickupService : request.deliveryService);
    location = next;
  }
  if (L > 0) travel += matrix[location]![vehicle.endLocation]!;
  locations[L] = vehicle.endLocation;
  travelTo[L] = travel;
  // latest service starts, backwards: the latest start of the stop after, less the service and the arc
  let bound = vehicle.window.latest;
  latest[L] = bound;
  let nextLocation = vehicle.endLocation;
  for (let index = L - 1; index >= 0; index -= 1) {
    const stop = stops[index]!;
    const request = requests[stop.request]!;
    const pickup = stop.kind === 'pickup';
    const here = pickup ? request.pickupLocation : request.deliveryLocation;
    const closes = pickup ? request.pickupWindow.latest : request.deliveryWindow.latest;
    const b = bound - (pickup ? request.pickupService : request.deliveryService) - matrix[here]![nextLocation]!;
    bound = closes < b ? closes : b;
    latest[index] = bound;
    nextLocation = here;
  }
  let endSection = L;
  while (endSection > 0) {
    const stop = stops[endSection - 1]!;
    if (stop.kind !== 'delivery' || !requests[stop.request]!.deliverAtRouteEnd) break;
    endSection -= 1;
  }
  const suffixMaxLoad: number[] = new Array(endSection + 1);
  suffixMaxLoad[endSection] = Number.NEGATIVE_INFINITY;
  for (let i = endSection - 1; i >= 0; i -= 1) suffixMaxLoad[i] = Math.max(loads[i]!, suffixMaxLoad[i + 1]!);
  return { vehicle: vehicleIndex, stops, locations, starts, loads, latest, endSection, travel, travelTo, suffixMaxLoad, cuts: null, insertions: null };
}

/**
 * Whether the route can be cut before stop i (i <= endSection): no request picked up before i
 * is delivered at i or later, except those delivered at the route's end. Found when first asked
 * (only the tail and block moves ask: most states are built for insertions).
 */
export function cutsOf(instance: RoutingInstance, state: RouteState): boolean[] {
  if (state.cuts !== null) return state.cuts;
  const { stops, endSection } = state;
  const cuts: boolean[] = new Array(endSection + 1);
  let open = 0;
  for (let i = 0; i <= endSection; i += 1) {
    cuts[i] = open === 0;
    if (i === endSection) break;
    const stop = stops[i]!;
    if (instance.requests[stop.request]!.deliverAtRouteEnd) continue;
    open += stop.kind === 'pickup' ? 1 : -1;
  }
  state.cuts = cuts;
  return cuts;
}
