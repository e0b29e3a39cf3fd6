/**
 * 2-opt* (Potvin & Rousseau 1995; VROOM's `two_opt`, PyVRP's SwapTails): two routes swap their
 * tails. A route is cut only where no request picked up before the cut is delivered after it
 * (route-end deliveries follow their pickups to the new route's end), so precedence holds. Each
 * pair of cuts is first judged in constant time from the route states: the new travel, the
 * latest start of the tail's first stop and the largest load on the tail.
 */
import { stopService } from '../../structures/evaluate.ts';
import type { RouteStop } from '../../structures/instance.ts';
import { cutsOf, type RouteState } from '../../structures/route-state.ts';
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
  const travel = context.instance.travel;
  // each route's figures as a head (cut before i) and as a tail (from j), once per route state:
  // the loop over every pair of cuts is then arithmetic only (it was 20 % of the CPU on RC202)
  const fa = cutFigures(context, sa);
  const fb = cutFigures(context, sb);
  const capacityA = context.instance.vehicles[a]!.capacity;
  const capacityB = context.instance.vehicles[b]!.capacity;
  const endA = sa.endSection;
  const endB = sb.endSection;
  const cutsA = cutsOf(context.instance, sa);
  const cutsB = cutsOf(context.instance, sb);
  for (let i = 0; i <= endA; i += 1) {
    if (!cutsA[i]) continue;
    // a's figures at cut i, read once for every cut of b (the loop over pairs is the operator's cost)
    const loadA = fa.load[i]!;
    const peakA = fa.peak[i]!;
    const fromA = travel[fa.from[i]!]!;
    const toA = fa.to[i]!;
    const departureA = fa.departure[i]!;
    const latestA = fa.latest[i]!;
    const headA = fa.headTravel[i]!;
    const tailA = fa.tailTravel[i]!;
    for (let j = 0; j <= endB; j += 1) {
      if (!cutsB[j]) continue;
      if ((i === 0 && j === 0) || (i === endA && j === endB)) continue;
      // head of a before i, tail of b from j: the load over the tail, then the tail's first stop in time
      if (j < endB && loadA - fb.load[j]! + fb.peak[j]! > capacityA) continue;
      const arcA = fromA[fb.to[j]!]!;
      if (departureA + arcA > fb.latest[j]!) continue;
      // nothing left on the route: no travel
      const travelA = i === 0 && j === endB ? 0 : headA + arcA + fb.tailTravel[j]!;
      if (i < endA && fb.load[j]! - loadA + peakA > capacityB) continue;
      const arcB = travel[fb.from[j]!]![toA]!;
      if (fb.departure[j]! + arcB > latestA) continue;
      const travelB = j === 0 && i === endA ? 0 : fb.headTravel[j]! + arcB + tailA;
      if (travelA + travelB >= before && !emptiesOne(context, sa, i, sb, j)) continue;
      if (context.tryApply([
        { vehicle: a, stops: joined(context, sa, i, sb, j) },
        { vehicle: b, stops: joined(context, sb, j, sa, i) },
      ])) return true;
    }
  }
  return false;
}

/**
 * A route's figures at each cut k (k <= endSection). As the head of a joined route (cut before
 * k): the place it leaves from, when, its load and its travel so far. As the tail (from k on):
 * its first place, the latest arrival there, the load before it, the largest load on it and its
 * travel. Plain arrays: eight typed arrays per route state cost 6 % of RC104's search to allocate.
 */
interface CutFigures {
  from: number[];
  departure: number[];
  load: number[];
  headTravel: number[];
  to: number[];
  latest: number[];
  peak: number[];
  tailTravel: number[];
}

/** By route state (a state is rebuilt when its route changes). */
const figures = new WeakMap<RouteState, CutFigures>();

function cutFigures(context: LocalSearchContext, state: RouteState): CutFigures {
  const kept = figures.get(state);
  if (kept !== undefined) return kept;
  const { instance } = context;
  const vehicle = instance.vehicles[state.vehicle]!;
  const L = state.stops.length;
  const n = state.endSection + 1;
  const made: CutFigures = {
    from: new Array(n), departure: new Array(n), load: new Array(n), headTravel: new Array(n),
    to: new Array(n), latest: new Array(n), peak: new Array(n), tailTravel: new Array(n),
  };
  for (let k = 0; k < n; k += 1) {
    const previous = k === 0 ? null : state.stops[k - 1]!;
    made.from[k] = previous === null ? vehicle.startLocation : state.locations[k - 1]!;
    made.departure[k] = previous === null ? vehicle.window.earliest : state.starts[k - 1]! + stopService(instance, previous);
    made.load[k] = previous === null ? 0 : state.loads[k - 1]!;
    made.headTravel[k] = previous === null ? 0 : state.travelTo[k - 1]!;
    made.to[k] = state.locations[k]!;
    made.latest[k] = k < L ? state.latest[k]! : Number.POSITIVE_INFINITY;
    made.peak[k] = state.suffixMaxLoad[k]!;
    made.tailTravel[k] = state.travel - (k < L ? state.travelTo[k]! : state.travel);
  }
  figures.set(state, made);
  return made;
}

/** Vehicles first: the swap leaves one route empty. */
function emptiesOne(context: LocalSearchContext, sa: RouteState, i: number, sb: RouteState, j: number): boolean {
  return context.instance.vehiclesFirst && ((i === 0 && j === sb.endSection) || (j === 0 && i === sa.endSection));
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
