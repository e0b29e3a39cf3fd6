import { describe, idsOf, inside, type Context, type Timeline } from './context.ts';

/**
 * Every activity inside one of the driver's availability windows and not before the driver's
 * counters were observed, and, when it names a lorry, inside one of the lorry's windows.
 */
export function checkAvailability(context: Context, timelines: readonly Timeline[]): void {
  for (const timeline of timelines) {
    const observed = timeline.driver.fleet_check_allowances?.observed_at;
    const observedAt = observed == null ? -Infinity : Date.parse(observed);
    for (const activity of timeline.activities) {
      if (!timeline.driver.availability.some((window) => inside(activity.start, activity.end, window))) {
        context.report('driver_unavailable', `${describe(activity)} is outside driver ${timeline.driver.id}'s availability`, idsOf(activity));
      } else if (activity.start < observedAt) {
        // The counters observed at observed_at already count the driver's work until then.
        context.report('driver_unavailable', `${describe(activity)} starts before driver ${timeline.driver.id}'s counters were observed (${observed})`, idsOf(activity));
      }
      if (activity.lorryId === null) continue;
      const lorry = context.lorries.get(activity.lorryId)!;
      if (!lorry.availability.some((window) => inside(activity.start, activity.end, window))) {
        context.report('lorry_unavailable', `${describe(activity)} is outside lorry ${lorry.id}'s availability`, idsOf(activity));
      }
    }
  }
}
