import { describe, idsOf, inside, type Context, type Timeline } from './context.ts';

/** Every activity inside one of the driver's availability windows, and, when it names a lorry, one of the lorry's. */
export function checkAvailability(context: Context, timelines: readonly Timeline[]): void {
  for (const timeline of timelines) {
    for (const activity of timeline.activities) {
      if (!timeline.driver.availability.some((window) => inside(activity.start, activity.end, window))) {
        context.report('driver_unavailable', `${describe(activity)} is outside driver ${timeline.driver.id}'s availability`, idsOf(activity));
      }
      if (activity.lorryId === null) continue;
      const lorry = context.lorries.get(activity.lorryId)!;
      if (!lorry.availability.some((window) => inside(activity.start, activity.end, window))) {
        context.report('lorry_unavailable', `${describe(activity)} is outside lorry ${lorry.id}'s availability`, idsOf(activity));
      }
    }
  }
}
