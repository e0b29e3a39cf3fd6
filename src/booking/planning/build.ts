/**
 * Plans for the booking check, built on the manifest planner's day loop (day-loop.ts: operating
 * days of whole duties, across local midnight, and what a day hands to the next) with its
 * deterministic pieces (duty slots, day instances, regret insertion, the hours engine's
 * scheduling and repair), day by day:
 *
 * - the plan of the accepted legs alone (`buildPlan` without `keep`);
 * - the same plan with the new legs inserted and every kept route left in its order (`keep`):
 *   routes may only gain stops, and their times may shift inside the windows;
 * - a wider re-solve: every leg planned afresh, the new legs offered first.
 *
 * No model runs here: these are quick constructions whose result does not depend on timing.
 * Each is a restriction (every plan it returns is a real one, checked by the validator later).
 */
import type { HoursCalendar, HoursTracker } from '../../planning/hours/index.ts';
import type { Plan, UnplannedLeg } from '../../planning/plan/types.ts';
import type { CalendarSpan, PlanningProblem, Unit } from '../../planning/problem/index.ts';
import { arrivalsOf, followingLegs, placesFreed, withFollowingWave } from '../../planning/solve/chains.ts';
import { buildDayInstance, requestTimes, type DayInstance, type PlanningState } from '../../planning/solve/day-instance.ts';
import { DayLoop, type OperatingDay } from '../../planning/solve/day-loop.ts';
import { dutiesStartingBy, type DayCrewState, type DutySlot } from '../../planning/solve/duties.ts';
import { scheduleDay } from '../../planning/solve/day-schedule.ts';
import { BOOKING } from '../../planning/solve/search-parameters.ts';
import { construct, dropPartialGroups, evaluateSolution, regretInsert, type RouteStop, type RoutingSolution } from '../../routing/index.ts';
import { repairDay } from './repair.ts';

/** A route stop by unit, so that it survives a rebuilt day instance. */
export interface UnitStop {
  unit: number;
  kind: 'pickup' | 'delivery';
}

export interface DayRecord {
  /** `CalendarSpan.start` of the day. */
  dayStart: number;
  slots: DutySlot[];
  /** The route of each slot (same order), as it was scheduled. */
  routes: UnitStop[][];
}

export interface BuiltPlan {
  plan: Plan;
  /** Legs served (every unit of each). */
  served: Set<number>;
  days: DayRecord[];
  /** Each served unit's Nuggets, driver and lorry: what "unchanged" compares. */
  assignment: Map<number, string>;
  /** Whether a local repair changed a day's routes (`repairUntil`). */
  repaired: boolean;
}

export interface BuildOptions {
  /** Legs to plan, in the order they are offered each day. */
  legs: readonly number[];
  /** Pre-check rejections (their reason goes to `plan.unplanned`). */
  rejected: readonly UnplannedLeg[];
  /** A plan whose routes are kept: new requests are only inserted into them (or into free slots). */
  keep?: BuiltPlan;
  /**
   * With `keep`: the only legs that may be added to the kept routes. The other legs are still
   * offered, in the same order as for the kept plan, so that every kept leg gets the same Nuggets
   * and room as there; a leg the kept plan left out is not squeezed in ahead of the new ones.
   */
  insert?: readonly number[];
  /** Legs whose crews are chosen first each day (the others' crews are added around them). */
  firstCrewsFor?: readonly number[];
  /**
   * With `keep` and `insert`: on a day where inserting leaves some of `insert` out, a local
   * repair (repair.ts) until this epoch ms may move kept legs to nearby routes to make room.
   */
  repairUntil?: number;
  /** Epoch ms after which no further day is started (the plan is then incomplete: null). */
  deadline: number;
  signal?: AbortSignal;
}

