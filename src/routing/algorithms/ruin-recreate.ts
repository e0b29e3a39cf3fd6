/**
 * Ruin and recreate in TypeScript (Schrimpf et al. 2000; removal as in Ropke & Pisinger 2006),
 * run before the model-based large-neighbourhood search: thousands of cheap moves on the route
 * evaluator where a model call costs seconds. Two phases:
 * - route elimination (vehicles-first instances only): the smallest route is emptied into a pool,
 *   whose requests go back one at a time, ejecting one or two others where none fits
 *   (ejection.ts, Nagata & Braysy's ejection search); where no such ejection makes room, related
 *   requests of the other routes are removed and re-inserted with the pool. An attempt ends when
 *   the pool is empty (one vehicle fewer) or has not shrunk for its patience (moves); a round
 *   ends after every route resisted once. Rounds are counted, never timed: one before the travel
 *   phase (from the start's local optimum), then one each time the travel phase settles (moves without a new best), patience and
 *   settling both doubling each round. When a round empties nothing, the search retraces
 *   once per vehicle count: back to the routes before the last route went, which the
 *   travel phase settles first (a route emptied from unsettled routes leaves long, tight routes
 *   with no room to move: lrc207 stuck 55-60 % over the best-known distance at its count).
 *   After `eliminationGiveUp` rounds in a row that empty nothing, the run makes no more;
 * - travel: strings of stops around related requests, related or random requests (whole groups)
 *   or a whole route removed and re-inserted by regret-2 or
 *   greedy insertion in a random order, accepted under a record-to-record threshold that
 *   shrinks to zero over the move budget, or over each cycle of counted moves when the budget is
 *   the clock (only ever lexicographically worse in travel, never in served groups or vehicles).
 * Insertion keeps every route feasible under the full route check (hours included), and every
 * accepted solution is re-evaluated. Deterministic for a seed when stopped by its iteration
 * budget; the deadline can cut it short (`stoppedBy` says so).
 */
import { compareCost, evaluateSolution } from '../structures/evaluate.ts';
import { applyInsertion, bestInsertion, dropPartialGroups, regretInsert } from './insertion.ts';
import type { RouteStop, RoutingCost, RoutingInstance, RoutingSolution } from '../structures/instance.ts';
import { Random } from '../utils/random.ts';
import { NeighbourLists } from '../utils/relatedness.ts';
import { capacityVehicleBound } from '../utils/vehicle-bound.ts';
import { buildState, type RouteState } from '../structures/route-state.ts';
import { localSearch } from './local-search/index.ts';
import { EjectionSearch } from './ejection.ts';
import type { RuinRecreateParameters } from '../structures/search-parameters.ts';
import { aborted, deadline, firstOf, maxIterations, noImprovement, type StopReason } from './stopping.ts';
import { now } from '../utils/clock.ts';

export interface RuinRecreateOptions extends Omit<RuinRecreateParameters, 'share'> {
  seed: number;
  /** A time on the core's clock (utils/clock.ts): the search stops at it. */
  deadline: number;
  signal?: AbortSignal;
  /** Called with each new best solution's cost (benchmarks: the time to reach a target). */
  onImprovement?: ((cost: RoutingCost) => void) | undefined;
  /**
   * A further test every route a move changes must pass, or the move is rejected (the service's
   * planner: its hours engine schedules it). The start's routes are taken as they are.
   */
  routeFilter?: (vehicle: number, stops: readonly RouteStop[]) => boolean;
  /** A cost nothing can beat (a lower bound met): the search stops on reaching it. */
  target?: RoutingCost | null;
}

export interface RuinRecreateResult {
  solution: RoutingSolution;
  cost: RoutingCost;
  iterations: number;
  improvements: number;
  vehiclesEliminated: number;
  /** Improving moves of the local search between ruins. */
  localSearchMoves: number;
  stoppedBy: StopReason;
  /** Independent runs made (restarts.ts; 1 without restarts). */
  runs: number;
}

type Routes = RoutingSolution['routes'];

