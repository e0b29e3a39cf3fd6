import { LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { PlanningProblem, ProblemDriver } from '../problem/index.ts';

/** A 15-minute break may already have been taken before the counters were observed: 30 more then qualify (D1). */
const SHORTEST_QUALIFYING_COMPLETION = LIMITS.splitSecondPart;

/** Earliest minute at which the starting counters allow any driving (refreshes aside). */
function countersAllowFrom(driver: ProblemDriver, calendar: HoursCalendar): number {
  const { at, counters } = driver.hours;
  let weekly = -Infinity;
  if (counters.drivingThisWeek >= LIMITS.weeklyDriving || counters.drivingPreviousWeek + counters.drivingThisWeek >= LIMITS.fortnightDriving) {
    // Next week this week's total becomes the previous week's and this week starts at 0.
    const nextWeek = calendar.nextWeekStart(at);
    weekly = counters.drivingThisWeek >= LIMITS.fortnightDriving ? calendar.nextWeekStart(nextWeek) : nextWeek;
  }
  // A daily rest or a break may begin the moment the counters were observed, at the earliest.
  const daily = counters.drivingToday >= LIMITS.dailyDriving ? at + LIMITS.dailyRest : -Infinity;
  const sinceBreak = counters.drivingSinceBreak >= LIMITS.drivingBeforeBreak ? at + SHORTEST_QUALIFYING_COMPLETION : -Infinity;
  return Math.max(weekly, daily, sinceBreak);
}

/** The first minute the driver is available to drive: the start of their first availability and the walk-round check (`Infinity` when never available). */
export function availableToDrive(driver: ProblemDriver, problem: PlanningProblem): number {
  const first = driver.availability[0];
  return first === undefined ? Infinity : first.start + problem.walkRoundCheckMinutes;
}

/**
 * A lower bound on the first minute at which the driver could start driving: after the start of
 * their first availability and the walk-round check, and once the counters allow driving. A
 * future refresh may replace the counters, so from its time on driving is taken as allowed.
 * `Infinity` when the driver is never available.
 */
export function earliestDriving(driver: ProblemDriver, problem: PlanningProblem, calendar: HoursCalendar): number {
  const available = availableToDrive(driver, problem);
  if (available === Infinity) return Infinity;
  const refresh = driver.hours.refreshes[0]?.at ?? Infinity;
  return Math.max(available, Math.min(countersAllowFrom(driver, calendar), refresh));
}