const slotKey = (slot: DutySlot) => `${slot.driver}/${slot.lorry}/${slot.window.start}`;
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/** The plan of `options.legs`, or null when the deadline or the signal stopped it. */
export function buildPlan(problem: PlanningProblem, calendar: HoursCalendar, options: BuildOptions): BuiltPlan | null {
  // the planner's day loop (operating days of whole duties, across local midnight)
  const loop = new DayLoop(problem, calendar, options.legs);
  const { state, trackers, crew } = loop;
  const records: DayRecord[] = [];
  const assignment = new Map<number, string>();
  const insertable = options.keep === undefined || options.insert === undefined ? null : new Set(options.insert);
  let repaired = false;

  for (const operating of loop.days()) {
    if (Date.now() > options.deadline || options.signal?.aborted === true) return null;
    const { day, pending, pendingUnits } = operating;
    const kept = options.keep?.days.find((record) => record.dayStart === day.start);
    const slots =
      insertable === null
        ? slotsOfDay(problem, loop, operating, kept, options.firstCrewsFor ?? [])
        : insertionSlots(problem, day, crew, kept, pendingUnits.filter((unit) => insertable.has(unit.leg)));
    if (slots.length === 0) continue;
    const span = loop.span(operating, slots);
    let instance = buildDayInstance(problem, span, slots, pending, state, trackers);
    if (instance.instance.requests.length === 0) continue;
    let solution =
      options.keep === undefined ? construct(instance.instance).solution : insertInto(instance, kept ?? { dayStart: day.start, slots: [], routes: [] }, insertable);
    let scheduled = scheduleDay(problem, calendar, trackers, instance, solution);
    if (insertable !== null) ({ solution, scheduled } = repairInsertion({ problem, calendar, trackers, day: instance, solution, scheduled, insertable }));
    if (insertable !== null && options.repairUntil !== undefined) {
      const local = repairLocally({ problem, calendar, trackers, day: instance, solution, scheduled, insertable }, options.repairUntil, options.signal);
      if (local !== null) ({ solution, scheduled } = local);
      repaired ||= local !== null;
    }
    if (insertable !== null) {
      const waved = followingWave({ problem, calendar, trackers, day: instance, solution, scheduled, insertable }, span, pending, state);
      if (waved !== null) ({ day: instance, solution, scheduled } = waved);
    }
    const servedRequests = new Set(scheduled.flatMap((outcome) => outcome.requests));
    // no handling times carried: the plan with legs inserted sees the same later days as the kept one
    loop.commit(instance, scheduled);
    records.push(dayRecord(day, instance, solution, servedRequests));
    for (const [k, stops] of solution.routes.entries()) {
      const slot = instance.slots[k]!;
      for (const stop of stops) {
        if (!servedRequests.has(stop.request) || stop.kind !== 'pickup') continue;
        const request = instance.requests[stop.request]!;
        assignment.set(request.unit, `${slot.driver}/${slot.lorry}/${day.start}/${request.nuggets.join(',')}`);
      }
    }
  }

  const served = new Set(state.settled);
  const rejectedBy = new Map(options.rejected.map((entry) => [entry.leg, entry]));
  const unplanned: UnplannedLeg[] = problem.legs
    .filter((leg) => !served.has(leg.index))
    .map((leg) => rejectedBy.get(leg.index) ?? { leg: leg.index, reasonCode: 'not_planned_within_allowance' as const });
  return {
    plan: { duties: loop.sortedDuties(), unplanned },
    served,
    days: records,
    assignment,
    repaired,
  };
}

/** The day's duty slots: fresh ones (the crews of `firstCrewsFor` chosen first), merged around the kept ones. */
function slotsOfDay(problem: PlanningProblem, loop: DayLoop, day: OperatingDay, kept: DayRecord | undefined, firstCrewsFor: readonly number[]): DutySlot[] {
  const { crew, state } = loop;
  let fresh = loop.slots(day);
  const first = firstCrewsFor.filter((leg) => !state.settled.has(leg));
  if (first.length > 0) {
    const firstUnits = first.flatMap((leg) => problem.legs[leg]!.units.map((unit) => problem.units[unit]!));
    fresh = withIdleCrews(problem, day.day, crew, mergeSlots(loop.slots(day, firstUnits), fresh, crew), day.pendingUnits);
  }
  return kept === undefined ? fresh : mergeSlots(kept.slots, fresh, crew);
}

/**
 * Slots for inserting `units` into a kept plan: the kept slots as they are (their routes stay
 * on them), and a slot for each crew left without one that could serve some of the units. Much
 * quicker than the day's full slot search, which would also re-pair the crews of the kept plan.
 */
function insertionSlots(problem: PlanningProblem, day: CalendarSpan, crew: DayCrewState, kept: DayRecord | undefined, units: readonly Unit[]): DutySlot[] {
  const usable = (kept?.slots ?? []).filter((slot) => usableSlot(slot, crew));
  return units.length === 0 ? usable : withIdleCrews(problem, day, crew, usable, units);
}

