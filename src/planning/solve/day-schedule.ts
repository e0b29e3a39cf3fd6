/**
 * A routed day made legal: the drivers'-hours engine schedules every route (duty-schedule.ts);
 * a route it cannot schedule loses a leg and the day is scheduled again; legs lost that way are
 * tried again where the hours engine can schedule them (repair).
 */
import type { HoursCalendar, HoursTracker } from '../hours/index.ts';
import { dutyDrivingMinutes } from '../plan/driving.ts';
import type { Duty } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import type { DayInstance } from './day-instance.ts';
import { scheduleDuty } from './duty-schedule.ts';
import { SCHEDULE_REPAIR } from './search-parameters.ts';
import { applyInsertion, bestInsertion, feasibleInsertions, type RouteStop, type RoutingInstance, type RoutingSolution } from '../../routing/index.ts';

export interface ScheduledDuty {
  duty: Duty;
  tracker: HoursTracker;
  /** Day requests served. */
  requests: number[];
  driving: number;
}

/**
 * Schedules every route of the day with the hours engine. A route that cannot be made legal
 * loses the leg of the failing stop (on every route of the day, a leg being all or nothing),
 * and the day is scheduled again.
 */
export function scheduleDay(problem: PlanningProblem, calendar: HoursCalendar, trackers: HoursTracker[], day: DayInstance, solution: RoutingSolution): ScheduledDuty[] {
  return scheduleRoutes(problem, calendar, trackers, day, solution).scheduled;
}

/** Rounds of repair after the hours engine drops legs, and the routes and positions tried per leg (the budget policy). */
const { rounds: REPAIR_ROUNDS, routes: REPAIR_ROUTES, positions: REPAIR_POSITIONS } = SCHEDULE_REPAIR;

/**
 * `scheduleDay`, then each leg the hours engine had to drop goes back into the first route
 * where the hours engine can schedule it (the routes cheapest to insert into first, trying the
 * positions the routing model's relaxation allows, cheapest first); then the day is scheduled
 * again. A few rounds; the outcome serving most requests is kept.
 */
export function scheduleWithReinsertion(
  problem: PlanningProblem,
  calendar: HoursCalendar,
  trackers: HoursTracker[],
  day: DayInstance,
  solution: RoutingSolution,
  keep?: ReadonlySet<number>,
): ScheduledRoutes {
  let outcome = scheduleRoutes(problem, calendar, trackers, day, solution, keep);
  let best = outcome;
  for (let round = 0; round < REPAIR_ROUNDS && outcome.dropped.length > 0; round += 1) {
    const routes = outcome.routes.map((stops) => stops.slice());
    const legs = new Map<number, number[]>();
    for (const { request } of outcome.dropped) {
      const leg = day.instance.requests[request]!.group;
      legs.set(leg, [...(legs.get(leg) ?? []), request].sort((x, y) => x - y));
    }
    let placed = 0;
    for (const requests of legs.values()) {
      for (const k of repairCandidates(day.instance, routes, requests[0]!)) {
        const route = insertLegScheduled(problem, calendar, day, k, routes[k]!, requests, outcome.trackerAt[k]!);
        if (route === null) continue;
        routes[k] = route;
        placed += 1;
        break;
      }
    }
    if (placed === 0) break;
    outcome = scheduleRoutes(problem, calendar, trackers, day, { routes }, keep);
    if (servedRequests(outcome.scheduled) > servedRequests(best.scheduled)) best = outcome;
  }
  return best;
}

/** The routes where the request fits the routing model's relaxation, cheapest first, at most REPAIR_ROUTES. */
function repairCandidates(instance: RoutingInstance, routes: RouteStop[][], request: number): number[] {
  return instance.vehicles
    .map((_, k) => ({ k, insertion: bestInsertion(instance, k, routes[k]!, request) }))
    .flatMap(({ k, insertion }) => (insertion === null ? [] : [{ k, delta: insertion.delta }]))
    .sort((a, b) => a.delta - b.delta || a.k - b.k)
    .slice(0, REPAIR_ROUTES)
    .map(({ k }) => k);
}

/** The route with the leg's requests inserted where the hours engine can schedule it, or null. */
function insertLegScheduled(problem: PlanningProblem, calendar: HoursCalendar, day: DayInstance, k: number, stops: RouteStop[], requests: number[], tracker: HoursTracker): RouteStop[] | null {
  let route = stops;
  for (const r of requests) {
    const next = feasibleInsertions(day.instance, k, route, r)
      .slice(0, REPAIR_POSITIONS)
      .map((insertion) => applyInsertion(route, r, insertion))
      .find((candidate) => scheduleRoute(problem, calendar, tracker, day, k, candidate).ok);
    if (next === undefined) return null;
    route = next;
  }
  return route;
}

