/**
 * Local search between ruins (the "education" of Vidal's HGS, VROOM's and PyVRP's operator
 * sets, for pickup-and-delivery requests): operators registered in one list with their weights;
 * each pass visits the requests of the routes to improve in a random order and, for each, tries
 * operators drawn by weight until one finds an improving move, which is applied at once (first
 * improvement). It stops when a pass finds nothing, or at its move budget or deadline.
 */
import type { RouteStop, RoutingInstance } from '../../structures/instance.ts';
import type { NeighbourLists } from '../../utils/relatedness.ts';
import type { Random } from '../../utils/random.ts';
import { now } from '../../utils/clock.ts';
import { oncePer } from '../../utils/memo.ts';
import { LocalSearchContext } from './context.ts';
import { exchange } from './exchange.ts';
import { intraOrOpt, orOpt } from './or-opt.ts';
import { relocate } from './relocate.ts';
import { hasRouteEndDeliveries, relocateRepair } from './relocate-repair.ts';
import { twoOptStar } from './two-opt-star.ts';
import { intraTwoOpt } from './two-opt.ts';

export interface LocalSearchOperator {
  name: string;
  /** Relative chance of being tried first on a request; 0: not tried at all. */
  weight: number;
  /** Finds and applies an improving move around request r; false when there is none. */
  apply(context: LocalSearchContext, r: number): boolean;
  /** Whether it is tried at all on the instance (default: yes); where not, the others are drawn as without it. */
  appliesTo?: (instance: RoutingInstance) => boolean;
}

/** The operators, in one list with their weights. */
export const OPERATORS: readonly LocalSearchOperator[] = [
  { name: 'relocate', weight: 4, apply: relocate },
  { name: 'two-opt*', weight: 3, apply: twoOptStar },
  { name: 'exchange', weight: 2, apply: exchange },
  { name: 'intra-or-opt', weight: 1, apply: intraOrOpt },
  // intra-route 2-opt, weight 1 against none (bench --clock cpu, a87f9da, load 3-7): 0.5 s, all
  // 112, seeds 1-3, VROOM-within-1 % misses 3/3/3 -> 4/1/1 (lrc205 3 -> 1 seeds, lr206 1 -> 0,
  // C204 2 -> 1, C203 0 -> 1, RC104 3 -> 3), our count above VROOM's on none, Solomon over the
  // best-known count 36 -> 39 runs; seeds 4-10 on lrc205 lr206 RC104 C203 C204 lr203 lr208, runs
  // within 1 % at the count 25 -> 30 of 49 (RC104 mean 6.4 -> 2.7 %, lr208 3.8 -> 0.5 %, lrc205
  // 3 -> 1 runs); 10 s seed 1: R109 5.83 -> 4.06 %, R205 6.28 -> 0.95 %, lr203 0 % both.
  // Weight 2 was mixed (C204 worse in each of 4 seeds, R205 7.3 % against 4.5 % with weight 1).
  { name: 'two-opt', weight: 1, apply: intraTwoOpt },
  // VRPTW customers (route-end deliveries) only, on long routes (see relocate-repair.ts)
  { name: 'relocate-repair', weight: 1, apply: relocateRepair, appliesTo: hasRouteEndDeliveries },
  // off (weight 0): at 600 ruin-and-recreate moves on C103, C104, R205, lr201, lr203 and RC206 it
  // took 30-60 % more CPU for no better gap (its block places are judged over 4 routes)
  { name: 'or-opt', weight: 0, apply: orOpt },
];

export interface LocalSearchOptions {
  neighbours: NeighbourLists;
  random: Random;
  /** Routes whose requests are visited (null: all). */
  routes: Iterable<number> | null;
  /**
   * Requests to visit (null: every request of `routes`); passes go over them while one finds a
   * move. After a ruin, the requests it re-inserted: a pass over every request of long routes
   * cost more than the ruin itself.
   */
  requests?: readonly number[] | null;
  /** Improving moves at most. */
  maxMoves: number;
  deadline: number;
  routeFilter?: ((vehicle: number, stops: readonly RouteStop[]) => boolean) | undefined;
}

export interface LocalSearchResult {
  moves: number;
  /** Routes the moves changed. */
  changed: Set<number>;
  /** Improving moves by operator name. */
  byOperator: Record<string, number>;
}

/** Improves `routes` in place; every changed route passes the route check and the route filter. */
export function localSearch(instance: RoutingInstance, routes: RouteStop[][], options: LocalSearchOptions): LocalSearchResult {
  const { operators, totalWeight } = operatorsFor(instance);
  const context = new LocalSearchContext(instance, routes, options.neighbours, options.routeFilter, operators.length);
  const byOperator: Record<string, number> = {};
  const visit = new Set<number>(options.routes ?? routes.keys());
  const order: number[] = new Array(operators.length);
  let moves = 0;
  let improved = true;
  while (improved && moves < options.maxMoves && now() < options.deadline) {
    improved = false;
    const requests: number[] = [];
    if (options.requests != null) {
      for (const r of options.requests) if (context.routeOf[r]! >= 0) requests.push(r);
    } else for (const k of visit) for (const stop of routes[k]!) if (stop.kind === 'pickup') requests.push(stop.request);
    shuffle(requests, options.random);
    for (const r of requests) {
      if (moves >= options.maxMoves) break;
      operatorOrder(operators, options.random, totalWeight, order);
      for (const o of order) {
        // nothing it would look at has changed since it last found nothing: it would find nothing
        if (context.idle(r, o)) continue;
        const operator = operators[o]!;
        context.trying();
        if (!operator.apply(context, r)) {
          context.foundNothing(r, o);
          continue;
        }
        moves += 1;
        byOperator[operator.name] = (byOperator[operator.name] ?? 0) + 1;
        improved = true;
        for (const k of context.changed) visit.add(k);
        break;
      }
    }
  }
  return { moves, changed: context.changed, byOperator };
}

/** The operators drawn on an instance (weight above 0, applying to it), decided once per instance: a local search runs after every ruin. */
const operatorsFor = oncePer((instance: RoutingInstance) => {
  const operators = OPERATORS.filter((operator) => operator.weight > 0 && (operator.appliesTo?.(instance) ?? true));
  return { operators, totalWeight: operators.reduce((sum, operator) => sum + operator.weight, 0) };
});

/**
 * The operators in a random order, heavier ones more likely first (roulette without
 * replacement), written into \`order\` (a request's draw made no arrays: it comes once per
 * request visited).
 */
function operatorOrder(operators: readonly LocalSearchOperator[], random: Random, totalWeight: number, order: number[]): void {
  const n = operators.length;
  for (let x = 0; x < n; x += 1) order[x] = x;
  let weight = totalWeight;
  // order[0, placed) is drawn; the operators left are order[placed, n), in their list order
  for (let placed = 0; placed < n; placed += 1) {
    let pick = random.next() * weight;
    let index = placed;
    while (index < n - 1 && pick >= operators[order[index]!]!.weight) { pick -= operators[order[index]!]!.weight; index += 1; }
    const drawn = order[index]!;
    for (let x = index; x > placed; x -= 1) order[x] = order[x - 1]!;
    order[placed] = drawn;
    weight -= operators[drawn]!.weight;
  }
}

function shuffle(items: number[], random: Random): void {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = random.int(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}
