/**
 * Local repair of one day after inserting the new legs failed (issue 19, "Decide fast"): ruin
 * and recreate (the routing core's, src/routing) on the routes near the new legs that are left
 * out, so that accepted legs may move to other routes nearby and make room.
 *
 * The search runs on a sub-instance of the day: the routes of the crews able to serve a missing
 * new leg and of the crews whose work is nearest to it (place and time), with the requests on
 * those routes. Every accepted request there may not be dropped (a move that leaves one out is
 * rejected), the new legs may; the search stops as soon as every new leg is in. Each route a move
 * changes must pass the hours engine (the same filter as the manifest planner's search). The
 * caller schedules the day again and the booking check validates the whole plan, so nothing here
 * can make an answer wrong: a failed repair only means the check goes on to its next step.
 */
import type { HoursCalendar, HoursTracker } from '../../planning/hours/index.ts';
import type { PlanningProblem } from '../../planning/problem/index.ts';
import type { DayInstance } from '../../planning/solve/day-instance.ts';
import { scheduleRoute } from '../../planning/solve/day-schedule.ts';
import { BOOKING_REPAIR } from '../../planning/solve/search-parameters.ts';
import { evaluateSolution, ruinAndRecreate, type RouteStop, type RoutingInstance, type RoutingSolution } from '../../routing/index.ts';
import { relatedness } from '../../routing/utils/relatedness.ts';

/** The repair's budgets live with every other budget of the day loop (search-parameters.ts). */
const { ableRoutes: ABLE_ROUTES, maxRoutes: MAX_ROUTES, maxMoves: MAX_MOVES, seed: SEED, maxRemoved: MAX_REMOVED } = BOOKING_REPAIR;

export interface RepairInput {
  problem: PlanningProblem;
  calendar: HoursCalendar;
  /** Each driver's hours state at the start of the day. */
  trackers: readonly HoursTracker[];
  day: DayInstance;
  /** The day's routes after insertion (only the requests the hours engine scheduled). */
  routes: RouteStop[][];
  /** Groups (legs) that must be added: the new legs offered on this day. */
  missing: ReadonlySet<number>;
  deadline: number;
  signal?: AbortSignal;
}

/** The day's routes with every missing leg in and every request that was in still in, or null. */
export function repairDay(input: RepairInput): RouteStop[][] | null {
  const { day } = input;
  const instance = day.instance;
  const missingRequests = instance.requests.flatMap((request, r) => (input.missing.has(request.group) ? [r] : []));
  if (missingRequests.length === 0) return input.routes;
  const vehicles = nearbyRoutes(instance, input.routes, missingRequests);
  const inRoutes = vehicles.flatMap((k) => input.routes[k]!.filter((stop) => stop.kind === 'pickup').map((stop) => stop.request));
  // requests in original order keep each group's requests adjacent, as the instance requires
  const kept = new Set([...inRoutes, ...missingRequests]);
  const requests = instance.requests.map((_, r) => r).filter((r) => kept.has(r));
  const subRequest = new Map(requests.map((r, index) => [r, index]));
  const subVehicle = new Map(vehicles.map((k, index) => [k, index]));
  const sub: RoutingInstance = {
    ...instance,
    name: `${instance.name} repair`,
    vehicles: vehicles.map((k) => instance.vehicles[k]!),
    requests: requests.map((r) => {
      const request = instance.requests[r]!;
      const eligible = request.eligibleVehicles === null ? null : request.eligibleVehicles.flatMap((k) => (subVehicle.has(k) ? [subVehicle.get(k)!] : []));
      return { ...request, droppable: input.missing.has(request.group), eligibleVehicles: eligible };
    }),
  };
  const toSub = (stops: readonly RouteStop[]) => stops.map((stop) => ({ request: subRequest.get(stop.request)!, kind: stop.kind }));
  const toDay = (stops: readonly RouteStop[]) => stops.map((stop) => ({ request: requests[stop.request]!, kind: stop.kind }));
  const start: RoutingSolution = { routes: vehicles.map((k) => toSub(input.routes[k]!.filter((stop) => !input.missing.has(instance.requests[stop.request]!.group)))) };
  if (!evaluateSolution(sub, start).ok) return null;
  const routeFilter = (k: number, stops: readonly RouteStop[]) => {
    const vehicle = vehicles[k]!;
    return scheduleRoute(input.problem, input.calendar, input.trackers[day.slots[vehicle]!.driver]!, day, vehicle, toDay(stops)).ok;
  };
  const result = ruinAndRecreate(sub, start, {
    seed: SEED,
    deadline: input.deadline,
    ...(input.signal === undefined ? {} : { signal: input.signal }),
    maxIterations: MAX_MOVES,
    progress: 'iterations',
    threshold: 0.03,
    thresholdCycle: 60, // unused: the threshold follows the move budget
    eliminationShare: 0,
    eliminationGiveUp: null,
    unservedOffered: missingRequests.length,
    maxRemoved: MAX_REMOVED,
    regretShare: 0.5,
    insertionOrders: 'random',
    blinkRate: 0,
    localSearch: false,
    stallMoves: null,
    restartAfter: null,
    routeFilter,
    // every new leg in: nothing better is needed
    target: { dropped: 0, vehicles: Number.MAX_SAFE_INTEGER, travel: Number.MAX_SAFE_INTEGER },
  });
  if (result.cost.dropped > 0) return null;
  const routes = input.routes.map((stops) => stops.slice());
  for (const [index, k] of vehicles.entries()) routes[k] = toDay(result.solution.routes[index]!);
  return routes;
}

/**
 * The routes of the repair: the crews able to serve a missing request whose routes are nearest
 * to it, then the others nearest to those requests; closed over legs split between routes (a leg
 * is moved whole or not at all).
 */
function nearbyRoutes(instance: RoutingInstance, routes: readonly RouteStop[][], missing: readonly number[]): number[] {
  const distance = routes.map((stops) =>
    stops.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...missing.flatMap((m) => stops.map((stop) => relatedness(instance, m, stop.request)))),
  );
  const byDistance = (a: number, b: number) => distance[a]! - distance[b]! || a - b;
  const able = new Set(missing.flatMap((m) => instance.requests[m]!.eligibleVehicles ?? instance.vehicles.map((_, k) => k)));
  const chosen = [...able].sort(byDistance).slice(0, ABLE_ROUTES);
  const others = instance.vehicles.map((_, k) => k).filter((k) => !able.has(k) && routes[k]!.length > 0).sort(byDistance);
  chosen.push(...others.slice(0, Math.max(0, MAX_ROUTES - chosen.length)));
  const vehicleOfGroup = new Map<number, Set<number>>();
  for (const [k, stops] of routes.entries()) {
    for (const stop of stops) {
      const group = instance.requests[stop.request]!.group;
      vehicleOfGroup.set(group, (vehicleOfGroup.get(group) ?? new Set()).add(k));
    }
  }
  const set = new Set(chosen);
  for (let changed = true; changed; ) {
    changed = false;
    for (const k of [...set]) {
      for (const stop of routes[k]!) {
        for (const other of vehicleOfGroup.get(instance.requests[stop.request]!.group)!) {
          if (!set.has(other)) {
            set.add(other);
            changed = true;
          }
        }
      }
    }
  }
  return [...set].sort((a, b) => a - b);
}
