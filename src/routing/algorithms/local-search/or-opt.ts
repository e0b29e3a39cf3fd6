/**
 * Or-opt (Or 1976; VROOM's `or_opt` and `intra_or_opt`, PyVRP's segment moves): a run of
 * consecutive stops moves as a block, keeping its order.
 * - `orOpt`: a block the route can be cut around (every request picked up in it is delivered in
 *   it, or at the route's end) moves to a nearby route, so precedence holds on both; its
 *   route-end deliveries go along to the new route's end.
 * - `intraOrOpt`: one or two stops at the request's pickup or delivery move elsewhere in their
 *   own route (a single stop: intra-route relocate of a pickup or a delivery alone).
 * Each place is judged in constant time per block stop from the target's route state (latest
 * start of the stop after the block, loads before it and the largest load after it); only the
 * cheapest places go to the full route check.
 */
import { stopLocation, stopService, stopWindow } from '../../structures/evaluate.ts';
import type { RouteStop, RoutingInstance } from '../../structures/instance.ts';
import { cutsOf, type RouteState } from '../../structures/route-state.ts';
import type { LocalSearchContext } from './context.ts';

/** Nearby routes a block may move to. */
const NEAR_ROUTES = 4;
/** Longest block moved between routes (stops). */
const MAX_BLOCK = 6;
/** Improving candidates given to the full route check, cheapest first. */
const TRIED = 3;

interface Place {
  at: number;
  delta: number;
}

/** Travel through the block, its load change and its highest load above the start. */
function blockFigures(instance: RoutingInstance, block: readonly RouteStop[]): { inside: number; net: number; peak: number } {
  let inside = 0;
  let load = 0;
  let peak = 0;
  for (let x = 0; x < block.length; x += 1) {
    const stop = block[x]!;
    if (x > 0) inside += instance.travel[stopLocation(instance, block[x - 1]!)]![stopLocation(instance, stop)]!;
    const request = instance.requests[stop.request]!;
    load += stop.kind === 'pickup' ? request.quantity : -request.quantity;
    if (load > peak) peak = load;
  }
  return { inside, net: load, peak };
}

/**
 * The cheapest place for the block among the core stops of the route (before its route-end
 * deliveries) that passes the constant-time tests and adds less than `bound`, or null; `skip`
 * is a place not to count (where the block came from).
 */
function bestPlace(instance: RoutingInstance, state: RouteState, block: readonly RouteStop[], skip: number, bound: number): Place | null {
  const vehicle = instance.vehicles[state.vehicle]!;
  const { stops, starts, loads, latest } = state;
  const L = stops.length;
  const travel = instance.travel;
  const { inside, net, peak } = blockFigures(instance, block);
  const first = stopLocation(instance, block[0]!);
  const last = stopLocation(instance, block[block.length - 1]!);
  let best: Place | null = null;
  for (let j = 0; j <= state.endSection; j += 1) {
    if (j === skip) continue;
    const loadBefore = j === 0 ? 0 : loads[j - 1]!;
    if (loadBefore + peak > vehicle.capacity) continue;
    if (j < state.endSection && state.suffixMaxLoad[j]! + net > vehicle.capacity) continue;
    const from = j === 0 ? vehicle.startLocation : stopLocation(instance, stops[j - 1]!);
    const to = j < L ? stopLocation(instance, stops[j]!) : vehicle.endLocation;
    const delta = L === 0
      ? travel[from]![first]! + inside + travel[last]![to]!
      : travel[from]![first]! + inside + travel[last]![to]! - travel[from]![to]!;
    if (delta >= bound || (best !== null && delta >= best.delta)) continue;
    // the block's schedule from the stop before it, then the arrival at the stop after it
    let ready = j === 0 ? vehicle.window.earliest : starts[j - 1]! + stopService(instance, stops[j - 1]!);
    let at = from;
    let late = false;
    for (const stop of block) {
      const here = stopLocation(instance, stop);
      const start = Math.max(ready + travel[at]![here]!, stopWindow(instance, stop).earliest);
      if (start > stopWindow(instance, stop).latest) { late = true; break; }
      ready = start + stopService(instance, stop);
      at = here;
    }
    if (late || ready + travel[at]![to]! > latest[j]!) continue;
    best = { at: j, delta };
  }
  return best;
}

