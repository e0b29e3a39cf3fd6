/**
 * Large-neighbourhood search over a `RoutingInstance` whose subproblems are models/pdptw.mzn
 * (Shaw 1998): remove a set of related requests, then let the model re-insert them into the
 * routes they came from with everything else fixed, demanding a strictly better solution.
 *
 * Neighbourhoods (chosen by a seeded generator, so the sequence is reproducible):
 * - `shaw`: related requests removed; the kept stops of their routes keep their order;
 * - `routes`: two or three neighbouring routes re-solved freely (order not kept);
 * - `eliminate`: the shortest route emptied with related requests of other routes, so that the
 *   model may serve them without it (fewer vehicles).
 * Every accepted solution is re-checked by the route evaluator; a mismatch is an error.
 */
import { compareCost, evaluateSolution } from '../structures/evaluate.ts';
import { pdptwData, pdptwRoutes } from '../utils/pdptw-data.ts';
import { buildSubproblem, mergeSubsolution, type NeighbourhoodSpec } from './lns-subproblem.ts';
import type { RouteStop, RoutingCost, RoutingInstance, RoutingSolution } from '../structures/instance.ts';
import type { ModelSolver } from '../structures/model-solver.ts';
import { Random } from '../utils/random.ts';
import { relatedness } from '../utils/relatedness.ts';
import type { LnsParameters } from '../structures/search-parameters.ts';
import { aborted, deadline, firstOf, maxIterations, noImprovement, type StopReason } from './stopping.ts';
import { now } from '../utils/clock.ts';

export type NeighbourhoodKind = 'shaw' | 'routes' | 'eliminate';

export interface LnsOptions extends Omit<LnsParameters, 'subproblemTimeLimitMs'> {
  solver: ModelSolver;
  /** Solver tag for the subproblems (`gecode`, `chuffed`). */
  solverTag: string;
  /** A time on the core's clock (utils/clock.ts): no subproblem starts after it, and each is cut at it. */
  deadline: number;
  seed: number;
  /** Time limit per subproblem, a safety net under the failure limit. */
  subproblemTimeLimitMs: number;
  signal?: AbortSignal | undefined;
  onImprovement?: ((cost: RoutingCost, iteration: number, kind: NeighbourhoodKind) => void) | undefined;
}

export interface LnsResult {
  solution: RoutingSolution;
  cost: RoutingCost;
  iterations: number;
  improvements: number;
  /** `deadline`: stopped by the clock, so a rerun on a slower machine may differ. */
  stoppedBy: StopReason;
  /** Subproblem outcomes by status, for evidence. */
  statuses: Record<string, number>;
  /** Model errors and evaluator mismatches (each is a bug). */
  errors: string[];
}

function routeOf(solution: RoutingSolution): Map<number, number> {
  const where = new Map<number, number>();
  for (const [k, stops] of solution.routes.entries()) for (const stop of stops) if (stop.kind === 'pickup') where.set(stop.request, k);
  return where;
}

/** Shaw removal: `count` requests related to a random seed, with randomness of degree 6. */
function shawRemoval(instance: RoutingInstance, candidates: number[], count: number, random: Random): number[] {
  const removed = [candidates[random.int(candidates.length)]!];
  const left = new Set(candidates);
  left.delete(removed[0]!);
  while (removed.length < count && left.size > 0) {
    const anchor = removed[random.int(removed.length)]!;
    const ranked = [...left].sort(
      (a, b) => relatedness(instance, anchor, a) - relatedness(instance, anchor, b) || a - b,
    );
    const pick = ranked[Math.floor(random.next() ** 6 * ranked.length)]!;
    removed.push(pick);
    left.delete(pick);
  }
  return removed;
}

