/**
 * The ejection search of route elimination (Nagata & Braysy 2009, "A powerful route minimization
 * heuristic for the vehicle routing problem with time windows", and their PDPTW variant): the
 * requests of the route being eliminated wait in an ejection pool; each in turn goes to its
 * cheapest feasible place, or, when there is none, in place of one or two requests of a route
 * (the set whose penalty counters sum least: a request that was hard to place before weighs
 * more, so the search does not eject it again and again), which join the pool. Random feasible
 * relocations between insertions move the routes around (their "perturb"). Every route stays
 * feasible throughout; the pool empties (one route fewer) or the caller's budget runs out.
 * Requests of groups of more than one request are never ejected (the caller keeps groups whole).
 */
import { checkRoute } from '../structures/evaluate.ts';
import type { RouteStop, RoutingInstance } from '../structures/instance.ts';
import { buildState, type RouteState } from '../structures/route-state.ts';
import type { Random } from '../utils/random.ts';
import type { NeighbourLists } from '../utils/relatedness.ts';
import { applyInsertion, bestInsertion, type Insertion } from './insertion.ts';

/** Nearest requests of the one to place among which a pair ejection looks (a pair anywhere costs O(n^2) insertions). */
const PAIR_CANDIDATES = 24;
/** Nearest requests whose routes a perturbing relocation may pick from. */
const PERTURB_NEAR = 10;

interface Ejection {
  vehicle: number;
  ejected: number[];
  stops: RouteStop[];
  sum: number;
  delta: number;
}

export class EjectionSearch {
  private readonly states: (RouteState | null)[];
  /** Where each request is (route index), -1 when not on a route. */
  private readonly routeOf: Int32Array;
  /** Nagata & Braysy's p: how often each request needed an ejection to be placed. */
  private readonly penalty: Int32Array;
  private readonly allowed: boolean[];
  /** Bumped whenever a route changes: a state kept for a route holds while its version does. */
  private readonly versions: number[];
  /**
   * By request: the state of its route without it, at the route's version then. An ejection
   * tries every request of every route, and between two ejections only a few routes change.
   */
  private readonly withoutStates = new Map<number, { vehicle: number; version: number; state: RouteState }>();

  constructor(
    private readonly instance: RoutingInstance,
    /** Changed in place. */
    readonly routes: RouteStop[][],
    /** Vehicles that may receive requests. */
    vehicles: readonly number[],
    private readonly random: Random,
    private readonly neighbours: NeighbourLists,
  ) {
    this.states = routes.map(() => null);
    this.versions = routes.map(() => 0);
    this.allowed = routes.map(() => false);
    for (const k of vehicles) this.allowed[k] = true;
    this.routeOf = new Int32Array(instance.requests.length).fill(-1);
    this.penalty = new Int32Array(instance.requests.length).fill(1);
    this.resync();
  }

  /** Re-reads the routes after someone else changed them. */
  resync(): void {
    this.routeOf.fill(-1);
    for (let k = 0; k < this.routes.length; k += 1) {
      this.states[k] = null;
      this.versions[k]! += 1;
      for (const stop of this.routes[k]!) this.routeOf[stop.request] = k;
    }
  }

  private state(k: number): RouteState {
    let state = this.states[k];
    if (state === null || state === undefined) {
      state = buildState(this.instance, k, this.routes[k]!);
      this.states[k] = state;
    }
    return state;
  }

  private setRoute(k: number, stops: RouteStop[]): void {
    for (const stop of this.routes[k]!) if (this.routeOf[stop.request] === k) this.routeOf[stop.request] = -1;
    this.routes[k] = stops;
    this.states[k] = null;
    this.versions[k]! += 1;
    for (const stop of stops) this.routeOf[stop.request] = k;
  }

  private eligible(r: number, k: number): boolean {
    if (!this.allowed[k]) return false;
    const list = this.instance.requests[r]!.eligibleVehicles;
    return list === null || list.includes(k);
  }

  /** Puts r at its cheapest feasible place (an empty route only when no used one takes it); false when there is none. */
  insert(r: number): boolean {
    let best: Insertion | null = null;
    let bestEmpty = true;
    for (let k = 0; k < this.routes.length; k += 1) {
      if (!this.eligible(r, k)) continue;
      const empty = this.routes[k]!.length === 0;
      if (empty && best !== null && !bestEmpty) continue;
      const insertion = bestInsertion(this.instance, k, this.routes[k]!, r, this.state(k));
      if (insertion === null) continue;
      if (best === null || (bestEmpty && !empty) || (empty === bestEmpty && insertion.delta < best.delta)) {
        best = insertion;
        bestEmpty = empty;
      }
    }
    if (best === null) return false;
    this.setRoute(best.vehicle, applyInsertion(this.routes[best.vehicle]!, r, best));
    return true;
  }

