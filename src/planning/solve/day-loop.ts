/**
 * The one day loop of the planner, shared by the manifests path (plan-manifests.ts) and the
 * booking check's plans (src/booking/planning/build.ts): the decomposition into operating days
 * and what one day hands to the next. How a day is routed differs (the manifests path searches;
 * the booking path inserts into the plan of the accepted legs and repairs locally near the new
 * legs), so the caller drives the loop and routes each day itself:
 *
 *   const loop = new DayLoop(problem, calendar, legs);
 *   for (const day of loop.days()) {
 *     const slots = loop.slots(day);            // the duties that start on the day, each whole
 *     ... route and schedule the day ...
 *     loop.commit(instance, scheduled, times);  // duties, hours, crews, Nuggets, place room
 *   }
 *
 * An operating day is a set of duties that overlap (`operatingDays`): one per local date, from a
 * cut point to the next. The cut is local midnight where no duty runs across it (day shifts: an
 * operating day is then a local date); where one does (a night duty), the cut moves back to the
 * start of the run of duties that overlap it, directly or through one another, so that the night
 * duty and the early duties after it are planned together, with the next date, not one after the
 * other. Each duty is kept whole across local midnight (a night duty runs on to the end of its
 * availability, within the 13-hour duty span).
 * A driver may have more than one duty in an operating day, each a daily rest after the end of
 * the availability of the one before (duties.ts `dutiesStartingBy`). What a day planned is carried into the next:
 * where each Nugget is and from when, each capacitated place's occupancy over time, each
 * driver's hours state and daily rest, and when each lorry is free (a duty across midnight keeps
 * its lorry into the next date).
 */
