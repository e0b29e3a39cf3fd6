/**
 * Intra-route 2-opt (Croes 1958; VROOM's `intra_two_opt`, PyVRP's intra-route reversal): a run
 * of a route's stops is driven in reverse order. A run may not hold both stops of a request
 * (its delivery would come first), and route-end deliveries stay where they are. Each run
 * [i, j] is judged by travel in constant time (extending j one stop at a time from i), and only
 * the runs that shorten the route are simulated (times and loads through the reversed run, then
 * the latest start of the stop after it); the best one goes to the full route check.
 */
import { stopLocation, stopService, stopWindow } from '../../structures/evaluate.ts';
import type { RouteStop } from '../../structures/instance.ts';
import type { LocalSearchContext } from './context.ts';

export function intraTwoOpt(context: LocalSearchContext, r: number): boolean {
  const a = context.routeOf[r]!;
  if (a < 0 || context.knownFruitless('two-opt', a, a)) return false;
  const { instance } = context;
  const state = context.state(a);
  const { stops, locations, starts, loads, latest, travelTo, endSection } = state;
  const vehicle = instance.vehicles[a]!;
  const travel = instance.travel;
  const L = stops.length;
  const requests = instance.requests;
  let best: { i: number; j: number; delta: number } | null = null;
  // where each request's pickup is in the run being extended (its delivery may not follow in it)
  const inRun = new Set<number>();
  for (let i = 0; i < endSection; i += 1) {
    const prev = i === 0 ? vehicle.startLocation : locations[i - 1]!;
    const departure = i === 0 ? vehicle.window.earliest : starts[i - 1]! + stopService(instance, stops[i - 1]!);
    const loadBefore = i === 0 ? 0 : loads[i - 1]!;
    const first = locations[i]!;
    inRun.clear();
    if (stops[i]!.kind === 'pickup') inRun.add(stops[i]!.request);
    // travel through the run [i, j] forwards and backwards
    let reversed = 0;
    for (let j = i + 1; j < endSection; j += 1) {
      const stop = stops[j]!;
      if (stop.kind === 'delivery' && inRun.has(stop.request)) break;
      if (stop.kind === 'pickup') inRun.add(stop.request);
      const here = locations[j]!;
      reversed += travel[here]![locations[j - 1]!]!;
      const forward = travelTo[j]! - travelTo[i]!;
      const next = locations[j + 1]!;
      const before = travel[prev]![first]! + forward + travel[here]![next]!;
      const after = travel[prev]![here]! + reversed + travel[first]![next]!;
      const delta = after - before;
      if (delta >= 0 || (best !== null && delta >= best.delta)) continue;
      // simulate the reversed run: windows, capacity, then the stop after it
      let ready = departure;
      let at = prev;
      let load = loadBefore;
      let feasible = true;
      for (let x = j; x >= i; x -= 1) {
        const s = stops[x]!;
        const location = stopLocation(instance, s);
        const window = stopWindow(instance, s);
        const start = Math.max(ready + travel[at]![location]!, window.earliest);
        const request = requests[s.request]!;
        load += s.kind === 'pickup' ? request.quantity : -request.quantity;
        if (start > window.latest || load > vehicle.capacity) { feasible = false; break; }
        ready = start + stopService(instance, s);
        at = location;
      }
      if (!feasible) continue;
      const arrival = ready + travel[at]![next]!;
      if (j + 1 < L ? Math.max(arrival, stopWindow(instance, stops[j + 1]!).earliest) > latest[j + 1]! : arrival > latest[L]!) continue;
      best = { i, j, delta };
    }
  }
  if (best !== null) {
    const moved: RouteStop[] = stops.slice(0, best.i);
    for (let x = best.j; x >= best.i; x -= 1) moved.push(stops[x]!);
    for (let x = best.j + 1; x < L; x += 1) moved.push(stops[x]!);
    if (context.tryApply([{ vehicle: a, stops: moved }])) return true;
  }
  context.markFruitless('two-opt', a, a);
  return false;
}
