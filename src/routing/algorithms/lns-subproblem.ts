/**
 * A large-neighbourhood subproblem as a small `RoutingInstance` for models/pdptw.mzn, and the
 * way back. The subproblem holds only the routes involved and, on long routes, only the segment
 * around the freed stops: the fixed prefix becomes a virtual start (its last place, at its
 * departure time), the fixed suffix a virtual end (its first place, by its latest start), and
 * requests that cross a cut keep their other end there. Everything outside stays as it is.
 */
import { checkRoute, stopLocation, stopService } from '../structures/evaluate.ts';
import { buildState } from '../structures/route-state.ts';
import type { PdptwRestriction } from '../utils/pdptw-data.ts';
import type { RouteStop, RoutingCost, RoutingInstance, RoutingRequest, RoutingSolution, RoutingVehicle } from '../structures/instance.ts';

export interface NeighbourhoodSpec {
  /** Vehicles whose routes (or route segments) are opened. */
  vehicles: number[];
  /** Requests taken out of their routes (free to go anywhere in the subproblem). */
  freed: Set<number>;
  /** Unserved requests offered to the subproblem (droppable ones only). */
  unserved: number[];
  /** Kept stops keep their relative order (`false`: kept stops stay on their vehicle in any order). */
  keepOrder: boolean;
  /** Stops kept on either side of the freed ones before a long route is cut; null = never cut. */
  margin: number | null;
}

interface Segment {
  vehicle: number;
  prefix: RouteStop[];
  suffix: RouteStop[];
  /** Route-end deliveries of requests picked up in the prefix (carried through, put back at the end). */
  throughAtEnd: RouteStop[];
}

export interface Subproblem {
  instance: RoutingInstance;
  restriction: PdptwRestriction;
  /** The current solution of the subproblem and its cost (the incumbent to beat). */
  current: RoutingSolution;
  currentCost: RoutingCost;
  segments: Segment[];
  /** Sub request -> full request, and which of its stops are virtual (outside the segment). */
  origins: { request: number; virtualPickup: boolean; virtualDelivery: boolean }[];
}

function segmentBounds(instance: RoutingInstance, stops: RouteStop[], spec: NeighbourhoodSpec): [number, number] {
  const L = stops.length;
  if (spec.margin === null || instance.hours !== null || L === 0) return [0, L - 1];
  const positions = stops.flatMap((stop, index) => (spec.freed.has(stop.request) ? [index] : []));
  const hasRouteEnd = instance.requests.some((request) => request.deliverAtRouteEnd);
  let a: number;
  let b: number;
  if (positions.length === 0) {
    // a route receiving requests only: open the part of it nearest in time to the freed requests
    const freedTimes = [...spec.freed].map((r) => instance.requests[r]!.pickupWindow.earliest).sort((x, y) => x - y);
    const target = freedTimes[Math.floor(freedTimes.length / 2)] ?? 0;
    let centre = 0;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const [index, stop] of stops.entries()) {
      const request = instance.requests[stop.request]!;
      const window = stop.kind === 'pickup' ? request.pickupWindow : request.deliveryWindow;
      const gap = Math.abs(window.earliest - target);
      if (gap < bestGap) { bestGap = gap; centre = index; }
    }
    a = centre - 2 * spec.margin;
    b = centre + 2 * spec.margin;
  } else {
    a = Math.min(...positions) - spec.margin;
    b = Math.max(...positions) + spec.margin;
  }
  a = Math.max(0, a);
  b = hasRouteEnd ? L - 1 : Math.min(L - 1, b);
  return [a, b];
}

