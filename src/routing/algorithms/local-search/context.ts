/**
 * What the local-search operators share: the routes being improved, their route states (rebuilt
 * only for the routes a move changed), the neighbour lists, and the one way a move is tested
 * and applied, so that every operator judges a move by the same objective and checks.
 */
import { checkRoute } from '../../structures/evaluate.ts';
import type { RouteStop, RoutingInstance } from '../../structures/instance.ts';
import { buildState, type RouteState } from '../../structures/route-state.ts';
import type { NeighbourLists } from '../../utils/relatedness.ts';

/** A route's new stops. */
export interface RouteChange {
  vehicle: number;
  stops: RouteStop[];
}

/** Worth of one fewer route when vehicles come first: more than any travel. */
const ROUTE_WORTH = 1e9;

export class LocalSearchContext {
  private readonly states: (RouteState | null)[];
  /**
   * Route pairs an operator found nothing for, by operator and pair (a * routes + b), at the
   * routes' `changedAt` then (numbers: string keys were 2 % of the search on RC104 and lrc205).
   */
  private readonly fruitless = new Map<string, Map<number, { a: number; b: number }>>();
  /** Routes changed since the search began (the caller re-checks only those). */
  readonly changed = new Set<number>();
  /** Where each request is (route index), -1 when unserved. */
  readonly routeOf: Int32Array;
  /** Routes with stops: once \`nearRoutes\` has found every other one, it stops looking. */
  private usedRoutes = 0;
  /** Moves applied so far: the clock of `changedAt` and `idleSince`. */
  private moves = 0;
  /**
   * By route: the moves applied when it last changed (the route's version: a result about a
   * route holds while this is as it was).
   */
  private readonly changedAt: Int32Array;
  /** How far into its request's neighbour list the operator being tried has read. */
  private reach = 0;
  /**
   * By request and operator (r * operators + o): 1 + the moves applied when the operator last
   * found nothing for the request (0: not yet), and how far into the request's neighbours it
   * read then. Until the request's route or the route of one of those neighbours changes, it
   * would find nothing again.
   */
  private readonly idleSince: Int32Array;
  private readonly idleReach: Int32Array;
  /** By request: the state of its route without it, at the route's `changedAt` then. */
  private readonly withoutStates = new Map<number, { vehicle: number; version: number; state: RouteState }>();

  constructor(
    readonly instance: RoutingInstance,
    readonly routes: RouteStop[][],
    private readonly neighbours: NeighbourLists,
    private readonly routeFilter: ((vehicle: number, stops: readonly RouteStop[]) => boolean) | undefined,
    /** Operators the local search draws from: the idle records keep one per request and operator. */
    private readonly operators: number,
  ) {
    this.states = routes.map(() => null);
    this.changedAt = new Int32Array(routes.length);
    this.idleSince = new Int32Array(instance.requests.length * operators);
    this.idleReach = new Int32Array(instance.requests.length * operators);
    this.routeOf = new Int32Array(instance.requests.length).fill(-1);
    for (let k = 0; k < routes.length; k += 1) for (const stop of routes[k]!) this.routeOf[stop.request] = k;
    for (const stops of routes) if (stops.length > 0) this.usedRoutes += 1;
  }

  state(k: number): RouteState {
    let state = this.states[k];
    if (state === null || state === undefined) {
      state = buildState(this.instance, k, this.routes[k]!);
      this.states[k] = state;
    }
    return state;
  }

  /**
   * The state of route k without request r (its stops, travel and times), kept while route k is
   * unchanged: relocate and exchange ask for the same one pass after pass.
   */
  stateWithout(k: number, r: number): RouteState {
    const kept = this.withoutStates.get(r);
    if (kept !== undefined && kept.vehicle === k && kept.version === this.changedAt[k]) return kept.state;
    const state = buildState(this.instance, k, without(this.routes[k]!, r));
    this.withoutStates.set(r, { vehicle: k, version: this.changedAt[k]!, state });
    return state;
  }

  /**
   * Travel saved by taking request r (both its stops) out of route k, from the route's stops
   * alone: what \`stateWithout(k, r).travel\` tells, without building that route.
   */
  savedWithout(k: number, r: number): number {
    const { instance } = this;
    const state = this.state(k);
    const { stops } = state;
    const L = stops.length;
    // nothing else on the route: nothing left to drive
    if (L <= 2) return state.travel;
    let p = -1;
    let d = -1;
    for (let i = 0; i < L; i += 1) {
      if (stops[i]!.request !== r) continue;
      if (stops[i]!.kind === 'pickup') p = i;
      else d = i;
    }
    const vehicle = instance.vehicles[k]!;
    const travel = instance.travel;
    const { locations } = state;
    const P = locations[p]!;
    const D = locations[d]!;
    const beforeP = p === 0 ? vehicle.startLocation : locations[p - 1]!;
    const afterD = locations[d + 1]!;
    if (d === p + 1) return travel[beforeP]![P]! + travel[P]![D]! + travel[D]![afterD]! - travel[beforeP]![afterD]!;
    const afterP = locations[p + 1]!;
    const beforeD = locations[d - 1]!;
    return travel[beforeP]![P]! + travel[P]![afterP]! - travel[beforeP]![afterP]! +
      travel[beforeD]![D]! + travel[D]![afterD]! - travel[beforeD]![afterD]!;
  }