/** A day's routes and their schedule by the hours engine. */
interface RoutedDay {
  solution: RoutingSolution;
  scheduled: ReturnType<typeof scheduleDay>;
}

/** A day with the insertable legs inserted: what the two repairs below start from. */
interface InsertedDay extends RoutedDay {
  problem: PlanningProblem;
  calendar: HoursCalendar;
  /** Each driver's hours state at the start of the day. */
  trackers: HoursTracker[];
  day: DayInstance;
  insertable: ReadonlySet<number>;
}

/** Rounds of `repairInsertion` at most (each schedules the day again; the budget policy). */
const REPAIR_ROUNDS = BOOKING.insertionRounds;

/**
 * The routing check relaxes the drivers'-hours rules, so the hours engine may still fail a route
 * that received a new leg (and drop a leg of it). The new legs of that route may then no longer
 * use its crew, and all new legs are inserted again (the most constrained first, by regret, so
 * one that lost its crew can take another's); a few rounds at most.
 */
function repairInsertion(inserted: InsertedDay): RoutedDay {
  const { problem, calendar, trackers, day, insertable } = inserted;
  let { solution, scheduled } = inserted;
  const { requests, vehicles } = day.instance;
  for (let round = 0; round < REPAIR_ROUNDS; round += 1) {
    const served = new Set(scheduled.flatMap((outcome) => outcome.requests));
    let failed = false;
    for (const [k, stops] of solution.routes.entries()) {
      if (stops.every((stop) => served.has(stop.request))) continue;
      for (const stop of stops) {
        const request = requests[stop.request]!;
        if (!insertable.has(request.group)) continue;
        request.eligibleVehicles = (request.eligibleVehicles ?? vehicles.map((_, index) => index)).filter((index) => index !== k);
        failed = true;
      }
    }
    if (!failed) break;
    const fresh = new Set(requests.flatMap((request, index) => (insertable.has(request.group) ? [index] : [])));
    solution.routes = solution.routes.map((stops) => stops.filter((stop) => !fresh.has(stop.request)));
    regretInsert(day.instance, solution, { requests: [...fresh], vehicles: vehicles.map((_, index) => index) });
    dropPartialGroups(day.instance, solution);
    scheduled = scheduleDay(problem, calendar, trackers, day, solution);
  }
  return { solution, scheduled };
}

/**
 * When some offered request of an insertable leg is still out after `repairInsertion`: the
 * local repair over the routes as scheduled, then the day scheduled again. The outcome when it
 * serves every offered request of the insertable legs, else null (the insertion stands).
 */
function repairLocally(inserted: InsertedDay, until: number, signal: AbortSignal | undefined): RoutedDay | null {
  const { problem, calendar, trackers, day, solution, scheduled, insertable } = inserted;
  const { requests } = day.instance;
  const served = new Set(scheduled.flatMap((outcome) => outcome.requests));
  const missing = new Set(requests.flatMap((request, r) => (insertable.has(request.group) && !served.has(r) ? [request.group] : [])));
  if (missing.size === 0 || Date.now() >= until) return null;
  const routes = solution.routes.map((stops) => stops.filter((stop) => served.has(stop.request)));
  const repaired = repairDay({ problem, calendar, trackers, day, routes, missing, deadline: until, ...(signal === undefined ? {} : { signal }) });
  if (repaired === null) return null;
  const next = { routes: repaired };
  const rescheduled = scheduleDay(problem, calendar, trackers, day, next);
  const now = new Set(rescheduled.flatMap((outcome) => outcome.requests));
  const wanted = requests.flatMap((request, r) => (insertable.has(request.group) || served.has(r) ? [r] : []));
  return wanted.every((r) => now.has(r)) ? { solution: next, scheduled: rescheduled } : null;
}

/**
 * The new legs that can only follow work of the same day (the manifest planner's following
 * waves, src/planning/solve/chains.ts): a leg whose Nuggets an accepted leg brings to its pickup
 * place that day (a same-Nugget chain), or that delivers into a capacitated place an accepted leg
 * frees that day. The day instance gets them as a further wave, offered against the state after
 * the day's served work (times kept in order by windows), and they are inserted into the routes
 * as scheduled. The outcome when the hours engine schedules every request served before and
 * at least one more, else null.
 */
