import type { PlanningWarning } from '../../contract/index.ts';
import type { DriverHoursStart } from './start-state.ts';

/**
 * The warnings the reading of the counters calls for: `driver_allowances_missing` for drivers
 * planned with zero counters, and a `planning_assumption` for drivers given an assumed daily
 * rest before their first availability window or observed after the period started (nothing
 * planned for them before `observed_at`). Empty when none applies.
 */
export function hoursWarnings(starts: readonly DriverHoursStart[]): PlanningWarning[] {
  const warnings: PlanningWarning[] = [];
  const missing = starts.filter((start) => start.allowancesMissing).map((start) => start.driverId);
  if (missing.length > 0) {
    warnings.push({
      code: 'driver_allowances_missing',
      message: `No fleet_check_allowances for ${missing.length} driver(s); they were planned with all drivers'-hours counters at 0.`,
      affected_ids: missing,
    });
  }
  const rested = starts.filter((start) => start.dailyRestAssumed).map((start) => start.driverId);
  if (rested.length > 0) {
    warnings.push({
      code: 'planning_assumption',
      message: `A daily rest was assumed for ${rested.length} driver(s): unavailable for 11 h or more between observed_at and the first availability window, so driving today and since break and working since break start at 0.`,
      affected_ids: rested,
    });
  }
  const observedLate = starts.filter((start) => start.availableBeforeObservation).map((start) => start.driverId);
  if (observedLate.length > 0) {
    warnings.push({
      code: 'planning_assumption',
      message: `The drivers'-hours counters of ${observedLate.length} driver(s) were observed after the planning period started; they already count those drivers' work until observed_at, so nothing is planned for them before observed_at.`,
      affected_ids: observedLate,
    });
  }
  return warnings;
}