/** Random relocations after each ejection (Nagata & Braysy's perturbation, which keeps the pool search from cycling). */
const PERTURB_MOVES = 3;
/**
 * Moves without a smaller pool that end an attempt to empty a route in the first round (doubled
 * each further round): counted, so the same request gives the same routes on any machine.
 */
const eliminationPatience = (requests: number): number => 50 + requests;
/**
 * Travel moves without a new best (and since the last round) after which route elimination runs
 * again; doubled after each round, as the attempts' patience is, so neither phase starves the other.
 */
const eliminationStall = (requests: number): number => Math.max(50, requests);
/**
 * Elimination rounds in a row without a route emptied after which the search retraces (once per
 * vehicle count). 1, against 2: at 0.5 s the second fruitless round came too late for a retrace
 * (lrc205: the first round's four routes stuck 12-35 % over the best-known distance in 10 of 24
 * seeds; retraced, the travel phase found the best-known routes in 0.08 s). Bench, 2 threads
 * (portfolio), 16 seeds, 22 instances after warm-up, wall clock, side by side (load 2.5-3.1):
 * runs within 1 % at the best-known count lrc205 12 -> 16 of 16, R103 1 -> 3, R108 0 -> 1,
 * RC104 6 -> 7, the other 18 the same or within one run. 0.5 s of CPU, all 112, seeds 1-3 and
 * their second members: Li & Lim mean gap at the count 1.44 -> 0.60 %, runs over the count 1 ->
 * 0; Solomon 32 -> 35 runs over (as a two-member portfolio 26 both). 30 s of CPU, lrc201 lrc206
 * R104 R109 R110 R112 R204 R211: the same counts but R112 (+1 with seed 1; at the count with
 * seeds 2-4, where 2 had been +1), gaps within the seeds' noise.
 */
const RETRACE_AFTER = 1;

/**
 * Stops per route (on average over the routes a ruin touched) from which the local search after
 * a ruin visits only the requests it re-inserted (and those of the shortest route touched, whose
 * relocation may empty it): a pass over every request of long routes took 70 % of the time on
 * RC202 (CPU profile), while on short routes the full pass is cheap and empties routes.
 */
const LONG_ROUTE_STOPS = 30;

const clone = (routes: Routes): Routes => routes.map((stops) => stops.slice());

function sameStops(a: readonly RouteStop[], b: readonly RouteStop[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i]!.request !== b[i]!.request || a[i]!.kind !== b[i]!.kind) return false;
  return true;
}

export class RuinRecreate {
  private readonly random: Random;
  private readonly neighbours: NeighbourLists;
  private readonly groupRequests = new Map<number, number[]>();
  private localSearchMoves = 0;

  constructor(private readonly instance: RoutingInstance, private readonly options: RuinRecreateOptions) {
    this.random = new Random(options.seed);
    this.neighbours = new NeighbourLists(instance);
    for (const [r, request] of instance.requests.entries()) {
      this.groupRequests.set(request.group, [...(this.groupRequests.get(request.group) ?? []), r]);
    }
  }

  private shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = this.random.int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** Removes the requests (whole groups) from the routes; returns every request removed. */
  private remove(routes: Routes, requests: Iterable<number>): number[] {
    const out = new Set<number>();
    for (const r of requests) for (const other of this.groupRequests.get(this.instance.requests[r]!.group)!) out.add(other);
    for (let k = 0; k < routes.length; k += 1) {
      if (routes[k]!.some((stop) => out.has(stop.request))) routes[k] = routes[k]!.filter((stop) => !out.has(stop.request));
    }
    return [...out].sort((a, b) => a - b);
  }

  /** `count` requests among `candidates` related to a random seed (some skipped at random). */
  private related(candidates: Set<number>, count: number, seed?: number): number[] {
    const pool = [...candidates];
    if (pool.length === 0) return [];
    const anchor = seed ?? pool[this.random.int(pool.length)]!;
    const chosen: number[] = candidates.has(anchor) ? [anchor] : [];
    for (const r of this.neighbours.of(anchor)) {
      if (chosen.length >= count) break;
      if (candidates.has(r) && this.random.next() < 0.85) chosen.push(r);
    }
    return chosen;
  }