function followingWave(inserted: InsertedDay, span: CalendarSpan, pending: readonly number[], state: PlanningState): (RoutedDay & { day: DayInstance }) | null {
  const { problem, calendar, trackers, day, scheduled, insertable } = inserted;
  const served = scheduled.flatMap((outcome) => outcome.requests);
  const arrivals = arrivalsOf(day, scheduled);
  const legs = followingLegs(problem, day, pending.filter((leg) => insertable.has(leg)), arrivals, placesFreed(problem, day, served));
  if (legs.length === 0) return null;
  const extended = withFollowingWave(problem, span, day, served, arrivals, legs, state, trackers, requestTimes(day, scheduled));
  const isServed = new Set(served);
  const solution: RoutingSolution = { routes: inserted.solution.routes.map((stops) => stops.filter((stop) => isServed.has(stop.request))) };
  if (extended === null || !evaluateSolution(extended.instance, solution).ok) return null;
  const wave = extended.instance.requests.map((_, r) => r).filter((r) => r >= day.requests.length);
  regretInsert(extended.instance, solution, { requests: wave, vehicles: extended.instance.vehicles.map((_, k) => k) });
  dropPartialGroups(extended.instance, solution);
  const rescheduled = scheduleDay(problem, calendar, trackers, extended, solution);
  const now = new Set(rescheduled.flatMap((outcome) => outcome.requests));
  if (!served.every((r) => now.has(r)) || now.size <= isServed.size) return null;
  return { day: extended, solution, scheduled: rescheduled };
}

/** Whether a kept slot can still run: its driver has had the daily rest and its lorry is free (after a duty across midnight). */
function usableSlot(slot: DutySlot, crew: DayCrewState): boolean {
  return slot.window.start >= (crew.readyAt[slot.driver] ?? Number.NEGATIVE_INFINITY) && slot.window.start >= (crew.lorryFreeAt?.[slot.lorry] ?? Number.NEGATIVE_INFINITY);
}

/**
 * The kept slots, plus the fresh ones that overlap none of them on the same driver or lorry, in
 * driver then start order (a driver's slots chain their drivers'-hours state in that order). A
 * kept slot that now starts before its driver's daily rest is over (or its lorry is free) is left out (its legs are
 * then no longer where they were, which the caller sees as a changed plan).
 */
function mergeSlots(kept: readonly DutySlot[], fresh: readonly DutySlot[], crew: DayCrewState): DutySlot[] {
  const usable = kept.filter((slot) => usableSlot(slot, crew));
  const extra = fresh.filter(
    (slot) => !usable.some((other) => (other.driver === slot.driver || other.lorry === slot.lorry) && overlaps(other.window, slot.window)),
  );
  return [...usable, ...extra].sort((a, b) => a.driver - b.driver || a.window.start - b.window.start || a.lorry - b.lorry);
}

/**
 * Slots for the drivers left without one: each availability piece of their duties that start on
 * the operating day (after their daily rest, within 13 h of each duty's first: `dutiesStartingBy`) with a free lorry at their place, the one able to
 * serve most of `units` in time (then the longest, then the largest). Every such duty is a real one.
 */
function withIdleCrews(problem: PlanningProblem, day: CalendarSpan, crew: DayCrewState, slots: DutySlot[], units: readonly Unit[]): DutySlot[] {
  const result = slots.slice();
  const dayEnd = Math.min(day.end - 1, problem.horizon);
  for (const driver of problem.drivers) {
    if (!driver.qualifications.hgv || result.some((slot) => slot.driver === driver.index)) continue;
    const from = Math.max(day.start, 0, crew.readyAt[driver.index] ?? Number.NEGATIVE_INFINITY);
    // the duties that start on the operating day, each running on past midnight (day-loop.ts), within the duty span
    for (const piece of dutiesStartingBy(problem, driver, from, dayEnd, problem.horizon).flat()) {
      let best: { slot: DutySlot; serves: number } | null = null;
      for (const lorry of problem.lorries) {
        if (lorry.startPlace !== driver.startPlace) continue;
        const free = crew.lorryFreeAt?.[lorry.index] ?? Number.NEGATIVE_INFINITY;
        for (const available of lorry.availability) {
          const window = { start: Math.max(piece.start, available.start, free), end: Math.min(piece.end, available.end) };
          if (window.end - window.start <= problem.walkRoundCheckMinutes) continue;
          if (result.some((slot) => slot.lorry === lorry.index && overlaps(slot.window, window))) continue;
          const serves = units.filter((unit) => couldServeIn(unit, driver.index, lorry.index, window)).length;
          const slot = { driver: driver.index, lorry: lorry.index, place: driver.startPlace, window };
          if (best === null || better({ slot, serves }, best, problem)) best = { slot, serves };
        }
      }
      if (best !== null && best.serves > 0) result.push(best.slot);
    }
  }
  return result.sort((a, b) => a.driver - b.driver || a.window.start - b.window.start || a.lorry - b.lorry);
}

