/**
 * How many minutes a driver could drive at most inside the planning period, under any plan
 * the rules allow: an upper bound, used by the relaxation (so it must never be too small).
 */
import { LIMITS, type HoursCalendar } from '../hours/index.ts';
import type { PlanningProblem, ProblemDriver } from '../problem/index.ts';

/** Minutes inside the driver's availability: every activity, driving included, lies there. */
function availableMinutes(driver: ProblemDriver): number {
  return driver.availability.reduce((sum, window) => sum + Math.max(0, window.end - window.start), 0);
}

/**
 * D2 and R1: driving between two daily rests is at most 540 min, and a daily rest is a gap of at
 * least 660 min. A driver not rested when the counters were observed (`at`) is on duty then, so
 * a fresh duty starts at `at + 660` at the earliest; a rested one may start one at minute 0. With
 * `n` fresh duties inside [0, horizon] the driver drives at most `rest of the current duty + 540 n`
 * and needs at least the walk-round check (15 min) per fresh duty and 660 min between consecutive
 * fresh duties.
 */
function dutyBound(driver: ProblemDriver, horizon: number, walkRoundCheck: number): number {
  const { counters, rested, at } = driver.hours;
  const current = rested ? 0 : Math.max(0, LIMITS.dailyDriving - counters.drivingToday);
  const firstFresh = rested ? 0 : Math.max(0, at + LIMITS.dailyRest);
  let best = Math.min(current, horizon);
  for (let fresh = 1; ; fresh++) {
    const time = horizon - firstFresh - walkRoundCheck * fresh - LIMITS.dailyRest * (fresh - 1);
    if (time <= 0) break;
    best = Math.max(best, Math.min(current + LIMITS.dailyDriving * fresh, time));
  }
  return best;
}

/**
 * D3 and D4: driving in the fixed week of the counters is at most 3360 - this week and
 * 5400 - previous - this week; in the next week at most 3360 and 5400 - this week (this week's
 * total becomes the previous week's and is at least the counter); later weeks at most 3360.
 */
function weeklyBound(driver: ProblemDriver, horizon: number, calendar: HoursCalendar): number {
  const { counters, at } = driver.hours;
  const countersWeek = calendar.weekIndex(at);
  let total = 0;
  for (let week = calendar.weekIndex(0); week <= calendar.weekIndex(horizon); week++) {
    if (week < countersWeek) continue;
    const cap =
      week === countersWeek
        ? Math.min(LIMITS.weeklyDriving - counters.drivingThisWeek, LIMITS.fortnightDriving - counters.drivingPreviousWeek - counters.drivingThisWeek)
        : week === countersWeek + 1
          ? Math.min(LIMITS.weeklyDriving, LIMITS.fortnightDriving - counters.drivingThisWeek)
          : LIMITS.weeklyDriving;
    total += Math.max(0, cap);
  }
  return total;
}

/**
 * The most a driver could drive in [0, horizon]: 0 without an HGV licence; otherwise the least
 * of the availability, the duty bound and the weekly bound. When the driver could work before
 * the counters were observed, or future refreshes may replace them, only availability is used
 * (a refresh may hand back allowance the counters had used up).
 */
export function drivingCapacity(driver: ProblemDriver, problem: PlanningProblem, calendar: HoursCalendar): number {
  if (!driver.qualifications.hgv) return 0;
  const available = availableMinutes(driver);
  const first = driver.availability[0];
  const activityBeforeCounters = first !== undefined && first.start < driver.hours.at;
  if (driver.hours.refreshes.length > 0 || activityBeforeCounters) return available;
  return Math.max(0, Math.min(available, dutyBound(driver, problem.horizon, problem.walkRoundCheckMinutes), weeklyBound(driver, problem.horizon, calendar)));
}
