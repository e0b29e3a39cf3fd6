import type { HandlingMethod, MovementLeg } from '../../contract/index.ts';
import { MINUTE_MS, describe, idsOf, type Activity, type Context, type Timeline } from './context.ts';
import type { Loadings } from './nugget-flow.ts';

/** Handling minutes per Nugget when no leg names them (the contract default). */
const DEFAULT_HANDLING_MINUTES = 5;

/**
 * Handling: each pickup, delivery and yard_work lasts at least its handling minutes x Nuggets,
 * and is done with a lorry equipped for, and a driver qualified in, the leg's handling method.
 * A driver who drives holds `hgv_c` or `hgv_ce`.
 */
export function checkHandling(context: Context, timelines: readonly Timeline[], loadings: Loadings): void {
  for (const timeline of timelines) {
    const qualifications = new Set<string>(timeline.driver.qualifications);
    const drives = timeline.activities.find((activity) => activity.type === 'drive');
    if (drives !== undefined && !qualifications.has('hgv_c') && !qualifications.has('hgv_ce')) {
      context.report('driver_licence', `driver ${timeline.driver.id} drives (${describe(drives)}) but holds neither hgv_c nor hgv_ce`, [timeline.driver.id]);
    }
    for (const activity of timeline.activities) {
      const handled = handledBy(context, activity, loadings);
      if (handled === null) continue;
      const needed = handled.reduce((sum, { minutes }) => sum + minutes, 0);
      if (activity.end - activity.start < needed * MINUTE_MS) {
        context.report('handling_duration', `${describe(activity)} lasts ${(activity.end - activity.start) / MINUTE_MS} min; handling ${handled.length} Nugget(s) takes ${needed}`, idsOf(activity));
      }
      const lorry = context.lorries.get(activity.lorryId!)!;
      for (const method of new Set(handled.map(({ method }) => method).filter((method) => method !== null))) {
        if (!(lorry.equipment as string[]).includes(method)) {
          context.report('lorry_equipment', `${describe(activity)}: lorry ${lorry.id} has no ${method} for this handling`, idsOf(activity));
        }
        if (!qualifications.has(method)) {
          context.report('driver_qualification', `${describe(activity)}: driver ${timeline.driver.id} is not qualified for ${method}`, idsOf(activity));
        }
      }
    }
  }
}

/** Minutes the activity's handling takes (handling minutes x Nuggets), 0 for a non-handling activity. */
export function handlingMinutes(context: Context, activity: Activity, loadings: Loadings): number {
  return (handledBy(context, activity, loadings) ?? []).reduce((sum, { minutes }) => sum + minutes, 0);
}

/** Per Nugget handled by the activity: its handling minutes and method (null when no leg says); null for non-handling activities. */
function handledBy(context: Context, activity: Activity, loadings: Loadings): { minutes: number; method: HandlingMethod | null }[] | null {
  if (activity.type === 'pickup' || activity.type === 'delivery') {
    const leg = context.legs.get(activity.movementId!)!;
    const each = { minutes: minutesPerNugget(leg, activity.type), method: leg.handling_method };
    return activity.nuggetIds.map(() => each);
  }
  if (activity.type === 'yard_work') {
    const loaded = loadings.get(activity);
    return activity.nuggetIds.map((nugget) => {
      const leg = loaded?.get(nugget)?.leg;
      return leg === undefined ? { minutes: DEFAULT_HANDLING_MINUTES, method: null } : { minutes: minutesPerNugget(leg, 'delivery'), method: leg.handling_method };
    });
  }
  return null;
}

function minutesPerNugget(leg: MovementLeg, type: 'pickup' | 'delivery'): number {
  if (leg.type === 'move_nugget') return type === 'pickup' ? leg.origin_handling_minutes_per_nugget : leg.destination_handling_minutes_per_nugget;
  return leg.handling_minutes_per_nugget;
}
