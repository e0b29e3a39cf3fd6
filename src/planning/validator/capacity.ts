import { MINUTE_MS, describe, idsOf, type Activity, type Context } from './context.ts';
import { handlingMinutes } from './handling.ts';
import type { Loadings } from './nugget-flow.ts';

/** At most `nugget_capacity` Nuggets on a lorry at any time (lorries start empty). */
export function checkLorryCapacity(context: Context, lorryActivities: ReadonlyMap<string, Activity[]>): void {
  for (const [lorryId, activities] of lorryActivities) {
    const capacity = context.lorries.get(lorryId)!.nugget_capacity;
    const onBoard = new Set<string>();
    let over = false;
    for (const activity of activities) {
      if (activity.type === 'pickup') activity.nuggetIds.forEach((nugget) => onBoard.add(nugget));
      else if (activity.type === 'delivery' || activity.type === 'yard_work') activity.nuggetIds.forEach((nugget) => onBoard.delete(nugget));
      if (onBoard.size > capacity && !over) {
        context.report('lorry_capacity', `${describe(activity)}: lorry ${lorryId} carries ${onBoard.size} Nuggets; its capacity is ${capacity}`, idsOf(activity, ...onBoard));
      }
      over = onBoard.size > capacity;
    }
  }
}

/**
 * Place occupancy over time: a Nugget counts at a place from the end of the handling that
 * unloads it there (the unloading activity's start plus its handling minutes x Nuggets) to the
 * start of the activity that loads it. After every unloading the count is at most the place's
 * `nugget_capacity`.
 *
 * Why the handling's end and not the activity's: the spec gives a place's `nugget_capacity` as
 * the "Maximum Nuggets that may remain at the place" and the handling minutes as the time a
 * Nugget takes at a pickup or delivery stop ("per Nugget at each pickup and delivery stop";
 * "loading time"), and a delivery's window is checked on the activity's start. An unloading
 * activity may be written longer than its handling (`handling_duration` asks at least), but the
 * extra time cannot keep the Nugget off the place: counted from the activity's end, a delivery
 * that starts in its window and "lasts" until another Nugget leaves would hide an overfull place
 * (test/cases/infeasible/planning/place-capacity-freed: unloading 09:25-10:00 for 5 minutes of
 * handling, the place's other Nugget collected at 10:00).
 */
export function checkPlaceCapacity(context: Context, activities: readonly Activity[], loadings: Loadings): void {
  const count = new Map<string, number>();
  for (const nugget of context.snapshot.nuggets) count.set(nugget.location_id, (count.get(nugget.location_id) ?? 0) + 1);
  const events: { time: number; change: number; placeId: string; activity: Activity }[] = [];
  for (const activity of activities) {
    const placeId = activity.locationId;
    if (placeId === null || context.places.get(placeId)?.nugget_capacity == null) continue;
    const n = activity.nuggetIds.length;
    if (activity.type === 'pickup') events.push({ time: activity.start, change: -n, placeId, activity });
    else if (activity.type === 'delivery' || activity.type === 'yard_work') {
      const handled = activity.start + handlingMinutes(context, activity, loadings) * MINUTE_MS;
      events.push({ time: Math.min(activity.end, handled), change: n, placeId, activity });
    }
  }
  events.sort((a, b) => a.time - b.time || a.change - b.change);
  const over = new Set<string>();
  for (const event of events) {
    const now = (count.get(event.placeId) ?? 0) + event.change;
    count.set(event.placeId, now);
    const capacity = context.places.get(event.placeId)!.nugget_capacity!;
    if (event.change > 0 && now > capacity && !over.has(event.placeId)) {
      context.report('place_capacity', `${describe(event.activity)} leaves ${now} Nuggets at ${event.placeId}; its capacity is ${capacity}`, idsOf(event.activity, event.placeId));
    }
    if (now > capacity) over.add(event.placeId);
    else over.delete(event.placeId);
  }
}
