import type { DriverManifest } from '../../contract/index.ts';
import { LIMITS } from '../hours/index.ts';

const MINUTE_MS = 60_000;

/**
 * Driving minutes of each drivers'-hours duty in a manifest: runs of activities with no gap of a
 * daily rest (660 min) or more, as docs/validator.md defines duties.
 */
export function drivingPerDuty(manifest: DriverManifest): number[] {
  const totals: number[] = [];
  let previousEnd = -Infinity;
  for (const activity of manifest.activities) {
    const start = Date.parse(activity.start);
    const end = Date.parse(activity.end);
    if (start - previousEnd >= LIMITS.dailyRest * MINUTE_MS || totals.length === 0) totals.push(0);
    if (activity.type === 'drive') totals[totals.length - 1]! += (end - start) / MINUTE_MS;
    previousEnd = Math.max(previousEnd, end);
  }
  return totals;
}