export function buildSubproblem(instance: RoutingInstance, solution: RoutingSolution, spec: NeighbourhoodSpec): Subproblem {
  const vehicles: RoutingVehicle[] = [];
  const requests: RoutingRequest[] = [];
  const origins: Subproblem['origins'] = [];
  const segments: Segment[] = [];
  const alreadyUsed: boolean[] = [];
  const localOf = new Map<number, number>();
  const current: RouteStop[][] = [];
  // sub requests are numbered as met; the location matrix is restricted at the end
  const addRequest = (request: number, virtualPickup: boolean, virtualDelivery: boolean, shape: RoutingRequest): number => {
    const local = requests.length;
    requests.push(shape);
    origins.push({ request, virtualPickup, virtualDelivery });
    localOf.set(request, local);
    return local;
  };
  const fixedVehicle: (number | null)[] = [];
  const keepPrevPickup: (RouteStop | 'start' | null)[] = [];
  const keepPrevDelivery: (RouteStop | 'start' | null)[] = [];
  const localVehicleOf = new Map(spec.vehicles.map((k, index) => [k, index]));
  for (const [localVehicle, k] of spec.vehicles.entries()) {
    const stops = solution.routes[k]!;
    const vehicle = instance.vehicles[k]!;
    const L = stops.length;
    const [a, b] = segmentBounds(instance, stops, spec);
    const check = checkRoute(instance, k, stops);
    if (!check.ok) throw new Error(`neighbourhood: route ${k} is infeasible: ${check.reason}`);
    const starts = check.schedule.starts;
    const latest = buildState(instance, k, stops).latest;
    const prefix = stops.slice(0, a);
    const middle = L === 0 ? [] : stops.slice(a, b + 1);
    const suffix = L === 0 ? [] : stops.slice(b + 1);
    const pickedInPrefix = new Set(prefix.filter((s) => s.kind === 'pickup').map((s) => s.request));
    const deliveredInSuffix = new Set(suffix.filter((s) => s.kind === 'delivery').map((s) => s.request));
    const startLocation = a > 0 ? stopLocation(instance, stops[a - 1]!) : vehicle.startLocation;
    const departure = a > 0 ? starts[a - 1]! + stopService(instance, stops[a - 1]!) : vehicle.window.earliest;
    const endLocation = L > 0 && b < L - 1 ? stopLocation(instance, stops[b + 1]!) : vehicle.endLocation;
    const returnBy = L > 0 && b < L - 1 ? latest[b + 1]! : vehicle.window.latest;
    let through = 0;
    for (const r of pickedInPrefix) if (deliveredInSuffix.has(r)) through += instance.requests[r]!.quantity;
    const throughAtEnd: RouteStop[] = [];
    const route: RouteStop[] = [];
    let previous: RouteStop | 'start' = 'start';
    const virtualPickups: RouteStop[] = [];
    for (const stop of middle) {
      const r = stop.request;
      const request = instance.requests[r]!;
      if (spec.freed.has(r)) {
        if (!localOf.has(r)) addRequest(r, false, false, { ...request });
        const local = localOf.get(r)!;
        fixedVehicle[local] = null;
        route.push({ request: local, kind: stop.kind });
        continue;
      }
      if (stop.kind === 'pickup') {
        const crossesEnd = deliveredInSuffix.has(r);
        const local = addRequest(r, false, crossesEnd, crossesEnd
          ? { ...request, deliveryLocation: endLocation, deliveryWindow: { earliest: 0, latest: instance.horizon }, deliveryService: 0, deliverAtRouteEnd: true, eligibleVehicles: [k] }
          : { ...request, eligibleVehicles: [k] });
        fixedVehicle[local] = localVehicle;
        keepPrevPickup[local] = spec.keepOrder ? previous : null;
        const placed: RouteStop = { request: local, kind: 'pickup' };
        route.push(placed);
        if (spec.keepOrder) previous = placed;
        if (crossesEnd) keepPrevDelivery[local] = null;
      } else if (pickedInPrefix.has(r)) {
        if (request.deliverAtRouteEnd) {
          through += request.quantity;
          throughAtEnd.push(stop);
          continue;
        }
        const local = addRequest(r, true, false, {
          ...request,
          pickupLocation: startLocation,
          pickupWindow: { earliest: departure, latest: departure },
          pickupService: 0,
          eligibleVehicles: [k],
        });
        fixedVehicle[local] = localVehicle;
        keepPrevPickup[local] = spec.keepOrder ? 'start' : null;
        virtualPickups.push({ request: local, kind: 'pickup' });
        keepPrevDelivery[local] = spec.keepOrder ? previous : null;
        const placed: RouteStop = { request: local, kind: 'delivery' };
        route.push(placed);
        if (spec.keepOrder) previous = placed;
      } else {
        const local = localOf.get(r)!;
        if (origins[local]!.virtualDelivery) continue;
        keepPrevDelivery[local] = spec.keepOrder ? previous : null;
        const placed: RouteStop = { request: local, kind: 'delivery' };
        route.push(placed);
        if (spec.keepOrder) previous = placed;
      }
    }
    // deliveries moved to the virtual end go last
    for (const [local, origin] of origins.entries()) {
      if (origin.virtualDelivery && fixedVehicle[local] === localVehicle) route.push({ request: local, kind: 'delivery' });
    }
    current.push([...virtualPickups, ...route]);
    vehicles.push({ ...vehicle, startLocation, endLocation, window: { earliest: departure, latest: returnBy }, capacity: vehicle.capacity - through });
    alreadyUsed.push(prefix.length > 0 || suffix.length > 0 || throughAtEnd.length > 0);
    segments.push({ vehicle: k, prefix, suffix, throughAtEnd });
  }
  for (const r of spec.unserved) {
    if (localOf.has(r)) continue;
    const local = addRequest(r, false, false, { ...instance.requests[r]! });
    fixedVehicle[local] = null;
  }
  // eligibility in sub numbering
  for (const request of requests) {
    if (request.eligibleVehicles !== null) {
      request.eligibleVehicles = request.eligibleVehicles.filter((k) => localVehicleOf.has(k)).map((k) => localVehicleOf.get(k)!);
    }
  }
  // restrict the travel matrix to the places the subproblem visits
  const places = [...new Set([
    ...vehicles.flatMap((v) => [v.startLocation, v.endLocation]),
    ...requests.flatMap((q) => [q.pickupLocation, q.deliveryLocation]),
  ])].sort((x, y) => x - y);
  const placeIndex = new Map(places.map((p, index) => [p, index]));
  const at = (p: number): number => placeIndex.get(p)!;
  const sub: RoutingInstance = {
    name: `${instance.name}/lns`,
    travel: places.map((x) => places.map((y) => instance.travel[x]![y]!)),
    horizon: instance.horizon,
    hours: instance.hours,
    vehiclesFirst: instance.vehiclesFirst,
    vehicles: vehicles.map((v) => ({ ...v, startLocation: at(v.startLocation), endLocation: at(v.endLocation) })),
    requests: requests.map((q) => ({ ...q, pickupLocation: at(q.pickupLocation), deliveryLocation: at(q.deliveryLocation) })),
  };
  // a group with requests served outside the subproblem must stay served inside it
  const inSub = new Set(origins.map((origin) => origin.request));
  const servedOutside = new Set<number>();
  for (const stops of solution.routes) {
    for (const stop of stops) {
      if (stop.kind === 'pickup' && !inSub.has(stop.request)) servedOutside.add(instance.requests[stop.request]!.group);
    }
  }
  for (const request of sub.requests) if (servedOutside.has(request.group)) request.droppable = false;
  const renumbered = renumberByLeg(sub, origins, current, {
    fixedVehicle: requests.map((_, local) => fixedVehicle[local] ?? null),
    keepPrevPickup: requests.map((_, local) => keepPrevPickup[local] ?? null),
    keepPrevDelivery: requests.map((_, local) => keepPrevDelivery[local] ?? null),
  });
  const currentCost: RoutingCost = { dropped: 0, vehicles: 0, travel: 0 };
  for (const [k, stops] of renumbered.current.routes.entries()) {
    const check = checkRoute(renumbered.instance, k, stops);
    if (!check.ok) throw new Error(`neighbourhood: the cut route ${spec.vehicles[k]} is infeasible in the subproblem: ${check.reason}`);
    currentCost.travel += check.schedule.travel;
    if (stops.length > 0 || alreadyUsed[k]) currentCost.vehicles += 1;
  }
  const onRoute = new Set(renumbered.current.routes.flat().map((stop) => stop.request));
  currentCost.dropped = new Set(renumbered.instance.requests.flatMap((request, local) => (onRoute.has(local) ? [] : [request.group]))).size;
  return {
    instance: renumbered.instance,
    restriction: { ...renumbered.restriction, alreadyUsed, incumbent: currentCost },
    current: renumbered.current,
    currentCost,
    segments,
    origins: renumbered.origins,
  };
}