/** Whether the crew may serve the unit and the slot's time meets both of its windows. */
function couldServeIn(unit: Unit, driver: number, lorry: number, window: { start: number; end: number }): boolean {
  const meets = (other: { start: number; end: number }) => other.start <= window.end && other.end >= window.start;
  return unit.eligibleDrivers.includes(driver) && unit.eligibleLorries.includes(lorry) && meets(unit.pickupWindow) && meets(unit.deliveryWindow);
}

/** The better slot of a driver: serving more units, then the longer time, then the larger lorry. */
function better(
  candidate: { slot: DutySlot; serves: number },
  best: { slot: DutySlot; serves: number },
  problem: PlanningProblem,
): boolean {
  if (candidate.serves !== best.serves) return candidate.serves > best.serves;
  const length = (slot: DutySlot) => slot.window.end - slot.window.start;
  if (length(candidate.slot) !== length(best.slot)) return length(candidate.slot) > length(best.slot);
  return problem.lorries[candidate.slot.lorry]!.capacity > problem.lorries[best.slot.lorry]!.capacity;
}

/**
 * The kept routes rebuilt over this day instance (stops whose unit is no longer offered are
 * left out, with the rest of their leg), then the other requests of the insertable legs (all
 * when `insertable` is null) inserted by regret insertion.
 */
function insertInto(instance: DayInstance, kept: DayRecord, insertable: ReadonlySet<number> | null): RoutingSolution {
  const requestOf = new Map(instance.requests.map((request, index) => [request.unit, index]));
  const keptRoutes = new Map(kept.slots.map((slot, k) => [slotKey(slot), kept.routes[k]!]));
  const routes: RouteStop[][] = instance.slots.map((slot) =>
    (keptRoutes.get(slotKey(slot)) ?? []).flatMap((stop) => {
      const request = requestOf.get(stop.unit);
      return request === undefined ? [] : [{ request, kind: stop.kind }];
    }),
  );
  const solution: RoutingSolution = { routes };
  dropPartialGroups(instance.instance, solution);
  const placed = new Set(solution.routes.flat().map((stop) => stop.request));
  const rest = instance.instance.requests
    .map((_, index) => index)
    .filter((index) => !placed.has(index) && (insertable === null || insertable.has(instance.instance.requests[index]!.group)));
  regretInsert(instance.instance, solution, { requests: rest, vehicles: instance.instance.vehicles.map((_, k) => k) });
  dropPartialGroups(instance.instance, solution);
  return solution;
}

function dayRecord(day: CalendarSpan, instance: DayInstance, solution: RoutingSolution, served: Set<number>): DayRecord {
  return {
    dayStart: day.start,
    slots: instance.slots,
    routes: solution.routes.map((stops) =>
      stops.filter((stop) => served.has(stop.request)).map((stop) => ({ unit: instance.requests[stop.request]!.unit, kind: stop.kind })),
    ),
  };
}

/** Whether every unit `before` served is served by `after` on the same day, driver and lorry, with the same Nuggets, in the same order on its route. */
export function keepsAssignments(before: BuiltPlan, after: BuiltPlan): boolean {
  for (const [unit, signature] of before.assignment) if (after.assignment.get(unit) !== signature) return false;
  for (const record of before.days) {
    const later = after.days.find((other) => other.dayStart === record.dayStart);
    if (later === undefined) return record.routes.every((route) => route.length === 0);
    const laterRoutes = new Map(later.slots.map((slot, k) => [slotKey(slot), later.routes[k]!]));
    for (const [k, route] of record.routes.entries()) {
      if (route.length === 0) continue;
      const kept = new Set(route.map((stop) => `${stop.unit}/${stop.kind}`));
      const order = (laterRoutes.get(slotKey(record.slots[k]!)) ?? []).map((stop) => `${stop.unit}/${stop.kind}`).filter((key) => kept.has(key));
      if (order.join(' ') !== route.map((stop) => `${stop.unit}/${stop.kind}`).join(' ')) return false;
    }
  }
  return true;
}
