import { DateTime } from 'luxon';
import type { Calendar, CalendarSpan, Minute } from './types.ts';

const MS_PER_MINUTE = 60_000;
/** Rule W3 of the domain doc: work between local 00:00 and 04:00 caps the duty's working time. */
const NIGHT_END_HOUR = 4;

/** Minutes from minute 0 of a boundary instant, rounded down (boundaries fall on whole minutes unless the period starts mid-minute). */
const minuteOf = (originEpochMs: number, instant: DateTime): Minute => Math.floor((instant.toMillis() - originEpochMs) / MS_PER_MINUTE);

/** Spans from `first` stepping by `next` until they pass the horizon. */
function spans(originEpochMs: number, horizon: Minute, first: DateTime, next: (start: DateTime) => DateTime, end: (start: DateTime) => DateTime): CalendarSpan[] {
  const result: CalendarSpan[] = [];
  for (let start = first; minuteOf(originEpochMs, start) <= horizon; start = next(start)) {
    const span = { start: minuteOf(originEpochMs, start), end: minuteOf(originEpochMs, end(start)), localDate: start.toISODate()! };
    if (span.end > 0) result.push(span);
  }
  return result;
}

/** Operating days, fixed weeks (Monday 00:00 local) and the 00:00-04:00 nights overlapping [0, horizon]. */
export function buildCalendar(originEpochMs: number, horizon: Minute, timezone: string): Calendar {
  const origin = DateTime.fromMillis(originEpochMs, { zone: timezone });
  const nextDay = (start: DateTime) => start.plus({ days: 1 }).startOf('day');
  return {
    days: spans(originEpochMs, horizon, origin.startOf('day'), nextDay, nextDay),
    weeks: spans(originEpochMs, horizon, origin.startOf('week'), (start) => start.plus({ weeks: 1 }).startOf('week'), (start) => start.plus({ weeks: 1 }).startOf('week')),
    nights: spans(originEpochMs, horizon, origin.startOf('day'), nextDay, (start) => start.set({ hour: NIGHT_END_HOUR })),
  };
}
