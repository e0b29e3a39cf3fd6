import { DateTime } from 'luxon';
import type { PlanningProblem } from '../problem/index.ts';

const MINUTE_MS = 60_000;
/** Zone offsets change on quarter hours at the most, so one luxon lookup per quarter hour is enough. */
const QUARTER_MS = 15 * MINUTE_MS;

const pad = (value: number) => String(value).padStart(2, '0');
const formatOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/**
 * Formats planner minutes as RFC 3339 date-times carrying the offset of the snapshot timezone at
 * that instant (`2026-01-12T09:00:00+00:00`, `2026-07-13T10:00:00+01:00`). Luxon is asked only
 * for the offset; the text is built by hand because a large plan formats ~10^5 instants.
 */
export function minuteFormatter(problem: Pick<PlanningProblem, 'originEpochMs' | 'timezone'>): (minute: number) => string {
  const offsets = new Map<number, number>();
  const offsetAt = (epochMs: number) => {
    const quarter = Math.floor(epochMs / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = DateTime.fromMillis(epochMs, { zone: problem.timezone }).offset;
      offsets.set(quarter, offset);
    }
    return offset;
  };
  return (minute) => {
    const epochMs = problem.originEpochMs + minute * MINUTE_MS;
    const offset = offsetAt(epochMs);
    const local = new Date(epochMs + offset * MINUTE_MS).toISOString();
    const millis = local.slice(19, 23) === '.000' ? '' : local.slice(19, 23);
    return `${local.slice(0, 19)}${millis}${formatOffset(offset)}`;
  };
}
