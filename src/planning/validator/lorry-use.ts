import { LIMITS } from '../hours/index.ts';
import { MINUTE_MS, describe, idsOf, type Activity, type Context, type Timeline } from './context.ts';

/** A driver holding a lorry: from their first to their last activity naming it, in a run of one duty with no other lorry. */
interface Stint {
  lorryId: string;
  driverId: string;
  start: number;
  end: number;
  first: Activity;
}

/**
 * Walk-round checks and who holds a lorry: each duty starts with a `service` of >= 15 min (after
 * the break its counters may say is due), and
 * a driver's first activity on a lorry other than their previous one in the duty is that
 * check; two drivers never hold the same lorry at overlapping times.
 */
export function checkLorryUse(context: Context, timelines: readonly Timeline[]): void {
  const stints: Stint[] = [];
  for (const timeline of timelines) for (const duty of timeline.duties) stints.push(...walkRounds(context, duty));
  checkDoubleBooking(context, stints);
}

function walkRounds(context: Context, duty: readonly Activity[]): Stint[] {
  const stints: Stint[] = [];
  let stint: Stint | null = null;
  // a duty may open with the break its counters say is due (working or driving time before the
  // period reached the limit): the walk-round check is then the first activity after it
  let workStarted = false;
  duty.forEach((activity) => {
    const check = activity.type === 'service';
    if (check && activity.end - activity.start < LIMITS.shortestBreak * MINUTE_MS) {
      context.report('walk_round_check', `${describe(activity)}: a walk-round check takes ${LIMITS.shortestBreak} min`, idsOf(activity));
    }
    const firstWork = !workStarted && activity.type !== 'break';
    if (firstWork) workStarted = true;
    if (firstWork && !check) {
      context.report('walk_round_check', `${describe(activity)} starts a duty; a duty starts with a walk-round check (service)`, idsOf(activity));
    }
    if (activity.lorryId === null) return;
    if (stint === null || stint.lorryId !== activity.lorryId) {
      if (!check && !firstWork && workStarted) {
        context.report('walk_round_check', `${describe(activity)} takes over lorry ${activity.lorryId} without a walk-round check (service)`, idsOf(activity));
      }
      if (stint !== null) stints.push(stint);
      stint = { lorryId: activity.lorryId, driverId: activity.driverId, start: activity.start, end: activity.end, first: activity };
    }
    stint.end = activity.end;
  });
  if (stint !== null) stints.push(stint);
  return stints;
}

function checkDoubleBooking(context: Context, stints: Stint[]): void {
  const byLorry = new Map<string, Stint[]>();
  for (const stint of stints) {
    let list = byLorry.get(stint.lorryId);
    if (list === undefined) byLorry.set(stint.lorryId, (list = []));
    list.push(stint);
  }
  for (const [lorryId, list] of byLorry) {
    list.sort((a, b) => a.start - b.start || a.end - b.end);
    let holder: Stint | null = null;
    for (const stint of list) {
      if (holder !== null && stint.start < holder.end && stint.driverId !== holder.driverId) {
        context.report('lorry_double_booked', `${describe(stint.first)}: lorry ${lorryId} is held by driver ${holder.driverId} until ${new Date(holder.end).toISOString()}`, [stint.driverId, holder.driverId, lorryId]);
      }
      if (holder === null || stint.end > holder.end) holder = stint;
    }
  }
}
