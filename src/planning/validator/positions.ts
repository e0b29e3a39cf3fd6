import { describe, idsOf, type Activity, type Context, type Timeline } from './context.ts';

/**
 * Where drivers and lorries are: a driver starts at `start_location_id` (or the home
 * warehouse), a lorry at its `start_location_id`; a drive departs from where it is and moves it
 * to `to_location_id` (en-route pieces of one journey count once); any other activity with a
 * `location_id` is where it is. Two places at the same stop (0 journey minutes apart) count
 * as one place.
 */
export function checkPositions(context: Context, timelines: readonly Timeline[], lorryActivities: ReadonlyMap<string, Activity[]>): void {
  for (const timeline of timelines) {
    const driver = timeline.driver;
    follow(context, driver.start_location_id ?? driver.home_warehouse_id, timeline.activities, 'driver_location', `driver ${driver.id}`);
  }
  for (const [lorryId, activities] of lorryActivities) {
    follow(context, context.lorries.get(lorryId)!.start_location_id, activities, 'lorry_location', `lorry ${lorryId}`);
  }
}

function follow(context: Context, startPlace: string, activities: readonly Activity[], rule: 'driver_location' | 'lorry_location', who: string): void {
  let place = startPlace;
  /** Whether `there` is where the driver or lorry is (or at the same stop); only then does a stop move it. */
  const check = (activity: Activity, there: string, doing: string) => {
    if (there === place || context.journey.minutes(place, there) === 0) return true;
    context.report(rule, `${describe(activity)} ${doing} ${there}, but ${who} is at ${place}`, idsOf(activity, place, there));
    return false;
  };
  for (const activity of activities) {
    if (activity.type === 'drive') {
      if (activity.continuesJourney) continue;
      check(activity, activity.fromId!, 'departs from');
      place = activity.toId!;
    } else if (activity.locationId !== null && check(activity, activity.locationId, 'is at')) {
      place = activity.locationId;
    }
  }
}
