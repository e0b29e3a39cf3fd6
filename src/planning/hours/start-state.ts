import type { ValidatedDriver } from '../../contract/index.ts';
import type { HoursCalendar } from './calendar.ts';
import { LIMITS } from './rules.ts';

/** Counters as the driver-hours system reports them (a null weekly value keeps the derived one). */
export interface ReportedCounters {
  drivingToday: number;
  drivingSinceBreak: number;
  workingSinceBreak: number;
  drivingThisWeek: number | null;
  drivingPreviousWeek: number | null;
}

/** A `future_allowance_refresh`: at minute `at` these counters replace the derived ones. */
export interface HoursRefresh extends ReportedCounters {
  at: number;
}

/** A driver's drivers'-hours state where planning picks it up. */
export interface DriverHoursStart {
  driverId: string;
  /** Planner minute at which `counters` hold (`observed_at`, or 0 when counters are missing). */
  at: number;
  counters: ReportedCounters & { drivingThisWeek: number; drivingPreviousWeek: number };
  /** No duty is under way at `at` (counters missing, or a daily rest assumed); otherwise the first duty continues one. */
  rested: boolean;
  /** In increasing `at` order. */
  refreshes: HoursRefresh[];
  /** `fleet_check_allowances` was missing: counters are 0 (the `driver_allowances_missing` warning). */
  allowancesMissing: boolean;
  /** >= 11 h unavailable between `observed_at` and the first availability window: daily rest assumed (a `planning_assumption`). */
  dailyRestAssumed: boolean;
  /**
   * Counters observed after the planning period started while the driver was available before
   * that: they already count the driver's work until `observed_at`, so nothing is planned for
   * the driver before it (a `planning_assumption`).
   */
  availableBeforeObservation: boolean;
}

const toMinute = (calendar: HoursCalendar, iso: string) => calendar.minuteOf(Date.parse(iso));

/**
 * Reads a validated driver's counters as ../shared/domain/drivers-hours.md says: true at
 * `observed_at`; a daily rest assumed when the driver is unavailable for >= 11 h straight after
 * `observed_at` (before the first availability window); zeros when the counters are missing.
 */
export function driverHoursStart(driver: ValidatedDriver, calendar: HoursCalendar): DriverHoursStart {
  const refreshes = driver.future_allowance_refreshes
    .map((refresh) => ({
      at: toMinute(calendar, refresh.effective_at),
      drivingToday: refresh.driving_today_minutes,
      drivingSinceBreak: refresh.driving_since_break_minutes,
      workingSinceBreak: refresh.working_since_break_minutes,
      drivingThisWeek: refresh.driving_this_week_minutes ?? null,
      drivingPreviousWeek: refresh.driving_previous_week_minutes ?? null,
    }))
    .sort((a, b) => a.at - b.at);
  const allowances = driver.fleet_check_allowances;
  if (allowances == null) {
    return {
      driverId: driver.id,
      at: 0,
      counters: { drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, drivingThisWeek: 0, drivingPreviousWeek: 0 },
      rested: true,
      refreshes,
      allowancesMissing: true,
      dailyRestAssumed: false,
      availableBeforeObservation: false,
    };
  }
  const at = toMinute(calendar, allowances.observed_at);
  const unavailable = unavailableAfter(driver, calendar, at);
  const dailyRestAssumed = Number.isFinite(unavailable) && unavailable >= LIMITS.dailyRest;
  const weekly = { drivingThisWeek: allowances.driving_this_week_minutes, drivingPreviousWeek: allowances.driving_previous_week_minutes };
  return {
    driverId: driver.id,
    at,
    counters: dailyRestAssumed
      ? { drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, ...weekly }
      : {
          drivingToday: allowances.driving_today_minutes,
          drivingSinceBreak: allowances.driving_since_break_minutes,
          workingSinceBreak: allowances.working_since_break_minutes,
          ...weekly,
        },
    rested: dailyRestAssumed,
    refreshes,
    allowancesMissing: false,
    dailyRestAssumed,
    availableBeforeObservation: at > 0 && driver.availability.some((window) => toMinute(calendar, window.start) < at && toMinute(calendar, window.end) > 0),
  };
}

/** Minutes from `at` until the driver's next availability (0 inside a window, Infinity when none is left). */
function unavailableAfter(driver: ValidatedDriver, calendar: HoursCalendar, at: number): number {
  let gap = Infinity;
  for (const window of driver.availability) {
    if (toMinute(calendar, window.end) <= at) continue;
    gap = Math.min(gap, Math.max(0, toMinute(calendar, window.start) - at));
  }
  return gap;
}