/** Travel saved by taking stops [s, e) out of the route (constant time). */
function removalGain(instance: RoutingInstance, state: RouteState, s: number, e: number): number {
  const vehicle = instance.vehicles[state.vehicle]!;
  const { stops } = state;
  const L = stops.length;
  const travel = instance.travel;
  const from = s === 0 ? vehicle.startLocation : state.locations[s - 1]!;
  const to = state.locations[e]!;
  const through = (s === 0 ? state.travelTo[e - 1]! : state.travelTo[e - 1]! - state.travelTo[s - 1]!) + travel[state.locations[e - 1]!]![to]!;
  // emptied: nothing left to drive
  if (s === 0 && e === L) return state.travel;
  return through - travel[from]![to]!;
}

function eligibleFor(instance: RoutingInstance, block: readonly RouteStop[], k: number): boolean {
  for (const stop of block) {
    const list = instance.requests[stop.request]!.eligibleVehicles;
    if (list !== null && !list.includes(k)) return false;
  }
  return true;
}

function stopIndex(stops: readonly RouteStop[], r: number, kind: 'pickup' | 'delivery'): number {
  for (let i = 0; i < stops.length; i += 1) if (stops[i]!.request === r && stops[i]!.kind === kind) return i;
  return -1;
}

/** Moves a block through r's pickup to a nearby route. */
export function orOpt(context: LocalSearchContext, r: number): boolean {
  const { instance } = context;
  const a = context.routeOf[r]!;
  if (a < 0) return false;
  const sa = context.state(a);
  const p = stopIndex(sa.stops, r, 'pickup');
  if (p < 0 || p >= sa.endSection) return false;
  const near = context.nearRoutes(r, NEAR_ROUTES);
  const cuts = cutsOf(instance, sa);
  // judged first, built only for the few cheapest
  const found: { value: number; s: number; e: number; b: number; at: number }[] = [];
  // blocks that start at the pickup or just before it
  for (let s = Math.max(0, p - 1); s <= p; s += 1) {
    if (!cuts[s]) continue;
    for (let e = p + 1; e <= sa.endSection && e - s <= MAX_BLOCK; e += 1) {
      if (!cuts[e]) continue;
      const block = sa.stops.slice(s, e);
      const emptied = s === 0 && e === sa.stops.length && instance.vehiclesFirst;
      const gain = removalGain(instance, sa, s, e) + (emptied ? 1e9 : 0);
      for (const b of near) {
        if (!eligibleFor(instance, block, b)) continue;
        const place = bestPlace(instance, context.state(b), block, -1, gain);
        if (place !== null && place.delta - gain < 0) found.push({ value: place.delta - gain, s, e, b, at: place.at });
      }
    }
  }
  found.sort((x, y) => x.value - y.value);
  for (let c = 0; c < found.length && c < TRIED; c += 1) {
    const { s, e, b, at } = found[c]!;
    const block = sa.stops.slice(s, e);
    const picked = new Set<number>();
    for (const stop of block) if (stop.kind === 'pickup') picked.add(stop.request);
    const endDeliveries = sa.stops.slice(sa.endSection).filter((stop) => picked.has(stop.request));
    const rest = sa.stops.filter((stop, i) => (i < s || i >= e) && !(i >= sa.endSection && picked.has(stop.request)));
    const sb = context.state(b);
    const moved = [...sb.stops.slice(0, at), ...block, ...sb.stops.slice(at, sb.endSection), ...sb.stops.slice(sb.endSection), ...endDeliveries];
    if (context.tryApply([{ vehicle: a, stops: rest }, { vehicle: b, stops: moved }])) return true;
  }
  return false;
}

/**
 * Moves one or two stops at r's pickup or delivery elsewhere in their route: every place is
 * judged by travel alone (constant time each, from the route's own stops), the cheapest go to
 * the full route check.
 */
