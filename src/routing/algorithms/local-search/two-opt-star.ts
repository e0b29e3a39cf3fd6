/**
 * 2-opt* (Potvin & Rousseau 1995; VROOM's `two_opt`, PyVRP's SwapTails): two routes swap their
 * tails. A route is cut only where no request picked up before the cut is delivered after it
 * (route-end deliveries follow their pickups to the new route's end), so precedence holds. Each
 * pair of cuts is first judged in constant time from the route states: the new travel, the
 * latest start of the tail's first stop and the largest load on the tail.
 */
import { stopLocation, stopService } from '../../structures/evaluate.ts';
import type { RouteStop } from '../../structures/instance.ts';
import type { RouteState } from '../../structures/route-state.ts';
import type { LocalSearchContext } from './context.ts';

/** Nearby routes whose tails a route tries to swap with. */
const NEAR_ROUTES = 4;

export function twoOptStar(context: LocalSearchContext, r: number): boolean {
  const a = context.routeOf[r]!;
  if (a < 0) return false;
  for (const b of context.nearRoutes(r, NEAR_ROUTES)) {
    if (!compatible(context, a, b) || context.knownFruitless('two-opt*', a, b)) continue;
    if (swapTails(context, a, b)) return true;
    context.markFruitless('two-opt*', a, b);
  }
  return false;
}

/** Tails may swap between vehicles that end at the same place by the same time (benchmarks: all). */
function compatible(context: LocalSearchContext, a: number, b: number): boolean {
  const va = context.instance.vehicles[a]!;
  const vb = context.instance.vehicles[b]!;
  return va.endLocation === vb.endLocation && va.window.latest === vb.window.latest && va.startLocation === vb.startLocation;
}

function swapTails(context: LocalSearchContext, a: number, b: number): boolean {
  const sa = context.state(a);
  const sb = context.state(b);
  const before = sa.travel + sb.travel;
  for (let i = 0; i <= sa.endSection; i += 1) {
    if (!sa.cut[i]) continue;
    for (let j = 0; j <= sb.endSection; j += 1) {
      if (!sb.cut[j]) continue;
      if ((i === 0 && j === 0) || (i === sa.endSection && j === sb.endSection)) continue;
      const travelA = joinedTravel(context, sa, i, sb, j);
      if (travelA === null) continue;
      const travelB = joinedTravel(context, sb, j, sa, i);
      if (travelB === null) continue;
      if (travelA + travelB >= before && !emptiesOne(context, sa, i, sb, j)) continue;
      if (context.tryApply([
        { vehicle: a, stops: joined(context, sa, i, sb, j) },
        { vehicle: b, stops: joined(context, sb, j, sa, i) },
      ])) return true;
    }
  }
  return false;
}

/** Vehicles first: the swap leaves one route empty. */
function emptiesOne(context: LocalSearchContext, sa: RouteState, i: number, sb: RouteState, j: number): boolean {
  return context.instance.vehiclesFirst && ((i === 0 && j === sb.endSection) || (j === 0 && i === sa.endSection));
}

/**
 * Travel of head(i) + tail(j), or null when the constant-time tests rule it out: the tail's first
 * stop reached after its latest start, or the load over the tail above the capacity.
 */
function joinedTravel(context: LocalSearchContext, head: RouteState, i: number, tail: RouteState, j: number): number | null {
  const { instance } = context;
  const vehicle = instance.vehicles[head.vehicle]!;
  const loadBefore = i === 0 ? 0 : head.loads[i - 1]!;
  const tailBase = j === 0 ? 0 : tail.loads[j - 1]!;
  if (j < tail.endSection && loadBefore - tailBase + tail.suffixMaxLoad[j]! > vehicle.capacity) return null;
  const from = i === 0 ? vehicle.startLocation : stopLocation(instance, head.stops[i - 1]!);
  const departure = i === 0 ? vehicle.window.earliest : head.starts[i - 1]! + stopService(instance, head.stops[i - 1]!);
  const to = j < tail.stops.length ? stopLocation(instance, tail.stops[j]!) : vehicle.endLocation;
  const arc = instance.travel[from]![to]!;
  if (j < tail.stops.length && departure + arc > tail.latest[j]!) return null;
  const headTravel = i === 0 ? 0 : head.travelTo[i - 1]!;
  const tailTravel = tail.travel - (j < tail.stops.length ? tail.travelTo[j]! : tail.travel);
  // nothing left on the route: no travel
  if (i === 0 && j === tail.endSection) return 0;
  return headTravel + arc + tailTravel;
}

/** head's stops before i, tail's core stops from j, then the route-end deliveries of both parts. */
function joined(context: LocalSearchContext, head: RouteState, i: number, tail: RouteState, j: number): RouteStop[] {
  const stops = head.stops.slice(0, i);
  for (let x = j; x < tail.endSection; x += 1) stops.push(tail.stops[x]!);
  const picked = new Set<number>();
  for (const stop of stops) if (stop.kind === 'pickup') picked.add(stop.request);
  for (let x = head.endSection; x < head.stops.length; x += 1) if (picked.has(head.stops[x]!.request)) stops.push(head.stops[x]!);
  for (let x = tail.endSection; x < tail.stops.length; x += 1) if (picked.has(tail.stops[x]!.request)) stops.push(tail.stops[x]!);
  return stops;
}
