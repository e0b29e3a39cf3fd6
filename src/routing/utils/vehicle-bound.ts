/**
 * A lower bound on the vehicles any solution that serves every request uses, from capacity
 * alone: what a route picks up for delivery at its end stays on board until then, so the
 * requests that may not be dropped and are delivered at the route's end need vehicles whose
 * capacities add up to their quantities (the largest vehicles first). Route elimination stops
 * there: no route can go (Solomon's R211, the C1 and C2 sets are at this bound).
 */
import type { RoutingInstance } from '../structures/instance.ts';

export function capacityVehicleBound(instance: RoutingInstance): number {
  let load = 0;
  for (const request of instance.requests) if (request.deliverAtRouteEnd && !request.droppable) load += request.quantity;
  if (load <= 0) return instance.requests.some((request) => !request.droppable) ? 1 : 0;
  const capacities = instance.vehicles.map((vehicle) => vehicle.capacity).sort((a, b) => b - a);
  let carried = 0;
  for (let k = 0; k < capacities.length; k += 1) {
    carried += capacities[k]!;
    if (carried >= load) return k + 1;
  }
  return capacities.length;
}