import { HoursTracker, LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { Duty } from '../plan/types.ts';
import type { CalendarSpan, PlanningProblem, Unit } from '../problem/index.ts';
import { mergeWindows } from '../problem/time.ts';
import { commitDay, initialPlanningState, type DayInstance, type PlanningState, type RequestTimes } from './day-instance.ts';
import { daySlots, dutiesStartingBy, operatingSpan, type DayCrewState, type DutySlot } from './duties.ts';
import type { ScheduledDuty } from './day-schedule.ts';

/** One operating day of the loop, with the legs still to plan when it starts. */
export interface OperatingDay {
  /** Position among the loop's days (0 = the first day of the period that has planning time). */
  number: number;
  /** The operating day's span: its local dates, 00:00 of the first to 00:00 after the last (its duties may run past the end: `DayLoop.span`). */
  day: CalendarSpan;
  /** Legs not settled yet, in the loop's order. */
  pending: number[];
  /** Their units. */
  pendingUnits: Unit[];
}

export class DayLoop {
  readonly state: PlanningState;
  /** Each driver's hours state after the days committed so far. */
  readonly trackers: HoursTracker[];
  readonly crew: DayCrewState;
  readonly duties: Duty[] = [];
  /** The operating days that have planning time, in order. */
  readonly operatingDays: CalendarSpan[];

  constructor(
    private readonly problem: PlanningProblem,
    calendar: HoursCalendar,
    /** Legs to plan, in the order each day offers them. */
    private readonly legs: readonly number[],
  ) {
    this.state = initialPlanningState(problem);
    this.trackers = problem.drivers.map((driver) => new HoursTracker(driver.hours, calendar));
    this.crew = { readyAt: problem.drivers.map(() => null), lorryFreeAt: problem.lorries.map(() => null) };
    this.operatingDays = operatingDays(problem);
  }

  /** The operating days in order, while some leg is still pending (the caller may stop early). */
  *days(): Generator<OperatingDay> {
    for (const [number, day] of this.operatingDays.entries()) {
      const pending = this.pending();
      if (pending.length === 0) return;
      const pendingUnits = pending.flatMap((leg) => this.problem.legs[leg]!.units.map((unit) => this.problem.units[unit]!));
      yield { number, day, pending, pendingUnits };
    }
  }

  /** Legs not settled yet, in the loop's order. */
  pending(): number[] {
    return this.legs.filter((leg) => !this.state.settled.has(leg));
  }

  /** The duty slots of the day for `units` (default: the pending ones): the duties that start in it, each whole across midnight. */
  slots(day: OperatingDay, units: readonly Unit[] = day.pendingUnits): DutySlot[] {
    return daySlots(this.problem, day.day, this.crew, units, { acrossMidnight: true });
  }

  /** The day's operating span for its slots: from the day's start to the end of its last slot. */
  span(day: OperatingDay, slots: readonly DutySlot[]): CalendarSpan {
    return operatingSpan(day.day, slots);
  }

  /**
   * Takes a day's scheduled duties into the plan and carries their effects to the next day: each
   * driver's hours state and daily rest, each lorry's end of use, the Nuggets moved and the room
   * they take (with `times`, each served request's handling as scheduled; without, the bounds
   * of its windows, a restriction the booking path uses so that a plan and the same plan with
   * legs inserted see the same later days).
   */
  commit(instance: DayInstance, scheduled: readonly ScheduledDuty[], times?: ReadonlyMap<number, RequestTimes>): void {
    for (const outcome of scheduled) {
      this.duties.push(outcome.duty);
      this.trackers[outcome.duty.driver] = outcome.tracker;
      this.crew.readyAt[outcome.duty.driver] = Math.max(this.crew.readyAt[outcome.duty.driver] ?? Number.NEGATIVE_INFINITY, outcome.duty.end + LIMITS.dailyRest);
      this.crew.lorryFreeAt![outcome.duty.lorry] = Math.max(this.crew.lorryFreeAt![outcome.duty.lorry] ?? Number.NEGATIVE_INFINITY, outcome.duty.end);
    }
    commitDay(this.problem, instance, scheduled.flatMap((outcome) => outcome.requests), this.state, times);
  }

  /** The duties committed so far, by driver then start. */
  sortedDuties(): Duty[] {
    return this.duties.slice().sort((a, b) => a.driver - b.driver || a.start - b.start);
  }
}

/**
 * The operating days of the period that have planning time, in order: one per local date, from
 * a cut point to the next (the first from the first date's start, the last to the last date's
 * end). Possible duties fall into runs that overlap, directly or through one another (a sweep in
 * start order). The cut of a date is its local midnight unless a run crosses it; then the cut is
 * the start of that run, which joins the date's operating day whole (a night duty with the
 * early duties it overlaps). Where that run started before the cut of the date before (work round
 * the clock), the cut stays at midnight and the duties either side are planned one day after the
 * other, as on a calendar (a restriction that keeps an operating day under two dates long).
 * Possible duties are read from the availability alone (every driver's duties, each a daily rest
 * after the last: `dutiesStartingBy` from minute 0), so the days do not depend on what is
 * planned, and a booking check's plans with and without its legs see the same days.
 */
export function operatingDays(problem: PlanningProblem): CalendarSpan[] {
  const dates = problem.calendar.days.filter((day) => day.end > 0 && day.start <= problem.horizon);
  const duties = problem.drivers
    .filter((driver) => driver.qualifications.hgv)
    .flatMap((driver) => dutiesStartingBy(problem, driver, 0, problem.horizon, problem.horizon).map((pieces) => ({ start: pieces[0]!.start, end: pieces.at(-1)!.end })));
  // duties that overlap, directly or through one another (touching ones do not)
  const runs = mergeWindows(duties, 0);
  const cuts = dates.map((date) => date.start);
  for (let index = 1; index < dates.length; index++) {
    const midnight = dates[index]!.start;
    const across = runs.find((run) => run.start < midnight && midnight < run.end);
    if (across !== undefined && across.start > cuts[index - 1]!) cuts[index] = across.start;
  }
  return dates.map((date, index) => ({ start: cuts[index]!, end: cuts[index + 1] ?? date.end, localDate: date.localDate }));
}
