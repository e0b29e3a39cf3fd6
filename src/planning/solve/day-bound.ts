/**
 * A lower bound on the travel of any routing that serves every request of a day instance: the
 * day's plan is then provably the cheapest when it meets the bound, and the search stops at once.
 *
 * Every place the routes must visit that is no vehicle's start is entered at least once, by an
 * arc from another place (the cheapest such arc bounds it); the heads of those arcs differ, so
 * their costs add up. A used route also drives from its last stop, a delivery, to its end place:
 * an arc whose head (a start place, or no stop's place) was not counted yet. Sound whatever the travel times
 * (no triangle inequality assumed), windows, capacities or hours: it only relaxes them.
 */
import type { RoutingCost, RoutingInstance } from '../../routing/index.ts';

export function travelLowerBound(instance: RoutingInstance): number {
  if (instance.requests.length === 0) return 0;
  const starts = new Set(instance.vehicles.map((vehicle) => vehicle.startLocation));
  const stops = new Set<number>();
  for (const request of instance.requests) {
    stops.add(request.pickupLocation);
    stops.add(request.deliveryLocation);
  }
  const from = [...new Set([...stops, ...starts])];
  const travel = instance.travel;
  let bound = 0;
  for (const place of stops) {
    if (starts.has(place)) continue;
    let cheapest = Number.POSITIVE_INFINITY;
    for (const other of from) if (other !== place) cheapest = Math.min(cheapest, travel[other]![place]!);
    if (Number.isFinite(cheapest)) bound += cheapest;
  }
  // a route ends after a delivery: its drive home starts at a delivery place
  const deliveries = new Set(instance.requests.map((request) => request.deliveryLocation));
  let back = Number.POSITIVE_INFINITY;
  for (const vehicle of instance.vehicles) {
    const end = vehicle.endLocation;
    // a home that is a counted stop place already has its entering arc in the bound
    if (stops.has(end) && !starts.has(end)) back = 0;
    for (const place of deliveries) back = Math.min(back, place === end ? 0 : travel[place]![end]!);
  }
  return bound + (Number.isFinite(back) ? back : 0);
}

/** The best a day's plan can be: every request served at the travel lower bound on one vehicle. */
export function dayTarget(instance: RoutingInstance): RoutingCost {
  return { dropped: 0, vehicles: instance.requests.length > 0 ? 1 : 0, travel: travelLowerBound(instance) };
}