  /** Value of replacing routes by `changes` (negative: better): travel, and routes emptied or opened when vehicles come first. */
  estimate(changes: readonly RouteChange[], newTravel: readonly number[]): number {
    let value = 0;
    for (let c = 0; c < changes.length; c += 1) {
      const change = changes[c]!;
      const before = this.routes[change.vehicle]!;
      value += newTravel[c]! - this.state(change.vehicle).travel;
      if (this.instance.vehiclesFirst) {
        if (before.length > 0 && change.stops.length === 0) value -= ROUTE_WORTH;
        if (before.length === 0 && change.stops.length > 0) value += ROUTE_WORTH;
      }
    }
    return value;
  }

  /**
   * Applies the changes when every changed route passes the full route check (hours included)
   * and the caller's route test, and the true travel confirms the improvement.
   */
  tryApply(changes: readonly RouteChange[]): boolean {
    const travel: number[] = [];
    for (const change of changes) {
      if (change.stops.length === 0) { travel.push(0); continue; }
      const check = checkRoute(this.instance, change.vehicle, change.stops);
      if (!check.ok) return false;
      travel.push(check.schedule.travel);
    }
    if (this.estimate(changes, travel) >= 0) return false;
    if (this.routeFilter !== undefined) {
      for (const change of changes) if (change.stops.length > 0 && !this.routeFilter(change.vehicle, change.stops)) return false;
    }
    for (const change of changes) {
      const before = this.routes[change.vehicle]!.length;
      if (before > 0 && change.stops.length === 0) this.usedRoutes -= 1;
      if (before === 0 && change.stops.length > 0) this.usedRoutes += 1;
      this.routes[change.vehicle] = change.stops;
      this.states[change.vehicle] = null;
      this.changedAt[change.vehicle] = this.moves + 1;
      this.changed.add(change.vehicle);
      for (const stop of change.stops) this.routeOf[stop.request] = change.vehicle;
    }
    this.moves += 1;
    return true;
  }

  /**
   * Whether operator o would find nothing for request r, as it found nothing the last time it
   * was tried and nothing it read has changed since: neither r's route nor the route of any
   * neighbour it read. (Operators read no more than that: r's route, the routes of its nearest
   * requests and these routes' states; they draw no random numbers.) A pass after a move asks
   * again about every request, and most of what it would try is as it was.
   */
  idle(r: number, o: number): boolean {
    const at = r * this.operators + o;
    const since = this.idleSince[at]! - 1;
    if (since < 0) return false;
    const { changedAt, routeOf } = this;
    const own = routeOf[r]!;
    if (own < 0 || changedAt[own]! > since) return false;
    const reach = this.idleReach[at]!;
    if (reach > 0) {
      const list = this.neighbours.of(r);
      for (let x = 0; x < reach; x += 1) {
        const k = routeOf[list[x]!]!;
        if (k >= 0 && changedAt[k]! > since) return false;
      }
    }
    return true;
  }

  /** Before an operator is tried on a request: nothing read yet. */
  trying(): void {
    this.reach = 0;
  }

  /** Operator o found nothing for request r, having read what it read since `trying`. */
  foundNothing(r: number, o: number): void {
    const at = r * this.operators + o;
    this.idleSince[at] = this.moves + 1;
    this.idleReach[at] = this.reach;
  }

  /** The first `count` requests nearest to request r on other routes (served ones), nearest first: an exchange's partners. */
  partners(r: number, count: number): number[] {
    const own = this.routeOf[r]!;
    const result: number[] = [];
    const list = this.neighbours.of(r);
    let x = 0;
    while (x < list.length && result.length < count) {
      const s = list[x]!;
      x += 1;
      const k = this.routeOf[s]!;
      if (k >= 0 && k !== own) result.push(s);
    }
    if (x > this.reach) this.reach = x;
    return result;
  }

  /** Whether `operator` already found nothing between routes a and b as they are now. */
  knownFruitless(operator: string, a: number, b: number): boolean {
    const known = this.fruitless.get(operator)?.get(a * this.routes.length + b);
    return known !== undefined && known.a === this.changedAt[a] && known.b === this.changedAt[b];
  }

  markFruitless(operator: string, a: number, b: number): void {
    let pairs = this.fruitless.get(operator);
    if (pairs === undefined) {
      pairs = new Map();
      this.fruitless.set(operator, pairs);
    }
    pairs.set(a * this.routes.length + b, { a: this.changedAt[a]!, b: this.changedAt[b]! });
  }

  /** Routes of the requests nearest to request r (its own excluded), at most `count`, nearest first. */
  nearRoutes(r: number, count: number): number[] {
    const own = this.routeOf[r]!;
    const result: number[] = [];
    // with few routes (long ones), every other route is found long before the list ends
    const others = this.usedRoutes - (own >= 0 && this.routes[own]!.length > 0 ? 1 : 0);
    if (count > others) count = others;
    if (count <= 0) return result;
    const list = this.neighbours.of(r);
    let x = 0;
    while (x < list.length && result.length < count) {
      const k = this.routeOf[list[x]!]!;
      x += 1;
      if (k < 0 || k === own || result.includes(k)) continue;
      result.push(k);
    }
    if (x > this.reach) this.reach = x;
    return result;
  }
}

/** The stops without request r. */
export function without(stops: readonly RouteStop[], r: number): RouteStop[] {
  const result: RouteStop[] = [];
  for (const stop of stops) if (stop.request !== r) result.push(stop);
  return result;
}
