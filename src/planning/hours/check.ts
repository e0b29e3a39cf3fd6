import type { HoursCalendar } from './calendar.ts';
import type { DriverHoursStart } from './start-state.ts';
import { HoursTracker, type HoursActivity, type HoursViolation } from './tracker.ts';

/**
 * Every violation of D1-D4, W1-W3 and R1 in one driver's activities (time-ordered, not
 * overlapping; gaps between them are off duty: >= 660 min a daily rest, >= 15 min a break),
 * starting from the driver's state. Each rule is reported once per period it applies to.
 */
export function checkHours(start: DriverHoursStart, activities: readonly HoursActivity[], calendar: HoursCalendar): HoursViolation[] {
  const tracker = new HoursTracker(start, calendar);
  for (const activity of activities) tracker.record(activity.kind, activity.start, activity.end, activity.ids);
  return tracker.finish();
}
