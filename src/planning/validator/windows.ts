import type { Window } from '../../contract/index.ts';
import { describe, idsOf, type Activity, type Context } from './context.ts';

/**
 * Leg windows: a pickup starts inside the leg's pickup window (`collect_empty.window`,
 * `move_nugget.pickup_window`); a delivery starts inside its arrival window
 * (`deliver_empty.window`, `move_nugget.arrival_window` when given); a collected empty leaves
 * its place (the lorry's next drive starts) no later than `must_clear_by`.
 */
export function checkWindows(context: Context, activities: readonly Activity[], lorryActivities: ReadonlyMap<string, Activity[]>): void {
  for (const activity of activities) {
    const leg = activity.movementId === null ? undefined : context.legs.get(activity.movementId);
    if (leg === undefined) continue;
    if (activity.type === 'pickup') {
      const window = leg.type === 'move_nugget' ? leg.pickup_window : leg.type === 'collect_empty' ? leg.window : null;
      if (window !== null && !startsIn(activity, window)) {
        context.report('pickup_window', `${describe(activity)} starts outside leg ${leg.id}'s pickup window ${window.start} - ${window.end}`, idsOf(activity));
      }
      if (leg.type === 'collect_empty' && leg.must_clear_by != null) checkCleared(context, activity, leg.must_clear_by, lorryActivities);
    } else if (activity.type === 'delivery') {
      const window = leg.type === 'move_nugget' ? (leg.arrival_window ?? null) : leg.type === 'deliver_empty' ? leg.window : null;
      if (window !== null && !startsIn(activity, window)) {
        context.report('arrival_window', `${describe(activity)} starts outside leg ${leg.id}'s arrival window ${window.start} - ${window.end}`, idsOf(activity));
      }
    }
  }
}

function startsIn(activity: Activity, window: Window): boolean {
  return activity.start >= Date.parse(window.start) && activity.start <= Date.parse(window.end);
}

function checkCleared(context: Context, pickup: Activity, mustClearBy: string, lorryActivities: ReadonlyMap<string, Activity[]>): void {
  const departure = (lorryActivities.get(pickup.lorryId!) ?? []).find((activity) => activity.type === 'drive' && activity.start >= pickup.end);
  if (departure === undefined || departure.start > Date.parse(mustClearBy)) {
    const when = departure === undefined ? 'never leaves' : `leaves at ${departure.startText}`;
    context.report('must_clear_by', `${describe(pickup)}: the collected empty ${when}, after must_clear_by ${mustClearBy}`, idsOf(pickup, ...pickup.nuggetIds));
  }
}
