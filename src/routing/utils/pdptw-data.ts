/**
 * Translation between a `RoutingInstance` and `models/pdptw.mzn`: the data file the model reads
 * and the routes read back from its solution. Node numbering (1-based, as in the model):
 * pickups 1..N, deliveries N+1..2N, route starts 2N+1..2N+V+1, route ends 2N+V+2..2N+2V+2;
 * route V+1 collects unserved requests.
 */
import type { RouteStop, RoutingCost, RoutingInstance, RoutingSolution } from '../structures/instance.ts';

/** Large-neighbourhood restriction: which vehicle keeps which stop, and the kept order. */
export interface PdptwRestriction {
  /** Per request (0-based), the vehicle (0-based) that must serve it, or null when free. */
  fixedVehicle: (number | null)[];
  /** Per request, the stop that must precede its pickup / delivery on the same route ('start' = the route start), or null. */
  keepPrevPickup: (RouteStop | 'start' | null)[];
  keepPrevDelivery: (RouteStop | 'start' | null)[];
  /** Per vehicle: counts as used even when the model gives it no stop (the rest of its route lies outside the subproblem). */
  alreadyUsed?: boolean[];
  /** Demand a strictly better solution than this one (the LNS incumbent on the subproblem), or null. */
  incumbent: RoutingCost | null;
}

export interface PdptwDataOptions {
  restriction?: PdptwRestriction;
  /** A known solution the model's search follows first (`warm_succ`): the incumbent of the service. */
  warmStart?: RoutingSolution;
}

type Json = Record<string, unknown>;

export function pdptwData(instance: RoutingInstance, options: PdptwDataOptions = {}): Json {
  const n = instance.requests.length;
  const v = instance.vehicles.length;
  const requests = instance.requests;
  const vehicles = instance.vehicles;
  const hours = instance.hours;
  const restriction = options.restriction;
  const incumbent = restriction?.incumbent ?? null;
  const nodeOf = (stop: RouteStop | 'start', vehicle: number): number => {
    if (stop === 'start') return 2 * n + vehicle + 1;
    return stop.kind === 'pickup' ? stop.request + 1 : n + stop.request + 1;
  };
  const fixedVehicle: number[] = new Array(2 * n).fill(0);
  const keepPrev: number[] = new Array(2 * n).fill(0);
  if (restriction !== undefined) {
    for (let r = 0; r < n; r += 1) {
      const vehicle = restriction.fixedVehicle[r] ?? null;
      if (vehicle === null) continue;
      fixedVehicle[r] = vehicle + 1;
      fixedVehicle[n + r] = vehicle + 1;
      const beforePickup = restriction.keepPrevPickup[r] ?? null;
      const beforeDelivery = restriction.keepPrevDelivery[r] ?? null;
      if (beforePickup !== null) keepPrev[r] = nodeOf(beforePickup, vehicle);
      if (beforeDelivery !== null) keepPrev[n + r] = nodeOf(beforeDelivery, vehicle);
    }
  }
  return {
    n_requests: n,
    n_vehicles: v,
    n_locations: instance.travel.length,
    horizon: instance.horizon,
    travel: instance.travel,
    pickup_location: requests.map((r) => r.pickupLocation + 1),
    delivery_location: requests.map((r) => r.deliveryLocation + 1),
    pickup_earliest: requests.map((r) => r.pickupWindow.earliest),
    pickup_latest: requests.map((r) => r.pickupWindow.latest),
    delivery_earliest: requests.map((r) => r.deliveryWindow.earliest),
    delivery_latest: requests.map((r) => r.deliveryWindow.latest),
    pickup_service: requests.map((r) => r.pickupService),
    delivery_service: requests.map((r) => r.deliveryService),
    quantity: requests.map((r) => r.quantity),
    droppable: requests.map((r) => r.droppable),
    request_leg: groupNumbers(requests.map((r) => r.group)),
    deliver_at_end: requests.map((r) => r.deliverAtRouteEnd),
    allowed_vehicles: requests.map((r) => ({
      set: (r.eligibleVehicles ?? vehicles.map((_, k) => k)).map((k) => k + 1),
    })),
    vehicle_start_location: vehicles.map((k) => k.startLocation + 1),
    vehicle_end_location: vehicles.map((k) => k.endLocation + 1),
    vehicle_earliest: vehicles.map((k) => k.window.earliest),
    vehicle_latest: vehicles.map((k) => k.window.latest),
    capacity: vehicles.map((k) => k.capacity),
    already_used: vehicles.map((_, k) => restriction?.alreadyUsed?.[k] ?? false),
    vehicles_first: instance.vehiclesFirst,
    hours_rules: hours !== null,
    max_driving: hours?.maxDriving ?? 0,
    max_span: hours?.maxSpan ?? 0,
    driving_before_break: hours?.drivingBeforeBreak ?? 1,
    break_length: hours?.breakLength ?? 0,
    driving_done: vehicles.map((k) => (hours === null ? 0 : k.drivingDone)),
    driving_since_break: vehicles.map((k) => (hours === null ? 0 : k.drivingSinceBreak)),
    fixed_vehicle: fixedVehicle,
    keep_prev: keepPrev,
    improve_only: incumbent !== null,
    incumbent: incumbent === null ? [0, 0, 0] : lexicographic(instance, incumbent),
    warm_succ: options.warmStart === undefined ? [] : pdptwSuccessors(instance, options.warmStart),
  };
}