/** The hours engine on one route: checks start late enough not to wait at the first stop, else as early as allowed. */
export function scheduleRoute(problem: PlanningProblem, calendar: HoursCalendar, tracker: HoursTracker, day: DayInstance, k: number, stops: readonly RouteStop[]) {
  const slot = day.slots[k]!;
  const windows = (r: number, kind: 'pickup' | 'delivery') => {
    const request = day.instance.requests[r]!;
    return kind === 'pickup' ? request.pickupWindow : request.deliveryWindow;
  };
  const late = lateCheckStart(problem, day, k, stops);
  const outcome = scheduleDuty(problem, calendar, tracker, slot, day.requests, stops, windows, late);
  if (outcome.ok || late <= slot.window.start) return outcome;
  return scheduleDuty(problem, calendar, tracker, slot, day.requests, stops, windows, slot.window.start);
}

function servedRequests(scheduled: ScheduledDuty[]): number {
  return scheduled.reduce((total, duty) => total + duty.requests.length, 0);
}

export interface ScheduledRoutes {
  scheduled: ScheduledDuty[];
  /** The routes as scheduled (the dropped legs taken out). */
  routes: RoutingSolution['routes'];
  /** Requests of the legs dropped, with the vehicle whose route failed. */
  dropped: { request: number; vehicle: number }[];
  /** Per slot, the driver's hours state when the slot starts (after the driver's earlier slots that day). */
  trackerAt: HoursTracker[];
}

/**
 * The hours engine on every route; a route it cannot schedule loses the leg of the failing stop
 * (or, when that leg is one to `keep`, the nearest leg of the route before it not to keep), and
 * the day is scheduled again.
 */
function scheduleRoutes(
  problem: PlanningProblem,
  calendar: HoursCalendar,
  trackers: HoursTracker[],
  day: DayInstance,
  solution: RoutingSolution,
  keep?: ReadonlySet<number>,
): ScheduledRoutes {
  const routes = solution.routes.map((stops) => stops.slice());
  const dropped: ScheduledRoutes['dropped'] = [];
  for (;;) {
    const scheduled: ScheduledDuty[] = [];
    let dropLeg: number | null = null;
    let failedVehicle = -1;
    // a driver's slots follow each other: each continues the drivers'-hours state of the one before
    const dayTrackers = trackers.slice();
    const trackerAt: HoursTracker[] = [];
    for (const [k, stops] of routes.entries()) {
      const slot = day.slots[k]!;
      const tracker = dayTrackers[slot.driver]!;
      trackerAt[k] = tracker;
      if (stops.length === 0) continue;
      const outcome = scheduleRoute(problem, calendar, tracker, day, k, stops);
      if (!outcome.ok) {
        const failing = outcome.request ?? stops[0]!.request;
        dropLeg = legToDrop(day, stops, failing, keep);
        failedVehicle = k;
        break;
      }
      const requests = [...new Set(stops.map((stop) => stop.request))];
      scheduled.push({ duty: outcome.duty, tracker: outcome.tracker, requests, driving: dutyDrivingMinutes(problem, outcome.duty) });
      dayTrackers[slot.driver] = outcome.tracker;
    }
    if (dropLeg === null) return { scheduled, routes, dropped, trackerAt };
    for (const [k, stops] of routes.entries()) {
      for (const stop of stops) {
        if (stop.kind === 'pickup' && day.instance.requests[stop.request]!.group === dropLeg) dropped.push({ request: stop.request, vehicle: failedVehicle });
      }
      routes[k] = stops.filter((stop) => day.instance.requests[stop.request]!.group !== dropLeg);
    }
  }
}

/** The failing request's leg, or when it is one to keep, the route's nearest other leg (before it first). */
function legToDrop(day: DayInstance, stops: readonly RouteStop[], failing: number, keep: ReadonlySet<number> | undefined): number {
  const legOf = (request: number) => day.instance.requests[request]!.group;
  if (keep === undefined || !keep.has(legOf(failing))) return legOf(failing);
  const at = stops.findIndex((stop) => stop.request === failing);
  const droppable = (stop: RouteStop) => !keep.has(legOf(stop.request));
  const before = stops.slice(0, at + 1).reverse().find(droppable) ?? stops.slice(at + 1).find(droppable);
  return before === undefined ? legOf(failing) : legOf(before.request);
}

/** The latest walk-round check start that does not make the route wait longer at its first stop. */
function lateCheckStart(problem: PlanningProblem, day: DayInstance, k: number, stops: readonly RouteStop[]): number {
  const slot = day.slots[k]!;
  const first = stops[0]!;
  const request = day.instance.requests[first.request]!;
  const place = first.kind === 'pickup' ? request.pickupLocation : request.deliveryLocation;
  const window = first.kind === 'pickup' ? request.pickupWindow : request.deliveryWindow;
  const drive = problem.travelMinutes[slot.place]![place]!;
  return Math.max(slot.window.start, window.earliest - drive - problem.walkRoundCheckMinutes);
}