/** Routes near route k: by the distance between the routes' centres of gravity. */
function nearestRoutes(instance: RoutingInstance, solution: RoutingSolution, k: number, count: number): number[] {
  const centre = (stops: RouteStop[]): number[] => {
    const locations = stops.map((s) => {
      const r = instance.requests[s.request]!;
      return s.kind === 'pickup' ? r.pickupLocation : r.deliveryLocation;
    });
    return locations;
  };
  const mine = centre(solution.routes[k]!);
  const score = (other: number): number => {
    const theirs = centre(solution.routes[other]!);
    let total = 0;
    for (const a of mine) {
      let best = Number.POSITIVE_INFINITY;
      for (const b of theirs) best = Math.min(best, instance.travel[a]![b]!);
      total += best;
    }
    return total / Math.max(1, mine.length);
  };
  return solution.routes
    .map((stops, index) => ({ index, used: stops.length > 0 }))
    .filter((entry) => entry.used && entry.index !== k)
    .map((entry) => ({ index: entry.index, score: score(entry.index) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.index);
}

export async function improveByLns(
  instance: RoutingInstance,
  start: RoutingSolution,
  options: LnsOptions,
): Promise<LnsResult> {
  const random = new Random(options.seed);
  let solution: RoutingSolution = { routes: start.routes.map((stops) => stops.slice()) };
  const first = evaluateSolution(instance, solution);
  if (!first.ok) throw new Error(`lns: the start solution is infeasible: ${first.reason}`);
  let cost = first.cost;
  const statuses: Record<string, number> = {};
  const errors: string[] = [];
  let improvements = 0;
  let iterations = 0;
  let stoppedBy: LnsResult['stoppedBy'] = 'iterations';
  // small first: a subproblem with a few freed requests is proven or improved within its failure
  // limit; the count grows while proofs come (below) and shrinks when the limit cuts the search
  let removeCount = Math.min(options.maxRemoved, 4, Math.max(2, Math.round(instance.requests.length / 12)));
  let failuresInRow = 0;
  let sinceImprovement = 0;
  // no subproblem starts within 50 ms of the deadline
  const stop = firstOf(maxIterations(options.maxIterations), noImprovement(options.stallLimit), aborted(options.signal), deadline(options.deadline, 50));
  for (;;) {
    const reason = stop({ iterations, sinceImprovement });
    if (reason !== null) { stoppedBy = reason; break; }
    iterations += 1;
    sinceImprovement += 1;
    const where = routeOf(solution);
    const served = [...where.keys()].sort((a, b) => a - b);
    const unserved = instance.requests.map((_, r) => r).filter((r) => !where.has(r));
    const used = solution.routes.map((stops, k) => (stops.length > 0 ? k : -1)).filter((k) => k >= 0);
    const unused = solution.routes.map((stops, k) => (stops.length === 0 ? k : -1)).filter((k) => k >= 0);
    if (served.length === 0 && unserved.length === 0) break;
    const roll = random.next();
    let kind: NeighbourhoodKind = roll < 0.7 ? 'shaw' : roll < 0.85 ? 'routes' : 'eliminate';
    if (used.length < 2 && kind !== 'shaw') kind = 'shaw';
    const offered = wholeGroups(instance, unserved, options.maxRemoved);
    let spec: NeighbourhoodSpec;
    if (kind === 'shaw' && options.maxRoutes !== null && (served.length > 0 || unserved.length > 0)) {
      spec = focusedShaw(instance, solution, where, served, unserved, removeCount, options, random);
    } else if (kind === 'shaw' && served.length > 0) {
      const removed = shawRemoval(instance, served, Math.min(removeCount, served.length), random);
      const vehicles = [...new Set(removed.map((r) => where.get(r)!))].sort((a, b) => a - b);
      // when travel comes before vehicles, an unused vehicle may be opened
      if (!instance.vehiclesFirst && unused.length > 0) vehicles.push(unused[0]!);
      spec = { vehicles, freed: new Set(removed), unserved: offered, keepOrder: true, margin: options.margin };
    } else if (kind === 'routes') {
      const anchor = used[random.int(used.length)]!;
      const vehicles = [anchor, ...nearestRoutes(instance, solution, anchor, 1 + random.int(2))].sort((a, b) => a - b);
      const freed = new Set<number>();
      for (const k of vehicles) for (const stop of solution.routes[k]!) freed.add(stop.request);
      const keepOrder = freed.size > options.maxRemoved;
      if (keepOrder) {
        // too many to re-solve freely: free the anchor's nearest requests only
        freed.clear();
        for (const r of shawRemoval(instance, vehicles.flatMap((k) => solution.routes[k]!.filter((s) => s.kind === 'pickup').map((s) => s.request)), options.maxRemoved, random)) freed.add(r);
      }
      spec = { vehicles, freed, unserved: offered, keepOrder: true, margin: options.margin };
    } else {
      const shortest = used
        .map((k) => ({ k, size: solution.routes[k]!.length }))
        .sort((a, b) => a.size - b.size || a.k - b.k)[random.int(Math.min(2, used.length))]!.k;
      const own = solution.routes[shortest]!.filter((s) => s.kind === 'pickup').map((s) => s.request);
      const others = served.filter((r) => where.get(r) !== shortest);
      const extra = others.length === 0 ? [] : shawRemoval(instance, others, Math.min(others.length, Math.max(2, removeCount)), random);
      const freed = new Set([...own, ...extra]);
      const vehicles = [...new Set([...freed].map((r) => where.get(r)!))].sort((a, b) => a - b);
      spec = { vehicles, freed, unserved: offered, keepOrder: true, margin: options.margin };
    }
    const sub = buildSubproblem(instance, solution, spec);
    const outcome = await options.solver.solve({
      model: 'pdptw.mzn',
      data: pdptwData(sub.instance, { restriction: sub.restriction }),
      solver: options.solverTag,
      timeLimitMs: Math.max(1, Math.min(options.subproblemTimeLimitMs, options.deadline - now())),
      seed: options.seed + iterations,
      failLimit: options.failLimit,
      signal: options.signal,
    });
    statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    if (outcome.status === 'ERROR') {
      errors.push(`iteration ${iterations}: ${outcome.error ?? 'model error'}`);
      continue;
    }
    if (outcome.solution === null) {
      failuresInRow += 1;
      // a proof that nothing better exists: look wider; a cut search: look narrower
      if (outcome.status === 'UNSATISFIABLE' && failuresInRow % 4 === 0) removeCount = Math.min(options.maxRemoved, removeCount + 1);
      if (outcome.status === 'UNKNOWN') removeCount = Math.max(2, removeCount - 1);
      continue;
    }
    const candidate = mergeSubsolution(solution, sub, pdptwRoutes(sub.instance, outcome.solution as { succ: number[]; route: number[] }));
    const evaluated = evaluateSolution(instance, candidate);
    if (!evaluated.ok) {
      errors.push(`iteration ${iterations}: the model returned routes the evaluator rejects: ${evaluated.reason}`);
      continue;
    }
    if (compareCost(instance, evaluated.cost, cost) < 0) {
      solution = candidate;
      cost = evaluated.cost;
      improvements += 1;
      failuresInRow = 0;
      sinceImprovement = 0;
      options.onImprovement?.(cost, iterations, kind);
    }
  }
  return { solution, cost, iterations, improvements, stoppedBy, statuses, errors };
}

/** The first unserved requests, whole groups only, at most `limit` of them. */
function wholeGroups(instance: RoutingInstance, unserved: number[], limit: number): number[] {
  const byGroup = new Map<number, number[]>();
  for (const r of unserved) {
    const group = instance.requests[r]!.group;
    byGroup.set(group, [...(byGroup.get(group) ?? []), r]);
  }
  const offered: number[] = [];
  for (const requests of byGroup.values()) {
    if (offered.length + requests.length > limit) continue;
    offered.push(...requests);
  }
  return offered;
}

/**
 * Shaw removal around a seed (an unserved request half of the time when there are any), over at
 * most `maxRoutes` routes: the most related requests on those routes are freed and the most
 * related unserved groups offered, so the subproblem stays small on instances with many routes.
 */
function focusedShaw(
  instance: RoutingInstance,
  solution: RoutingSolution,
  where: Map<number, number>,
  served: number[],
  unserved: number[],
  removeCount: number,
  options: LnsOptions,
  random: Random,
): NeighbourhoodSpec {
  const fromUnserved = unserved.length > 0 && (served.length === 0 || random.next() < 0.5);
  const seed = fromUnserved ? unserved[random.int(unserved.length)]! : served[random.int(served.length)]!;
  const ranked = [...served, ...unserved]
    .filter((r) => r !== seed)
    .map((r) => ({ r, score: relatedness(instance, seed, r) * (0.8 + 0.4 * random.next()) }))
    .sort((a, b) => a.score - b.score || a.r - b.r)
    .map((entry) => entry.r);
  const vehicles = new Set<number>();
  const freed = new Set<number>();
  const offered: number[] = [];
  const offer = (r: number) => {
    const group = instance.requests[r]!.group;
    for (const other of unserved) if (instance.requests[other]!.group === group && !offered.includes(other)) offered.push(other);
  };
  const maxRoutes = options.maxRoutes ?? Number.POSITIVE_INFINITY;
  if (where.has(seed)) {
    vehicles.add(where.get(seed)!);
    freed.add(seed);
  } else offer(seed);
  for (const r of ranked) {
    if (freed.size >= removeCount && offered.length >= 2) break;
    const k = where.get(r);
    if (k === undefined) {
      if (offered.length < Math.max(2, Math.floor(removeCount / 2))) offer(r);
      continue;
    }
    if (freed.size >= removeCount) continue;
    if (!vehicles.has(k) && vehicles.size >= maxRoutes) continue;
    vehicles.add(k);
    freed.add(r);
  }
  // an unserved group may also go to a route nobody uses yet
  const idle = solution.routes.findIndex((stops) => stops.length === 0);
  if (!instance.vehiclesFirst && idle >= 0 && offered.length > 0) vehicles.add(idle);
  return {
    vehicles: [...vehicles].sort((a, b) => a - b),
    freed,
    unserved: offered,
    keepOrder: true,
    margin: options.margin,
  };
}
