import type { MovementLeg } from '../../contract/index.ts';
import { describe, idsOf, type Activity, type Context } from './context.ts';

/** Where, and for which leg, a Nugget was last loaded onto the lorry that unloads it. */
export interface Loading {
  placeId: string;
  leg: MovementLeg | undefined;
}

/** For each unloading activity (delivery, yard_work), the loading of each Nugget it unloads. */
export type Loadings = Map<Activity, Map<string, Loading>>;

interface NuggetState {
  placeId: string | null;
  lorryId: string | null;
  loading: Loading | null;
  handledUntil: number;
}

/**
 * Follows every Nugget through the activities that name it, in time order: a pickup needs it
 * at that place and not on a lorry, a delivery or yard_work needs it on that lorry, a drive
 * listing it needs it on board, and one Nugget is never in two handling activities at once.
 */
export function followNuggets(context: Context, activities: readonly Activity[]): Loadings {
  const events = new Map<string, Activity[]>();
  for (const activity of activities) {
    for (const nugget of activity.nuggetIds) {
      let list = events.get(nugget);
      if (list === undefined) events.set(nugget, (list = []));
      list.push(activity);
    }
  }
  const loadings: Loadings = new Map();
  for (const [nuggetId, list] of events) {
    const nugget = context.nuggets.get(nuggetId)!;
    const state: NuggetState = { placeId: nugget.location_id, lorryId: null, loading: null, handledUntil: -Infinity };
    list.sort(byTime);
    for (const activity of list) follow(context, nuggetId, state, activity, loadings);
  }
  return loadings;
}

function follow(context: Context, nuggetId: string, state: NuggetState, activity: Activity, loadings: Loadings): void {
  const wrong = (message: string) => context.report('nugget_location', `${describe(activity)}: Nugget ${nuggetId} ${message}`, idsOf(activity, nuggetId));
  if (activity.type === 'drive') {
    if (state.lorryId !== activity.lorryId) wrong(`is not on lorry ${activity.lorryId}`);
    return;
  }
  const handling = activity.type === 'pickup' || activity.type === 'delivery' || activity.type === 'yard_work';
  if (!handling) return;
  if (activity.start < state.handledUntil) wrong('is handled by two activities at once');
  state.handledUntil = Math.max(state.handledUntil, activity.end);
  if (activity.type === 'pickup') {
    if (state.lorryId !== null) wrong(`is already on lorry ${state.lorryId}`);
    else if (state.placeId !== activity.locationId) wrong(`is at ${state.placeId}, not ${activity.locationId}`);
    state.loading = { placeId: activity.locationId!, leg: context.legs.get(activity.movementId!) };
    state.lorryId = activity.lorryId;
    state.placeId = null;
    return;
  }
  if (state.lorryId !== activity.lorryId) wrong(state.lorryId === null ? `is at ${state.placeId}, not on lorry ${activity.lorryId}` : `is on lorry ${state.lorryId}, not ${activity.lorryId}`);
  let unloaded = loadings.get(activity);
  if (unloaded === undefined) loadings.set(activity, (unloaded = new Map()));
  unloaded.set(nuggetId, state.loading ?? { placeId: state.placeId ?? activity.locationId!, leg: undefined });
  state.placeId = activity.locationId;
  state.lorryId = null;
  state.loading = null;
}

/** Time order of activities across drivers: start, then end, then driver and position (deterministic). */
export function byTime(a: Activity, b: Activity): number {
  return a.start - b.start || a.end - b.end || (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0) || a.index - b.index;
}
