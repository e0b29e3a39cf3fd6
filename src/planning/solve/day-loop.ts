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
 * An operating day is the duties that start on its local date, each kept whole across local
 * midnight (a night duty runs on to the end of its availability, within the 13-hour duty span):
 * the day's span runs to the end of its last slot. What a day planned is carried into the next:
 * where each Nugget is and from when, each capacitated place's occupancy over time, each
 * driver's hours state and daily rest, and when each lorry is free (a duty across midnight keeps
 * its lorry into the next date).
 */
import { HoursTracker, LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { Duty } from '../plan/types.ts';
import type { CalendarSpan, PlanningProblem, Unit } from '../problem/index.ts';
import { commitDay, initialPlanningState, type DayInstance, type PlanningState, type RequestTimes } from './day-instance.ts';
import { daySlots, operatingSpan, type DayCrewState, type DutySlot } from './duties.ts';
import type { ScheduledDuty } from './day-schedule.ts';

/** One operating day of the loop, with the legs still to plan when it starts. */
export interface OperatingDay {
  /** Position among the loop's days (0 = the first day of the period that has planning time). */
  number: number;
  /** The local date's span (the operating span may run past its end: `DayLoop.span`). */
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
  /** The local dates that have planning time, in order. */
  readonly calendarDays: CalendarSpan[];

  constructor(
    private readonly problem: PlanningProblem,
    calendar: HoursCalendar,
    /** Legs to plan, in the order each day offers them. */
    private readonly legs: readonly number[],
  ) {
    this.state = initialPlanningState(problem);
    this.trackers = problem.drivers.map((driver) => new HoursTracker(driver.hours, calendar));
    this.crew = { readyAt: problem.drivers.map(() => null), lorryFreeAt: problem.lorries.map(() => null) };
    this.calendarDays = problem.calendar.days.filter((day) => day.end > 0 && day.start <= problem.horizon);
  }

  /** The operating days in order, while some leg is still pending (the caller may stop early). */
  *days(): Generator<OperatingDay> {
    for (const [number, day] of this.calendarDays.entries()) {
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

  /** The duty slots of the day for `units` (default: the pending ones): the duties that start on it, each whole across midnight. */
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
      this.crew.readyAt[outcome.duty.driver] = outcome.duty.end + LIMITS.dailyRest;
      this.crew.lorryFreeAt![outcome.duty.lorry] = Math.max(this.crew.lorryFreeAt![outcome.duty.lorry] ?? Number.NEGATIVE_INFINITY, outcome.duty.end);
    }
    commitDay(this.problem, instance, scheduled.flatMap((outcome) => outcome.requests), this.state, times);
  }

  /** The duties committed so far, by driver then start. */
  sortedDuties(): Duty[] {
    return this.duties.slice().sort((a, b) => a.driver - b.driver || a.start - b.start);
  }
}
