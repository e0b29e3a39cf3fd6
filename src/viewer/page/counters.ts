import { Value } from 'typebox/value';
import { AllowanceRefresh, DriverAllowances, type DriverManifest, type ValidatedDriver } from '../../contract/index.ts';
import type { Driver } from '../../contract/index.ts';
import { createHoursCalendar, driverHoursStart, HOURS_KIND_OF_ACTIVITY, HoursTracker, LIMITS } from '../../planning/hours/index.ts';

/** The drivers'-hours counters at the end of one duty (a working day between daily rests). */
export interface DutyCounters {
  /** Epoch ms of the duty's last activity end. */
  at: number;
  dailyDriving: number;
  weeklyDriving: number;
  dailyLimit: number;
  weeklyLimit: number;
}

/** The driver with the contract's defaults filled in, as the hours engine reads drivers. */
function withDefaults(driver: Driver): ValidatedDriver {
  const allowances = driver.fleet_check_allowances;
  return {
    ...driver,
    start_location_id: driver.start_location_id ?? driver.home_warehouse_id,
    qualifications: driver.qualifications ?? [],
    fleet_check_allowances: allowances == null ? null : (Value.Default(DriverAllowances, structuredClone(allowances)) as ValidatedDriver['fleet_check_allowances']),
    future_allowance_refreshes: (driver.future_allowance_refreshes ?? []).map(
      (refresh) => Value.Default(AllowanceRefresh, structuredClone(refresh)) as ValidatedDriver['future_allowance_refreshes'][number],
    ),
  };
}

/**
 * Daily and weekly driving at the end of each duty of a manifest, from the driver's reported
 * counters, by the same drivers'-hours engine the planner and the validator use (so the viewer
 * shows what the rules counted, not a second reading of them).
 */
export function dutyCounters(driver: Driver, manifest: DriverManifest, timezone: string, periodStart: number): DutyCounters[] {
  const calendar = createHoursCalendar(timezone, periodStart);
  const tracker = new HoursTracker(driverHoursStart(withDefaults(driver), calendar), calendar);
  const counters: DutyCounters[] = [];
  const activities = manifest.activities;
  for (let index = 0; index < activities.length; index++) {
    const activity = activities[index]!;
    const start = calendar.minuteOf(Date.parse(activity.start));
    const end = calendar.minuteOf(Date.parse(activity.end));
    tracker.record(HOURS_KIND_OF_ACTIVITY[activity.type], start, end);
    const next = activities[index + 1];
    const dutyEnds = next === undefined || calendar.minuteOf(Date.parse(next.start)) - end >= LIMITS.dailyRest;
    if (dutyEnds) {
      counters.push({
        at: calendar.epochMsOf(end),
        dailyDriving: tracker.drivingToday,
        weeklyDriving: tracker.drivingThisWeek,
        dailyLimit: LIMITS.dailyDriving,
        weeklyLimit: LIMITS.weeklyDriving,
      });
    }
  }
  return counters;
}
