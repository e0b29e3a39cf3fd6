/**
 * Per-route data kept beside a route so that a change can be tested in constant time
 * (Savelsbergh's forward time slack, as VROOM's `TWRoute` and PyVRP's route segments keep it):
 * earliest and latest service starts, load after each stop and its largest value over each
 * suffix, travel so far, and where a tail can be cut off without splitting a request. Built in
 * one pass each way; a search rebuilds only the routes a move touched.
 */
import { latestStarts, stopLocation, stopService, stopWindow } from './evaluate.ts';
import type { RouteStop, RoutingInstance } from './instance.ts';

export interface RouteState {
  vehicle: number;
  stops: RouteStop[];
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
  /**
   * Whether the route can be cut before stop i (i <= endSection): no request picked up before i
   * is delivered at i or later, except those delivered at the route's end.
   */
  cut: boolean[];
}

export function buildState(instance: RoutingInstance, vehicleIndex: number, stops: RouteStop[]): RouteState {
  const vehicle = instance.vehicles[vehicleIndex]!;
  const L = stops.length;
  const starts: number[] = new Array(L);
  const loads: number[] = new Array(L);
  const travelTo: number[] = new Array(L + 1);
  let location = vehicle.startLocation;
  let ready = vehicle.window.earliest;
  let load = 0;
  let travel = 0;
  for (let i = 0; i < L; i += 1) {
    const stop = stops[i]!;
    const next = stopLocation(instance, stop);
    const arc = instance.travel[location]![next]!;
    const start = Math.max(ready + arc, stopWindow(instance, stop).earliest);
    const request = instance.requests[stop.request]!;
    load += stop.kind === 'pickup' ? request.quantity : -request.quantity;
    starts[i] = start;
    loads[i] = load;
    travel += arc;
    travelTo[i] = travel;
    ready = start + stopService(instance, stop);
    location = next;
  }
  if (L > 0) travel += instance.travel[location]![vehicle.endLocation]!;
  travelTo[L] = travel;
  const latest = latestStarts(instance, vehicleIndex, stops);
  let endSection = L;
  while (endSection > 0) {
    const stop = stops[endSection - 1]!;
    if (stop.kind !== 'delivery' || !instance.requests[stop.request]!.deliverAtRouteEnd) break;
    endSection -= 1;
  }
  const suffixMaxLoad: number[] = new Array(endSection + 1);
  suffixMaxLoad[endSection] = Number.NEGATIVE_INFINITY;
  for (let i = endSection - 1; i >= 0; i -= 1) suffixMaxLoad[i] = Math.max(loads[i]!, suffixMaxLoad[i + 1]!);
  const cut: boolean[] = new Array(endSection + 1);
  let open = 0;
  for (let i = 0; i <= endSection; i += 1) {
    cut[i] = open === 0;
    if (i === endSection) break;
    const stop = stops[i]!;
    if (instance.requests[stop.request]!.deliverAtRouteEnd) continue;
    open += stop.kind === 'pickup' ? 1 : -1;
  }
  return { vehicle: vehicleIndex, stops, starts, loads, latest, endSection, travel, travelTo, suffixMaxLoad, cut };
}
