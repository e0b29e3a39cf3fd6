/**
 * The manifest planner: from the normalised problem to a `Plan` (src/planning/plan/types.ts).
 *
 * 1. Legs the pre-checks prove unplannable are left out with their reason.
 * 2. Decomposition by operating day, in order: each day gets duty slots (one driver with one
 *    lorry) and the legs that can be served that day (day-instance.ts).
 * 3. Each day is routed by models/pdptw.mzn with the drivers'-hours rules on (a relaxation of
 *    the breaks): a deterministic regret insertion, then large-neighbourhood search whose
 *    subproblems are the model; a small day then goes to the same model whole (exact), seeded
 *    with the best plan so far as the bound to beat, so it either improves or proves it optimal.
 * 4. The hours engine schedules each route legally (breaks placed); a route it cannot make
 *    legal loses the leg whose stop failed, and is scheduled again (repair).
 * 5. Legs not planned on any day are `not_planned_within_allowance`.
 * 6. The plan is checked by the injected validator; a duty involved in a violation is a bug, is
 *    logged, and is taken out (never returned).
 *
 * Deterministic: fixed seeds, ordered loops, and the search is bounded by iteration counts and
 * failure limits; only the deadline can cut it short (then `timing_dependent` says so).
 */
import { createHoursCalendar, HoursTracker, LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { Duty, Plan, UnplannedLeg } from '../plan/types.ts';
import { precheckLegs } from '../prechecks/index.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { buildDayInstance, type DayInstance, type PlanningState } from './day-instance.ts';
import { daySlots, type DayCrewState } from './duties.ts';
import { scheduleDuty } from './duty-schedule.ts';
import { modelSolverOf, type SolvingEngine } from './engine-solver.ts';
import type { ModelOutcome, ModelRun, ModelSolver } from './model-solver.ts';
import { compareCost, evaluateSolution } from './routing/evaluate.ts';
import { pdptwData, pdptwRoutes } from './routing/model-data.ts';
import { solveRouting } from './routing/index.ts';
import type { RoutingCost, RoutingSolution } from './routing/types.ts';

export interface PlanViolation {
  rule: string;
  message: string;
  ids: string[];
}

export interface PlanManifestsOptions {
  /** The solve allowance (credential cap or configured default). */
  timeLimitMs: number;
  seed: number;
  /** Solver tag for the models, e.g. `gecode`. */
  solver: string;
  signal?: AbortSignal;
  /** Pre-check results to use (default: `precheckLegs(problem)`). */
  rejected?: UnplannedLeg[];
  /** The independent validator, bound to the snapshot: violations of a plan (empty = passed). */
  validate?: (plan: Plan) => PlanViolation[];
  /** Where a violation (a bug) is reported. */
  logger?: { error(fields: Record<string, unknown>, message: string): void };
  /** A day with at most this many requests and vehicles is also solved whole by the exact model. */
  exactLimit?: { requests: number; vehicles: number };
}

/** `evidence.planning_engine` and `evidence.validation` as the contract's Evidence schema has them. */
export interface PlanningEvidence {
  planning_engine: {
    minizinc_version: string | null;
    solver: string | null;
    backend: 'embedded' | 'native' | null;
    models: string[];
    strategy: string;
    status: 'OPTIMAL' | 'SATISFIED' | 'UNSATISFIABLE' | 'UNKNOWN' | 'ERROR' | 'NOT_RUN';
    objective: number | null;
    bound: number | null;
    proven_optimal: boolean;
    solve_ms: number;
    time_limit_ms: number;
    timing_dependent: boolean;
  };
  validation: 'passed' | 'failed';
}

export interface PlanManifestsResult {
  plan: Plan;
  evidence: PlanningEvidence;
}

const DEFAULT_EXACT_LIMIT = { requests: 12, vehicles: 4 };
/** Subproblem failure limit and iteration budget of the LNS (the deterministic stopping rule). */
const FAIL_LIMIT = 300;
const iterationBudget = (requests: number) => Math.min(400, 20 + 4 * requests);

/** Plans manifests on the engine (src/engine). */
export function planManifests(problem: PlanningProblem, engine: SolvingEngine, options: PlanManifestsOptions): Promise<PlanManifestsResult> {
  return planWithSolver(problem, modelSolverOf(engine), options);
}

/** Records what the models did, for evidence. */
class SolverLog implements ModelSolver {
  identity: string | null = null;
  minizincVersion: string | null = null;
  models = new Set<string>();
  runs = 0;
  cutByTime = false;

  constructor(private readonly inner: ModelSolver) {}

  async solve(run: ModelRun): Promise<ModelOutcome> {
    this.models.add(run.model);
    this.runs += 1;
    const outcome = await this.inner.solve(run);
    this.identity ??= outcome.solverName ?? null;
    this.minizincVersion ??= outcome.minizincVersion ?? null;
    if (!this.inner.failLimits && (outcome.status === 'UNKNOWN' || outcome.status === 'SATISFIED')) this.cutByTime = true;
    return outcome;
  }
}

export async function planWithSolver(problem: PlanningProblem, modelSolver: ModelSolver, options: PlanManifestsOptions): Promise<PlanManifestsResult> {
  const started = Date.now();
  const deadline = started + Math.max(0, options.timeLimitMs - reserveMs(options.timeLimitMs));
  const solver = new SolverLog(modelSolver);
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  const rejected = options.rejected ?? precheckLegs(problem);
  const rejectedLegs = new Set(rejected.map((entry) => entry.leg));
  const candidates = problem.legs.filter((leg) => leg.origin === 'accepted' && !rejectedLegs.has(leg.index)).map((leg) => leg.index);
  const state: PlanningState = {
    nuggetPlace: problem.nuggets.map((nugget) => nugget.place),
    nuggetsTaken: new Set(),
    room: problem.places.map((place) => (place.capacity === null ? null : Math.max(0, place.capacity - place.initialOccupancy))),
    settled: new Set(),
  };
  const trackers = problem.drivers.map((driver) => new HoursTracker(driver.hours, calendar));
  const crew: DayCrewState = { readyAt: problem.drivers.map(() => null) };
  const duties: Duty[] = [];
  let provenDays = 0;
  let solvedDays = 0;
  let stoppedByDeadline = false;
  let drivingMinutes = 0;
  const days = problem.calendar.days.filter((day) => day.end > 0 && day.start <= problem.horizon);

  for (const [dayNumber, day] of days.entries()) {
    if (options.signal?.aborted) break;
    const pending = candidates.filter((leg) => !state.settled.has(leg));
    if (pending.length === 0) break;
    const pendingUnits = pending.flatMap((leg) => problem.legs[leg]!.units.map((unit) => problem.units[unit]!));
    const slots = daySlots(problem, day, crew, pendingUnits);
    if (slots.length === 0) continue;
    const dayStarted = Date.now();
    const dayInstance = buildDayInstance(problem, day, slots, pending, state, trackers);
    const builtMs = Date.now() - dayStarted;
    if (dayInstance.instance.requests.length === 0) continue;
    // the time left is shared by this day and the later days that still have work
    const busyDays = days.slice(dayNumber).filter((later) => pending.some((leg) => legTouches(problem, leg, later))).length;
    const dayDeadline = Date.now() + Math.max(0, deadline - Date.now()) / Math.max(1, busyDays);
    const routed = await routeDay(dayInstance, solver, options, dayDeadline, options.seed + dayNumber);
    solvedDays += 1;
    if (routed.proven) provenDays += 1;
    if (routed.stoppedByDeadline) stoppedByDeadline = true;
    const scheduled = scheduleDay(problem, calendar, trackers, dayInstance, routed.solution);
    if (process.env.PLAN_DEBUG) {
      const legsOffered = new Set(dayInstance.instance.requests.map((r) => r.leg)).size;
      console.error(`day ${day.localDate}: slots ${slots.length}, legs offered ${legsOffered} (${dayInstance.instance.requests.length} requests), routed dropped ${routed.cost.dropped} legs, scheduled ${new Set(scheduled.flatMap((d) => d.requests.map((r) => dayInstance.instance.requests[r]!.leg))).size} legs, ${routed.debug}; build ${builtMs} ms, total ${Date.now() - dayStarted} ms`);
    }
    for (const outcome of scheduled) {
      duties.push(outcome.duty);
      trackers[outcome.duty.driver] = outcome.tracker;
      crew.readyAt[outcome.duty.driver] = outcome.duty.end + LIMITS.dailyRest;
      drivingMinutes += outcome.driving;
    }
    commitDay(problem, dayInstance, scheduled.flatMap((outcome) => outcome.requests), state);
  }

  const plannedLegs = new Set(state.settled);
  let plan: Plan = {
    duties: sortDuties(duties),
    unplanned: unplannedLegs(problem, rejected, candidates, plannedLegs),
  };
  let validation: 'passed' | 'failed' = 'passed';
  if (options.validate !== undefined) {
    const checked = validated(problem, plan, rejected, candidates, options);
    plan = checked.plan;
    validation = checked.passed ? 'passed' : 'failed';
  }
  const proven = solvedDays > 0 && provenDays === solvedDays && days.length === 1 && plan.unplanned.every((entry) => rejectedLegs.has(entry.leg));
  return {
    plan,
    evidence: {
      planning_engine: {
        minizinc_version: solver.minizincVersion,
        solver: solver.identity,
        backend: solver.identity === null ? null : /embedded/.test(solver.identity) ? 'embedded' : 'native',
        models: [...solver.models].sort(),
        strategy: days.length > 1 ? 'decomposed by operating day + lns' : solver.models.size === 0 ? 'construction' : 'lns + exact',
        status: solver.runs === 0 ? 'NOT_RUN' : proven ? 'OPTIMAL' : 'SATISFIED',
        objective: drivingMinutes,
        bound: proven ? drivingMinutes : null,
        proven_optimal: proven,
        solve_ms: Date.now() - started,
        time_limit_ms: options.timeLimitMs,
        timing_dependent: stoppedByDeadline || solver.cutByTime,
      },
      validation,
    },
  };
}

/** Whether every unit of the leg could be picked up and delivered within the day. */
function legTouches(problem: PlanningProblem, leg: number, day: { start: number; end: number }): boolean {
  return problem.legs[leg]!.units.every((index) => {
    const unit = problem.units[index]!;
    return unit.pickupWindow.start < day.end && unit.pickupWindow.end >= day.start && unit.deliveryWindow.end >= day.start && unit.deliveryWindow.start < day.end;
  });
}

/** Time kept back from the search for scheduling, validation and assembly. */
function reserveMs(limit: number): number {
  return Math.min(2000, Math.round(limit * 0.1));
}

interface RoutedDay {
  solution: RoutingSolution;
  cost: RoutingCost;
  proven: boolean;
  stoppedByDeadline: boolean;
  debug: string;
}

async function routeDay(day: DayInstance, solver: ModelSolver, options: PlanManifestsOptions, deadline: number, seed: number): Promise<RoutedDay> {
  const instance = day.instance;
  const routingStarted = Date.now();
  const outcome = await solveRouting(instance, {
    solver,
    solverTag: options.solver,
    deadline,
    seed,
    maxIterations: iterationBudget(instance.requests.length),
    failLimit: FAIL_LIMIT,
    maxRoutes: 3,
    stallLimit: Math.max(8, Math.ceil(instance.requests.length / 4)),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  let best = { solution: outcome.solution, cost: outcome.cost };
  let proven = false;
  const limit = options.exactLimit ?? DEFAULT_EXACT_LIMIT;
  const remaining = deadline - Date.now();
  if (instance.requests.length <= limit.requests && instance.vehicles.length <= limit.vehicles && remaining > 200) {
    // the whole day in one model, asked to beat the search's plan: a solution improves it, UNSAT proves it optimal
    const exact = await solver.solve({
      model: 'pdptw.mzn',
      data: pdptwData(instance, {
        restriction: {
          fixedVehicle: instance.requests.map(() => null),
          keepPrevPickup: instance.requests.map(() => null),
          keepPrevDelivery: instance.requests.map(() => null),
          incumbent: best.cost,
        },
      }),
      solver: options.solver,
      timeLimitMs: remaining,
      seed,
      failLimit: null,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (exact.status === 'UNSATISFIABLE') proven = true;
    if (exact.solution !== null) {
      const routes = pdptwRoutes(instance, exact.solution as { succ: number[]; route: number[] });
      const evaluated = evaluateSolution(instance, routes);
      if (evaluated.ok && compareCost(instance, evaluated.cost, best.cost) < 0) {
        best = { solution: routes, cost: evaluated.cost };
        proven = exact.status === 'OPTIMAL';
      }
    }
  }
  const debug = `routing ${Date.now() - routingStarted} ms (construct ${outcome.constructMs} ms), construct dropped ${outcome.constructed.dropped}, lns ${outcome.lns.iterations} it ${outcome.lns.improvements} impr ${JSON.stringify(outcome.lns.statuses)} ${outcome.lns.errors.slice(0, 2).join('; ')}`;
  return { ...best, proven, stoppedByDeadline: outcome.lns.stoppedBy === 'deadline', debug };
}

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
  const routes = solution.routes.map((stops) => stops.slice());
  const windows = (r: number, kind: 'pickup' | 'delivery') => {
    const request = day.instance.requests[r]!;
    return kind === 'pickup' ? request.pickupWindow : request.deliveryWindow;
  };
  for (;;) {
    const scheduled: ScheduledDuty[] = [];
    let dropLeg: number | null = null;
    // a driver's slots follow each other: each continues the drivers'-hours state of the one before
    const dayTrackers = trackers.slice();
    for (const [k, stops] of routes.entries()) {
      if (stops.length === 0) continue;
      const slot = day.slots[k]!;
      const tracker = dayTrackers[slot.driver]!;
      // start late enough to avoid waiting at the first stop, else as early as allowed
      const late = lateCheckStart(problem, day, k, stops);
      let outcome = scheduleDuty(problem, calendar, tracker, slot, day.requests, stops, windows, late);
      if (!outcome.ok && late > slot.window.start) outcome = scheduleDuty(problem, calendar, tracker, slot, day.requests, stops, windows, slot.window.start);
      if (!outcome.ok) {
        const failing = outcome.request ?? stops[0]!.request;
        dropLeg = day.instance.requests[failing]!.leg;
        break;
      }
      const requests = [...new Set(stops.map((stop) => stop.request))];
      let driving = 0;
      for (let index = 1; index < outcome.duty.stops.length; index += 1) {
        driving += problem.travelMinutes[outcome.duty.stops[index - 1]!.place]![outcome.duty.stops[index]!.place]!;
      }
      scheduled.push({ duty: outcome.duty, tracker: outcome.tracker, requests, driving });
      dayTrackers[slot.driver] = outcome.tracker;
    }
    if (dropLeg === null) return scheduled;
    for (const [k, stops] of routes.entries()) routes[k] = stops.filter((stop) => day.instance.requests[stop.request]!.leg !== dropLeg);
  }
}

/** The latest walk-round check start that does not make the route wait longer at its first stop. */
function lateCheckStart(problem: PlanningProblem, day: DayInstance, k: number, stops: RoutingSolution['routes'][number]): number {
  const slot = day.slots[k]!;
  const first = stops[0]!;
  const request = day.instance.requests[first.request]!;
  const place = first.kind === 'pickup' ? request.pickupLocation : request.deliveryLocation;
  const window = first.kind === 'pickup' ? request.pickupWindow : request.deliveryWindow;
  const drive = problem.travelMinutes[slot.place]![place]!;
  return Math.max(slot.window.start, window.earliest - drive - problem.walkRoundCheckMinutes);
}

/** Marks the day's planned legs settled and moves the Nuggets they carried. */
export function commitDay(problem: PlanningProblem, day: DayInstance, served: number[], state: PlanningState): void {
  for (const r of served) {
    const request = day.requests[r]!;
    const leg = problem.units[request.unit]!.leg;
    state.settled.add(leg);
    for (const nugget of request.nuggets) {
      state.nuggetPlace[nugget] = request.deliveryPlace;
      state.nuggetsTaken.add(nugget);
    }
    const room = state.room[request.deliveryPlace];
    if (room !== null && room !== undefined) state.room[request.deliveryPlace] = room - problem.units[request.unit]!.size;
  }
}

function sortDuties(duties: Duty[]): Duty[] {
  return duties.slice().sort((a, b) => a.driver - b.driver || a.start - b.start);
}

function unplannedLegs(problem: PlanningProblem, rejected: UnplannedLeg[], candidates: number[], planned: Set<number>): UnplannedLeg[] {
  const left: UnplannedLeg[] = candidates
    .filter((leg) => !planned.has(leg))
    .map((leg) => ({ leg, reasonCode: 'not_planned_within_allowance' as const }));
  return [...rejected.filter((entry) => problem.legs[entry.leg]!.origin === 'accepted'), ...left].sort((a, b) => a.leg - b.leg);
}

/**
 * Runs the validator; a violation is a bug: it is logged and the duties it names are taken out,
 * with every duty serving part of a leg that thereby loses a unit, until the plan passes. The
 * plan with no duties always passes.
 */
function validated(
  problem: PlanningProblem,
  plan: Plan,
  rejected: UnplannedLeg[],
  candidates: number[],
  options: PlanManifestsOptions,
): { plan: Plan; passed: boolean } {
  let current = plan;
  for (let round = 0; round < 4; round += 1) {
    const violations = options.validate!(current);
    if (violations.length === 0) return { plan: current, passed: true };
    options.logger?.error({ violations: violations.slice(0, 20), count: violations.length }, 'planner: the validator rejected a plan (bug)');
    const named = new Set(violations.flatMap((violation) => violation.ids));
    const legIds = new Set(problem.legs.map((leg) => leg.id));
    const namedLegs = new Set(problem.legs.filter((leg) => named.has(leg.id)).map((leg) => leg.index));
    let keep = current.duties.filter((duty) => !named.has(problem.drivers[duty.driver]!.id) && !legsOf(problem, duty).some((leg) => namedLegs.has(leg)));
    if (keep.length === current.duties.length) keep = [];
    void legIds;
    // a leg is planned only whole: drop duties with part of a leg that lost a unit, until none is left
    for (;;) {
      const unitsServed = new Set(keep.flatMap((duty) => unitsOf(duty)));
      const partial = new Set(problem.legs.filter((leg) => leg.units.some((u) => unitsServed.has(u)) && !leg.units.every((u) => unitsServed.has(u))).map((leg) => leg.index));
      if (partial.size === 0) break;
      keep = keep.filter((duty) => !legsOf(problem, duty).some((leg) => partial.has(leg)));
    }
    const planned = new Set(keep.flatMap((duty) => legsOf(problem, duty)));
    current = { duties: keep, unplanned: unplannedLegs(problem, rejected, candidates, planned) };
  }
  const last = options.validate!(current);
  return { plan: current, passed: last.length === 0 };
}

function unitsOf(duty: Duty): number[] {
  return duty.stops.flatMap((stop) => stop.activities.flatMap((activity) => ('unit' in activity && activity.unit !== null && activity.kind !== 'yard_work' ? [activity.unit] : activity.kind === 'yard_work' && activity.unit !== null ? [activity.unit] : [])));
}

function legsOf(problem: PlanningProblem, duty: Duty): number[] {
  return [...new Set(unitsOf(duty).map((unit) => problem.units[unit]!.leg))];
}