  /**
   * String removal (Christiaens & Vanden Berghe's SISR): around a random seed, the routes of its
   * nearest requests each lose a run of consecutive stops through that request, until about
   * `count` requests are out; the requests of the removed stops are returned.
   */
  private strings(routes: Routes, served: Set<number>, count: number): number[] {
    const list = [...served];
    const seed = list[this.random.int(list.length)]!;
    const routeOf = new Map<number, number>();
    for (const [k, stops] of routes.entries()) for (const stop of stops) routeOf.set(stop.request, k);
    const touched = new Set<number>();
    const chosen = new Set<number>();
    const routesToRuin = 1 + this.random.int(Math.min(4, Math.max(1, Math.ceil(count / 4))));
    for (const r of [seed, ...this.neighbours.of(seed)]) {
      if (chosen.size >= count || touched.size >= routesToRuin) break;
      const k = routeOf.get(r);
      if (k === undefined || touched.has(k)) continue;
      touched.add(k);
      const stops = routes[k]!;
      const at = stops.findIndex((stop) => stop.request === r);
      const length = Math.min(stops.length, 2 + this.random.int(Math.max(1, Math.min(stops.length, 2 * Math.ceil(count / routesToRuin)))));
      const first = Math.max(0, Math.min(at - this.random.int(length), stops.length - length));
      for (const stop of stops.slice(first, first + length)) chosen.add(stop.request);
    }
    return [...chosen].sort((a, b) => a - b);
  }

  /**
   * The order a greedy recreate inserts in (SISR's orders, weights 4/4/2/1, and the window
   * opening, 2): at random, larger quantities first, farthest from the first vehicle's start
   * first, nearest first, earliest pickup window first.
   */
  private insertionOrder(requests: number[]): number[] {
    const shuffled = this.shuffle(requests.slice());
    if (this.options.insertionOrders !== 'sisr') return shuffled;
    const { instance } = this;
    const home = instance.vehicles[0]?.startLocation ?? 0;
    const far = (r: number): number => instance.travel[home]![instance.requests[r]!.pickupLocation]!;
    const roll = this.random.int(13);
    // sorts are stable: ties keep the random order
    if (roll < 4) return shuffled;
    if (roll < 8) return shuffled.sort((a, b) => instance.requests[b]!.quantity - instance.requests[a]!.quantity);
    if (roll < 10) return shuffled.sort((a, b) => far(b) - far(a));
    if (roll < 11) return shuffled.sort((a, b) => far(a) - far(b));
    return shuffled.sort((a, b) => instance.requests[a]!.pickupWindow.earliest - instance.requests[b]!.pickupWindow.earliest);
  }

  /** Greedy insertion in the given order (cheapest feasible position over the vehicles, with blinks); returns what fits nowhere. */
  private greedyInsert(routes: Routes, requests: number[], vehicles: number[], openPenalty: number): number[] {
    const blink = this.options.blinkRate > 0 ? { random: this.random, rate: this.options.blinkRate } : null;
    const failed: number[] = [];
    // route states are kept until their route changes (an insertion changes one route)
    const states: (RouteState | undefined)[] = new Array(routes.length);
    for (const r of requests) {
      const eligible = this.instance.requests[r]!.eligibleVehicles;
      let best: { k: number; cost: number; insertion: NonNullable<ReturnType<typeof bestInsertion>> } | null = null;
      let triedEmpty = false;
      for (const k of vehicles) {
        if (eligible !== null && !eligible.includes(k)) continue;
        const empty = routes[k]!.length === 0;
        if (empty && triedEmpty) continue;
        let state = states[k];
        if (state === undefined) {
          state = buildState(this.instance, k, routes[k]!);
          states[k] = state;
        }
        const insertion = bestInsertion(this.instance, k, routes[k]!, r, state, blink);
        if (insertion === null) continue;
        if (empty) triedEmpty = true;
        const cost = insertion.delta + (empty ? openPenalty : 0);
        if (best === null || cost < best.cost) best = { k, cost, insertion };
      }
      if (best === null) failed.push(r);
      else {
        routes[best.k] = applyInsertion(routes[best.k]!, r, best.insertion);
        states[best.k] = undefined;
      }
    }
    return failed;
  }