export function intraOrOpt(context: LocalSearchContext, r: number): boolean {
  const { instance } = context;
  const a = context.routeOf[r]!;
  if (a < 0) return false;
  const sa = context.state(a);
  const vehicle = instance.vehicles[a]!;
  const travel = instance.travel;
  const stops = sa.stops;
  const candidates: { value: number; s: number; e: number; at: number; reversed: boolean }[] = [];
  for (const kind of ['pickup', 'delivery'] as const) {
    const x = stopIndex(stops, r, kind);
    if (x < 0 || x >= sa.endSection) continue;
    // the stop alone, with the stop after it, with the stop before it
    for (const [s, e] of [[x, x + 1], [x, x + 2], [x - 1, x + 1]] as const) {
      if (s < 0 || e > sa.endSection || (kind === 'delivery' && stops[s]!.request === r && s < x)) continue;
      const gain = removalGain(instance, sa, s, e);
      const first = sa.locations[s]!;
      const last = sa.locations[e - 1]!;
      // a pair of stops also goes reversed (VROOM's intra_or_opt), unless it is one request's
      // pickup and delivery: on C204 the one improving move left at 0.5 s (seed 1) was a pair
      // moved ten stops on and reversed
      const pair = e - s === 2 && stops[s]!.request !== stops[s + 1]!.request;
      for (let variant = 0; variant < (pair ? 2 : 1); variant += 1) {
        const reversed = variant === 1;
        const head = reversed ? last : first;
        const tail = reversed ? first : last;
        const inside = e - s === 2 ? travel[head]![tail]! : 0;
        let best: { at: number; delta: number } | null = null;
        // the block goes before original stop j (j outside [s, e], j <= endSection); the stop before it is the previous one outside the block
        for (let j = 0; j <= sa.endSection; j += 1) {
          if (j >= s && j <= e) continue;
          const before = j === 0 ? -1 : j - 1;
          const from = before < 0 ? vehicle.startLocation : sa.locations[before]!;
          const to = sa.locations[j]!;
          const delta = travel[from]![head]! + inside + travel[tail]![to]! - travel[from]![to]!;
          if (delta < gain && (best === null || delta < best.delta)) best = { at: j, delta };
        }
        if (best !== null) candidates.push({ value: best.delta - gain, s, e, at: best.at, reversed });
      }
    }
  }
  // the cheapest few go to the full route check; judged by travel alone, a place may still miss a
  // window or the capacity, which the stretch it changes shows without the check (a full check
  // of each cost a tenth of the search on C204): such a place counts among the few, but fails
  candidates.sort((x, y) => x.value - y.value);
  for (let c = 0; c < candidates.length && c < TRIED; c += 1) {
    const { s, e, at, reversed } = candidates[c]!;
    if (!intraMoveFits(context, sa, s, e, at, reversed)) continue;
    const block = stops.slice(s, e);
    if (reversed) block.reverse();
    const moved: RouteStop[] = [];
    for (let i = 0; i <= stops.length; i += 1) {
      if (i === at) moved.push(...block);
      if (i < stops.length && (i < s || i >= e)) moved.push(stops[i]!);
    }
    if (context.tryApply([{ vehicle: a, stops: moved }])) return true;
  }
  return false;
}

/**
 * Whether stops [s, e) moved before stop `at` of their own route (at outside (s, e]) meet their
 * windows and the capacity, and the rest of the route still starts in time (its latest starts):
 * only the stretch between the old and the new place is simulated. A necessary condition of the
 * full route check (precedence and hours are left to it), so a place it rejects the check would too.
 */
export function intraMoveFits(context: LocalSearchContext, state: RouteState, s: number, e: number, at: number, reversed = false): boolean {
  // before its own first stop: the route as it is, nothing to gain (reversed there: intra-route 2-opt's move)
  if (at === s) return false;
  const { instance } = context;
  const vehicle = instance.vehicles[state.vehicle]!;
  const { stops, starts, loads, latest } = state;
  const travel = instance.travel;
  const L = stops.length;
  const low = Math.min(s, at);
  // the first stop after the stretch, where the route runs on as before
  const resume = at < s ? e : at;
  let ready = low === 0 ? vehicle.window.earliest : starts[low - 1]! + stopService(instance, stops[low - 1]!);
  let where = low === 0 ? vehicle.startLocation : stopLocation(instance, stops[low - 1]!);
  let load = low === 0 ? 0 : loads[low - 1]!;
  const visit = (stop: RouteStop): boolean => {
    const here = stopLocation(instance, stop);
    const window = stopWindow(instance, stop);
    const start = Math.max(ready + travel[where]![here]!, window.earliest);
    const request = instance.requests[stop.request]!;
    load += stop.kind === 'pickup' ? request.quantity : -request.quantity;
    if (start > window.latest || load > vehicle.capacity) return false;
    ready = start + stopService(instance, stop);
    where = here;
    return true;
  };
  // the block's stops in the order they will be driven
  const blockFirst = reversed ? e - 1 : s;
  const step = reversed ? -1 : 1;
  if (at < s) {
    for (let n = 0, x = blockFirst; n < e - s; n += 1, x += step) if (!visit(stops[x]!)) return false;
    for (let x = at; x < s; x += 1) if (!visit(stops[x]!)) return false;
  } else {
    for (let x = e; x < at; x += 1) if (!visit(stops[x]!)) return false;
    for (let n = 0, x = blockFirst; n < e - s; n += 1, x += step) if (!visit(stops[x]!)) return false;
  }
  if (resume >= L) return ready + travel[where]![vehicle.endLocation]! <= latest[L]!;
  const next = stops[resume]!;
  return Math.max(ready + travel[where]![stopLocation(instance, next)]!, stopWindow(instance, next).earliest) <= latest[resume]!;
}
