import { MINUTE_MS, describe, idsOf, type Activity, type Context, type Timeline } from './context.ts';

/** The drive pieces of one journey (split only by en-route breaks) last at least the journey minutes. */
export function checkDrives(context: Context, timelines: readonly Timeline[]): void {
  for (const timeline of timelines) {
    let journey: { first: Activity; minutes: number } | null = null;
    const close = () => {
      if (journey === null) return;
      const { first, minutes } = journey;
      const needed = context.journey.minutes(first.fromId!, first.toId!);
      if (!Number.isFinite(needed)) {
        context.report('drive_duration', `${describe(first)}: no journey time is known from ${first.fromId} to ${first.toId}`, idsOf(first, first.fromId, first.toId));
      } else if (minutes < needed) {
        context.report('drive_duration', `${describe(first)}: driving from ${first.fromId} to ${first.toId} takes ${needed} min; the plan drives ${minutes}`, idsOf(first, first.fromId, first.toId));
      }
      journey = null;
    };
    for (const activity of timeline.activities) {
      if (activity.type !== 'drive') continue;
      const minutes = (activity.end - activity.start) / MINUTE_MS;
      if (activity.continuesJourney && journey !== null) {
        journey.minutes += minutes;
        continue;
      }
      close();
      journey = { first: activity, minutes };
    }
    close();
  }
}