  /**
   * Places r in place of one request of a route, or of two near it, whichever set has the least
   * penalty sum (then the least added travel); returns the requests ejected, or null when no such
   * set makes room.
   */
  eject(r: number): number[] | null {
    let best: Ejection | null = null;
    for (let k = 0; k < this.routes.length; k += 1) {
      if (!this.eligible(r, k)) continue;
      for (const stop of this.routes[k]!) {
        if (stop.kind !== 'pickup' || !this.ejectable(stop.request)) continue;
        best = this.tryEjecting(r, k, [stop.request], best);
      }
    }
    if (best === null) {
      const near: number[] = [];
      for (const u of this.neighbours.of(r)) {
        if (near.length >= PAIR_CANDIDATES) break;
        const k = this.routeOf[u]!;
        if (k >= 0 && this.eligible(r, k) && this.ejectable(u)) near.push(u);
      }
      for (let a = 0; a < near.length; a += 1) {
        for (let b = a + 1; b < near.length; b += 1) {
          if (this.routeOf[near[a]!] !== this.routeOf[near[b]!]) continue;
          best = this.tryEjecting(r, this.routeOf[near[a]!]!, [near[a]!, near[b]!], best);
        }
      }
    }
    if (best === null) return null;
    this.penalty[r]! += 1;
    for (const u of best.ejected) this.routeOf[u] = -1;
    this.setRoute(best.vehicle, best.stops);
    return best.ejected;
  }

  /** Requests alone in their group (a group is served whole or not at all). */
  ejectable(u: number): boolean {
    const group = this.instance.requests[u]!.group;
    const before = this.instance.requests[u - 1];
    const after = this.instance.requests[u + 1];
    return (before === undefined || before.group !== group) && (after === undefined || after.group !== group);
  }

  private tryEjecting(r: number, k: number, ejected: number[], best: Ejection | null): Ejection | null {
    let sum = 0;
    for (const u of ejected) sum += this.penalty[u]!;
    if (best !== null && sum > best.sum) return best;
    const reducedState = ejected.length === 1 ? this.stateWithout(k, ejected[0]!) : buildState(this.instance, k, this.routes[k]!.filter((stop) => !ejected.includes(stop.request)));
    const reduced = reducedState.stops;
    // at the best set's penalty sum only a cheaper insertion would do: the scan is told, and
    // passes over the places that cannot be
    const insertion = bestInsertion(this.instance, k, reduced, r, reducedState, null, best !== null && sum === best.sum ? best.delta : Number.POSITIVE_INFINITY);
    if (insertion === null) return best;
    const stops = applyInsertion(reduced, r, insertion);
    // the insertion test trusts the rest of the route, which a removal keeps feasible only under the triangle inequality
    if (!checkRoute(this.instance, k, stops).ok) return best;
    return { vehicle: k, ejected, stops, sum, delta: insertion.delta };
  }

  /** The state of route k without request u, kept while route k is unchanged. */
  private stateWithout(k: number, u: number): RouteState {
    const kept = this.withoutStates.get(u);
    if (kept !== undefined && kept.vehicle === k && kept.version === this.versions[k]) return kept.state;
    const reduced: RouteStop[] = [];
    for (const stop of this.routes[k]!) if (stop.request !== u) reduced.push(stop);
    const state = buildState(this.instance, k, reduced);
    this.withoutStates.set(u, { vehicle: k, version: this.versions[k]!, state });
    return state;
  }

  /** `moves` random feasible relocations of requests to a route near them (cost ignored). */
  perturb(moves: number): void {
    const served: number[] = [];
    for (let r = 0; r < this.routeOf.length; r += 1) if (this.routeOf[r]! >= 0 && this.ejectable(r)) served.push(r);
    if (served.length === 0) return;
    for (let m = 0; m < moves; m += 1) {
      const r = served[this.random.int(served.length)]!;
      const from = this.routeOf[r]!;
      if (from < 0) continue;
      let target = -1;
      let seen = 0;
      for (const u of this.neighbours.of(r)) {
        if (seen >= PERTURB_NEAR) break;
        seen += 1;
        const k = this.routeOf[u]!;
        if (k >= 0 && k !== from && this.eligible(r, k) && (target < 0 || this.random.next() < 0.3)) target = k;
      }
      if (target < 0) continue;
      const insertion = bestInsertion(this.instance, target, this.routes[target]!, r, this.state(target));
      if (insertion === null) continue;
      const shortened: RouteStop[] = [];
      for (const stop of this.routes[from]!) if (stop.request !== r) shortened.push(stop);
      // taking a request out breaks a route only where travel breaks the triangle inequality, or by the hours rules
      if (shortened.length > 0 && !checkRoute(this.instance, from, shortened).ok) continue;
      this.setRoute(from, shortened);
      this.setRoute(target, applyInsertion(this.routes[target]!, r, insertion));
    }
  }
}