/**
 * The model's `succ` array (1-based, the giant circuit) of a solution: each route from its start
 * node through its stops to its end node, the end of route k followed by the start of k+1, and
 * the requests on no route chained on the unserved route in increasing node order.
 */
export function pdptwSuccessors(instance: RoutingInstance, solution: RoutingSolution): number[] {
  const n = instance.requests.length;
  const v = instance.vehicles.length;
  const start = (k: number) => 2 * n + k + 1;
  const finish = (k: number) => 2 * n + v + 1 + k + 1;
  const node = (stop: RouteStop) => (stop.kind === 'pickup' ? stop.request + 1 : n + stop.request + 1);
  const succ: number[] = new Array(2 * n + 2 * (v + 1)).fill(0);
  const chain = (k: number, nodes: number[]) => {
    let previous = start(k);
    for (const next of nodes) {
      succ[previous - 1] = next;
      previous = next;
    }
    succ[previous - 1] = finish(k);
    succ[finish(k) - 1] = start(k === v ? 0 : k + 1);
  };
  const served = new Set<number>();
  for (let k = 0; k < v; k += 1) {
    const stops = solution.routes[k] ?? [];
    for (const stop of stops) served.add(stop.request);
    chain(k, stops.map(node));
  }
  const unserved = instance.requests.flatMap((_, r) => (served.has(r) ? [] : [r]));
  chain(v, [...unserved.map((r) => r + 1), ...unserved.map((r) => n + r + 1)]);
  return succ;
}

/** The routes of a pdptw.mzn solution (its `succ` and `route` arrays, 1-based). */
export function pdptwRoutes(instance: RoutingInstance, solution: { succ: number[]; route: number[] }): RoutingSolution {
  const n = instance.requests.length;
  const v = instance.vehicles.length;
  const routes: RouteStop[][] = [];
  for (let k = 0; k < v; k += 1) {
    const stops: RouteStop[] = [];
    const finish = 2 * n + v + 1 + k + 1;
    let node = solution.succ[2 * n + k]!;
    while (node !== finish) {
      if (node < 1 || node > 2 * n) throw new Error(`pdptw: route ${k + 1} runs into node ${node}`);
      stops.push(node <= n ? { request: node - 1, kind: 'pickup' } : { request: node - n - 1, kind: 'delivery' });
      node = solution.succ[node - 1]!;
      if (stops.length > 2 * n) throw new Error(`pdptw: route ${k + 1} does not end`);
    }
    routes.push(stops);
  }
  return { routes };
}

/** A cost in the model's objective order: (dropped, major, minor). */
export function lexicographic(instance: RoutingInstance, cost: RoutingCost): [number, number, number] {
  return instance.vehiclesFirst
    ? [cost.dropped, cost.vehicles, cost.travel]
    : [cost.dropped, cost.travel, cost.vehicles];
}

/** Group ids renumbered 1.. in order of appearance (the model wants adjacent, positive numbers). */
function groupNumbers(groups: number[]): number[] {
  const numbers = new Map<number, number>();
  return groups.map((group) => {
    if (!numbers.has(group)) numbers.set(group, numbers.size + 1);
    return numbers.get(group)!;
  });
}
