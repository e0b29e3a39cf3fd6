import { checkHours, driverHoursStart, HOURS_KIND_OF_ACTIVITY } from '../hours/index.ts';
import type { Context, Timeline } from './context.ts';

/** Every drivers'-hours rule, by the hours engine's checker, from each driver's counters. */
export function checkDriversHours(context: Context, timelines: readonly Timeline[]): void {
  for (const timeline of timelines) {
    const start = driverHoursStart(timeline.driver, context.calendar);
    const activities = timeline.activities.map((activity) => ({
      kind: HOURS_KIND_OF_ACTIVITY[activity.type],
      start: context.calendar.minuteOf(activity.start),
      end: context.calendar.minuteOf(activity.end),
      ids: [activity.movementId, activity.lorryId].filter((id): id is string => id !== null),
    }));
    for (const violation of checkHours(start, activities, context.calendar)) {
      const when = new Date(context.calendar.epochMsOf(violation.at)).toISOString();
      context.report(violation.rule, `driver ${timeline.driver.id} at ${when}: ${violation.message}`, [timeline.driver.id, ...violation.ids]);
    }
  }
}