  /** Re-inserts the requests (regret-2 or greedy in a random order, at random); returns the requests left out (whole groups). */
  private recreate(routes: Routes, requests: number[], vehicles: number[]): number[] {
    const openPenalty = this.instance.vehiclesFirst ? 1e9 : 0;
    const solution: RoutingSolution = { routes };
    let failed: number[];
    if (this.random.next() < this.options.regretShare) {
      failed = regretInsert(this.instance, solution, { requests: this.shuffle(requests.slice()), vehicles });
    } else {
      failed = this.greedyInsert(routes, this.insertionOrder(requests), vehicles, openPenalty);
    }
    const partial = dropPartialGroups(this.instance, solution);
    for (let k = 0; k < routes.length; k += 1) routes[k] = solution.routes[k]!;
    return [...new Set([...failed, ...partial])].sort((a, b) => a - b);
  }

  private changedRoutesPass(routes: Routes, before: Routes): boolean {
    const filter = this.options.routeFilter;
    if (filter === undefined) return true;
    return routes.every((stops, k) => stops.length === 0 || sameStops(stops, before[k]!) || filter(k, stops));
  }

  /** At most `count` of `items` at random (all of them, in order, when there are no more). */
  private sample(items: number[], count: number): number[] {
    return items.length <= count ? items : this.shuffle(items.slice()).slice(0, count);
  }

  private removalCount(served: number): number {
    const most = Math.max(2, Math.min(this.options.maxRemoved, Math.ceil(0.25 * served)));
    return 2 + this.random.int(Math.max(1, most - 1));
  }

  /**
   * Local search over the routes that differ from `before` (all of them when `before` is null);
   * on long routes, around `requests` (those a ruin re-inserted) only.
   */
  private improveLocally(routes: Routes, before: Routes | null, requests: readonly number[] | null = null): void {
    const touched: number[] = [];
    for (let k = 0; k < routes.length; k += 1) if (before === null || !sameStops(routes[k]!, before[k]!)) touched.push(k);
    let visited: number[] | null = null;
    let stops = 0;
    for (const k of touched) stops += routes[k]!.length;
    if (requests !== null && stops >= LONG_ROUTE_STOPS * touched.length) {
      visited = requests.slice();
      if (this.instance.vehiclesFirst) {
        // and the requests of the shortest route touched, whose relocation may empty it
        let shortest = -1;
        for (const k of touched) if (routes[k]!.length > 0 && (shortest < 0 || routes[k]!.length < routes[shortest]!.length)) shortest = k;
        if (shortest >= 0) for (const stop of routes[shortest]!) if (stop.kind === 'pickup' && !requests.includes(stop.request)) visited.push(stop.request);
      }
    }
    const result = localSearch(this.instance, routes, {
      neighbours: this.neighbours,
      random: this.random,
      routes: touched,
      requests: visited,
      maxMoves: before === null ? 10 * this.instance.requests.length : 2 * this.options.maxRemoved + 10,
      deadline: this.options.deadline,
      routeFilter: this.options.routeFilter,
    });
    this.localSearchMoves += result.moves;
  }

