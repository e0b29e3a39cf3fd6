import { evaluateSolution, Random, type RouteStop, type RoutingInstance, type RoutingRequest } from '../../src/routing/index.ts';

/** Requests on a 100 x 100 square with windows over a long horizon: long routes, many moves. */
export function randomInstance(seed: number, count: number, routeEnd: boolean): RoutingInstance {
  const random = new Random(seed);
  const points: [number, number][] = [[50, 50]];
  for (let i = 0; i < 2 * count; i += 1) points.push([random.int(100), random.int(100)]);
  const travel = points.map((a) => points.map((b) => Math.ceil(Math.hypot(a[0] - b[0], a[1] - b[1]))));
  return {
    name: `random-${seed}`,
    travel,
    horizon: 2000,
    requests: Array.from({ length: count }, (_, r) => {
      const open = random.int(1200);
      return {
        pickupLocation: 1 + 2 * r,
        deliveryLocation: routeEnd ? 0 : 2 + 2 * r,
        pickupWindow: { earliest: open, latest: open + 300 },
        deliveryWindow: routeEnd ? { earliest: 0, latest: 2000 } : { earliest: open, latest: 2000 },
        pickupService: 10,
        deliveryService: routeEnd ? 0 : 10,
        quantity: 1 + random.int(3),
        droppable: false,
        group: r,
        deliverAtRouteEnd: routeEnd,
        eligibleVehicles: null,
      };
    }),
    vehicles: Array.from({ length: 8 }, () => ({ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 2000 }, capacity: 15, drivingDone: 0, drivingSinceBreak: 0 })),
    hours: null,
    vehiclesFirst: false,
  };
}

/** A request between two places with open windows (0 to `latest`), no service time and one unit: override what a test needs. */
export function openRequest(pickup: number, delivery: number, group: number, extra: Partial<RoutingRequest> = {}, latest = 1000): RoutingRequest {
  return {
    pickupLocation: pickup,
    deliveryLocation: delivery,
    pickupWindow: { earliest: 0, latest },
    deliveryWindow: { earliest: 0, latest },
    pickupService: 0,
    deliveryService: 0,
    quantity: 1,
    droppable: false,
    group,
    deliverAtRouteEnd: false,
    eligibleVehicles: null,
    ...extra,
  };
}

/** Places on a line (travel = distance), place 0 the depot; `vehicles` alike, open all day. */
export function lineInstance(line: number[], requests: RoutingRequest[], vehicles = 1, capacity = 4): RoutingInstance {
  return {
    name: 'line',
    travel: line.map((a) => line.map((b) => Math.abs(a - b))),
    horizon: 1000,
    requests,
    vehicles: Array.from({ length: vehicles }, () => ({ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 1000 }, capacity, drivingDone: 0, drivingSinceBreak: 0 })),
    hours: null,
    vehiclesFirst: false,
  };
}

export const stop = (request: number, kind: 'pickup' | 'delivery'): RouteStop => ({ request, kind });

/** The routes' travel (they must be feasible). */
export function routesTravel(instance: RoutingInstance, routes: RouteStop[][]): number {
  const result = evaluateSolution(instance, { routes });
  if (!result.ok) throw new Error(result.reason);
  return result.cost.travel;
}