type Keep = RouteStop | 'start' | null;

/** Sub requests reordered so that the requests of a group are adjacent (as pdptw.mzn asks). */
function renumberByLeg(
  instance: RoutingInstance,
  origins: Subproblem['origins'],
  current: RouteStop[][],
  restriction: { fixedVehicle: (number | null)[]; keepPrevPickup: Keep[]; keepPrevDelivery: Keep[] },
) {
  const order = instance.requests.map((_, index) => index).sort((a, b) => instance.requests[a]!.group - instance.requests[b]!.group || a - b);
  const newIndex = new Map(order.map((old, index) => [old, index]));
  const stop = (s: RouteStop): RouteStop => ({ request: newIndex.get(s.request)!, kind: s.kind });
  const keep = (k: Keep): Keep => (k === null || k === 'start' ? k : stop(k));
  return {
    instance: { ...instance, requests: order.map((old) => instance.requests[old]!) },
    origins: order.map((old) => origins[old]!),
    current: { routes: current.map((stops) => stops.map(stop)) },
    restriction: {
      fixedVehicle: order.map((old) => restriction.fixedVehicle[old] ?? null),
      keepPrevPickup: order.map((old) => keep(restriction.keepPrevPickup[old] ?? null)),
      keepPrevDelivery: order.map((old) => keep(restriction.keepPrevDelivery[old] ?? null)),
    },
  };
}

/** The full solution with the subproblem's routes put back into their segments. */
export function mergeSubsolution(solution: RoutingSolution, sub: Subproblem, subSolution: RoutingSolution): RoutingSolution {
  const routes = solution.routes.map((stops) => stops.slice());
  for (const [local, segment] of sub.segments.entries()) {
    const middle: RouteStop[] = [];
    for (const stop of subSolution.routes[local]!) {
      const origin = sub.origins[stop.request]!;
      if (stop.kind === 'pickup' && origin.virtualPickup) continue;
      if (stop.kind === 'delivery' && origin.virtualDelivery) continue;
      middle.push({ request: origin.request, kind: stop.kind });
    }
    routes[segment.vehicle] = [...segment.prefix, ...middle, ...segment.throughAtEnd, ...segment.suffix];
  }
  return { routes };
}