  run(start: RoutingSolution): RuinRecreateResult {
    const { instance, options } = this;
    const first = evaluateSolution(instance, start);
    if (!first.ok) throw new Error(`ruin-recreate: the start solution is infeasible: ${first.reason}`);
    let best = { routes: clone(start.routes), cost: first.cost };
    let current = { routes: clone(start.routes), cost: first.cost };
    const started = now();
    let iterations = 0;
    let improvements = 0;
    let vehiclesEliminated = 0;
    let stoppedBy: RuinRecreateResult['stoppedBy'] = 'iterations';
    const allVehicles = instance.vehicles.map((_, k) => k);
    const progress = (): number =>
      options.progress === 'time'
        ? Math.min(1, (now() - started) / Math.max(1, options.deadline - started))
        : iterations / Math.max(1, options.maxIterations);
    const criterion = firstOf(aborted(options.signal), deadline(options.deadline), maxIterations(options.maxIterations));
    // the travel phase also ends after a run of moves without a new best
    const travelCriterion = firstOf(criterion, noImprovement(options.stallMoves));
    let lastImprovement = 0;
    // the run's end for a restart (restarts.ts) counts travel moves only: route elimination's
    // moves are many times cheaper and come in bursts (95 % of R109's moves at 10 s)
    const restartCriterion = noImprovement(options.restartAfter === null ? null : Math.max(1, options.restartAfter * instance.requests.length));
    let travelMoves = 0;
    let lastTravelImprovement = 0;
    const stop = (phase: 'elimination' | 'travel' = 'elimination'): boolean => {
      if (options.target != null && compareCost(instance, best.cost, options.target) <= 0) {
        stoppedBy = 'target';
        return true;
      }
      const reason = (phase === 'travel' ? travelCriterion : criterion)({ iterations, sinceImprovement: iterations - lastImprovement })
        ?? (phase === 'travel' ? restartCriterion({ iterations: travelMoves, sinceImprovement: travelMoves - lastTravelImprovement }) : null);
      if (reason !== null) stoppedBy = reason;
      return reason !== null;
    };

    // route elimination (vehicles first): one round tries every used route, smallest first, until
    // one round goes by without a route emptied; an attempt on a route ends when its pool has not
    // shrunk below its smallest size for `patience` moves (`patience` doubles each round), or at
    // `until` of the progress (a safety cap: the counts decide, not the clock)
    let eliminationRound = 0;
    const absences = instance.requests.map(() => 0);
    const eliminate = (until: number): boolean => {
      const patience = eliminationPatience(instance.requests.length) * 2 ** Math.min(eliminationRound, 10);
      eliminationRound += 1;
      let failedTargets = new Set<number>();
      let emptied = false;
      // how often each request has been left in the pool: hard requests weigh more (Christiaens &
      // Vanden Berghe's absences), so the pool drifts towards requests that fit
      const weight = (pool: number[]): number => pool.reduce((sum, r) => sum + absences[r]!, 0);
      while (!stop() && progress() < until) {
        const used = allVehicles.filter((k) => current.routes[k]!.length > 0);
        if (used.length <= fewest || used.length <= 1 || used.every((k) => failedTargets.has(k))) break;
        const targets = used.filter((k) => !failedTargets.has(k)).sort((a, b) => current.routes[a]!.length - current.routes[b]!.length || a - b);
        const target = targets[0]!;
        const routes = clone(current.routes);
        let pool = this.remove(routes, routes[target]!.map((stop) => stop.request));
        const vehicles = used.filter((k) => k !== target);
        // first a plain re-insertion, then ruin and recreate around the pool
        pool = this.recreate(routes, pool, vehicles);
        let smallest = pool.length;
        let sinceSmaller = 0;
        const ejection = new EjectionSearch(instance, routes, vehicles, this.random, this.neighbours);
        while (pool.length > 0 && sinceSmaller < patience && !stop() && progress() < until) {
          iterations += 1;
          sinceSmaller += 1;
          // Nagata & Braysy: the last request into the pool is placed first, by ejecting others if need be
          const v = pool.pop()!;
          if (ejection.insert(v)) {
            if (pool.length < smallest) { smallest = pool.length; sinceSmaller = 0; }
            continue;
          }
          const ejected = ejection.ejectable(v) ? ejection.eject(v) : null;
          if (ejected !== null) {
            pool.push(...ejected);
            ejection.perturb(PERTURB_MOVES);
            continue;
          }
          pool.push(v);
          // no ejection of one or two requests makes room: ruin and recreate around the pool
          const trial = clone(routes);
          const inRoutes = new Set(trial.flat().map((stop) => stop.request));
          const seed = pool[this.random.int(pool.length)]!;
          const removed = this.remove(trial, this.related(inRoutes, this.removalCount(inRoutes.size / 2), seed));
          const left = this.recreate(trial, [...pool, ...removed], vehicles);
          for (const r of pool) absences[r]! += 1;
          if (left.length < pool.length || weight(left) <= weight(pool)) {
            for (let k = 0; k < routes.length; k += 1) routes[k] = trial[k]!;
            pool = left;
            ejection.resync();
            if (pool.length < smallest) { smallest = pool.length; sinceSmaller = 0; }
          }
        }
        if (pool.length > 0) { failedTargets.add(target); continue; }
        const evaluated = evaluateSolution(instance, { routes });
        if (!evaluated.ok) throw new Error(`ruin-recreate: route elimination produced an infeasible solution: ${evaluated.reason}`);
        if (compareCost(instance, evaluated.cost, current.cost) < 0) {
          current = { routes, cost: evaluated.cost };
          vehiclesEliminated += 1;
          improvements += 1;
          emptied = true;
          failedTargets = new Set();
          if (compareCost(instance, current.cost, best.cost) < 0) {
            best = { routes: clone(current.routes), cost: current.cost };
            lastImprovement = iterations;
            lastTravelImprovement = travelMoves;
            options.onImprovement?.(best.cost);
          }
        } else failedTargets.add(target);
      }
      return emptied;
    };
    // no route elimination once the routes are as few as capacity allows
    const fewest = capacityVehicleBound(instance);
    const eliminable = (): boolean => instance.vehiclesFirst && options.eliminationShare > 0 && best.cost.vehicles > fewest;
    const eliminating = eliminable();
    // the best routes of the trajectory the acceptance follows: the best routes, or while
    // retracing, the best of the routes retraced from (one route more)
    let reference = best;
    // the routes before the last elimination round that emptied a route: a retrace starts there
    let fallback: typeof best | null = null;
    let retracing = false;
    // elimination rounds in a row without a route emptied
    let fruitlessRounds = 0;
    const retraced = new Set<number>();
    const record = (routes: Routes, cost: RoutingCost): void => {
      if (compareCost(instance, cost, reference.cost) >= 0) return;
      reference = { routes: clone(routes), cost };
      lastImprovement = iterations;
      lastTravelImprovement = travelMoves;
      if (compareCost(instance, cost, best.cost) < 0) {
        best = reference;
        improvements += 1;
        options.onImprovement?.(cost);
      }
    };
    // the local optimum of the current routes (the travel phase starts from it)
    const descend = (): void => {
      if (!options.localSearch || stop('travel')) return;
      const routes = clone(current.routes);
      this.improveLocally(routes, null);
      const evaluated = evaluateSolution(instance, { routes });
      if (!evaluated.ok) throw new Error(`ruin-recreate: the local search produced an infeasible solution: ${evaluated.reason}`);
      if (compareCost(instance, evaluated.cost, current.cost) < 0) {
        current = { routes, cost: evaluated.cost };
        record(routes, evaluated.cost);
      }
    };
    if (eliminating) {
      // from the local optimum of the start, not from the construction's routes: a route emptied
      // from unsettled routes leaves long, tight routes the travel phase repairs slowly (RC206,
      // 7 s, seeds 1-3: 21/24/11 % over the best-known distance at its count, against 4/6/4 %)
      descend();
      const before = current;
      if (eliminate(options.eliminationShare)) fallback = before;
    }

    // the travel phase, from the local optimum of the current routes
    descend();
    reference = best;
    lastImprovement = iterations;
    let lastRound = iterations;
    // how far the acceptance threshold has fallen: over the move budget, or (when the budget is
    // the clock) over cycles of counted travel moves, never by the clock
    const travelStart = iterations;
    const cycle = Math.max(1, options.thresholdCycle * instance.requests.length);
    const thresholdFall = (): number => (options.progress === 'time' ? ((iterations - travelStart) % cycle) / cycle : progress());
    while (!stop('travel')) {
      const settled = eliminationStall(instance.requests.length) * 2 ** Math.min(Math.max(0, eliminationRound - 1), 10);
      // a run gives up route elimination after so many rounds in a row emptied nothing (the
      // rounds' patience doubles, and so does their cost; a restart eliminates afresh)
      const givenUp = options.eliminationGiveUp !== null && fruitlessRounds >= options.eliminationGiveUp;
      if (eliminating && eliminable() && !givenUp && iterations - Math.max(lastImprovement, lastRound) >= settled) {
        if (!retracing && fallback !== null && fruitlessRounds >= RETRACE_AFTER && !retraced.has(best.cost.vehicles)) {
          // stuck since a route went from routes the travel phase had not settled (the routes
          // left are long and tight, with no room to move): back to those routes, to settle them
          // first and empty a route again from there
          retraced.add(best.cost.vehicles);
          retracing = true;
          current = { routes: clone(fallback.routes), cost: fallback.cost };
          reference = current;
          fallback = null;
          lastImprovement = iterations;
          lastTravelImprovement = travelMoves;
          continue;
        }
        // the travel phase has settled: route elimination again from the trajectory's best routes,
        // each attempt more patient than the last round's
        current = { routes: clone(reference.routes), cost: reference.cost };
        const vehicles = best.cost.vehicles;
        const before = current;
        if (eliminate(Math.min(1, progress() + options.eliminationShare / 2))) {
          if (!retracing) fallback = before;
          // the pool's requests went wherever they fitted: to a local optimum first
          descend();
        }
        fruitlessRounds = best.cost.vehicles < vehicles ? 0 : fruitlessRounds + 1;
        if (retracing) {
          retracing = false;
          if (current.cost.vehicles > best.cost.vehicles) current = { routes: clone(best.routes), cost: best.cost };
        }
        reference = best;
        lastRound = iterations;
      }
      iterations += 1;
      travelMoves += 1;
      const routes = clone(current.routes);
      const served = new Set(routes.flat().map((stop) => stop.request));
      const unserved = instance.requests.map((_, r) => r).filter((r) => !served.has(r));
      const roll = this.random.next();
      let removed: number[];
      if (roll < 0.4 && served.size > 0) {
        removed = this.remove(routes, this.strings(routes, served, this.removalCount(served.size)));
      } else if (roll < 0.75 || served.size === 0) {
        removed = this.remove(routes, this.related(served.size > 0 ? served : new Set(unserved), this.removalCount(served.size)));
      } else if (roll < 0.9) {
        const list = [...served];
        removed = this.remove(routes, this.shuffle(list).slice(0, this.removalCount(served.size)));
      } else {
        const used = allVehicles.filter((k) => routes[k]!.length > 0);
        const k = used[this.random.int(used.length)]!;
        removed = this.remove(routes, routes[k]!.map((stop) => stop.request));
      }
      const offered = [...new Set([...removed, ...this.sample(unserved, options.unservedOffered)])].sort((a, b) => a - b);
      this.recreate(routes, offered, allVehicles);
      if (options.localSearch) this.improveLocally(routes, current.routes, offered);
      const evaluated = evaluateSolution(instance, { routes });
      if (!evaluated.ok) continue; // a request that may not be dropped found no place
      const cost = evaluated.cost;
      const order = compareCost(instance, cost, current.cost);
      const sameClass = cost.dropped === current.cost.dropped && cost.vehicles === current.cost.vehicles;
      const limit = reference.cost.travel * options.threshold * (1 - thresholdFall());
      const accept = order < 0 || (sameClass && cost.dropped === reference.cost.dropped && cost.vehicles <= reference.cost.vehicles && cost.travel <= reference.cost.travel + limit);
      if (!accept || !this.changedRoutesPass(routes, current.routes)) continue;
      current = { routes, cost };
      record(routes, cost);
    }
    return { solution: { routes: best.routes }, cost: best.cost, iterations, improvements, vehiclesEliminated, localSearchMoves: this.localSearchMoves, stoppedBy, runs: 1 };
  }
}

export function ruinAndRecreate(instance: RoutingInstance, start: RoutingSolution, options: RuinRecreateOptions): RuinRecreateResult {
  return new RuinRecreate(instance, options).run(start);
}
