import { DateTime } from 'luxon';

/**
 * The local-time questions of the drivers'-hours rules, answered in planner minutes (minutes
 * from `origin`, computed on UTC instants): which fixed week (Monday 00:00 local) a minute is
 * in, and whether an interval touches the 00:00-04:00 local night window. Boundaries are
 * computed once with luxon and cached, so queries inside search loops are binary searches.
 */
export interface HoursCalendar {
  readonly timezone: string;
  /** Epoch milliseconds of minute 0 (normally `planning_period.start`). */
  readonly origin: number;
  /** Planner minutes of an epoch-millisecond instant (fractional when it has seconds). */
  minuteOf(epochMs: number): number;
  /** Epoch milliseconds of a planner minute. */
  epochMsOf(minute: number): number;
  /** Index of the fixed week containing `minute` (0 = the week of `origin`; consecutive weeks differ by 1). */
  weekIndex(minute: number): number;
  /** The first fixed-week start strictly after `minute`. */
  nextWeekStart(minute: number): number;
  /** Whether `[start, end)` overlaps local 00:00-04:00 of some day (false when empty). */
  touchesNight(start: number, end: number): boolean;
}

const MINUTE_MS = 60_000;

/** Ascending local boundaries (as planner minutes), extended lazily in both directions. */
class BoundarySeries {
  /** `starts[i]` is boundary number `first + i`. */
  private starts: number[] = [];
  private first = 0;
  private earliest: DateTime;
  private latest: DateTime;

  constructor(
    anchor: DateTime,
    private readonly step: (at: DateTime, direction: 1 | -1) => DateTime,
    private readonly toMinute: (at: DateTime) => number,
  ) {
    this.earliest = anchor;
    this.latest = anchor;
    this.starts.push(toMinute(anchor));
  }

  /** Index of the last boundary <= minute. */
  indexAtOrBefore(minute: number): number {
    this.cover(minute);
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= minute) low = middle;
      else high = middle - 1;
    }
    return this.first + low;
  }

  at(index: number): number {
    while (index - this.first >= this.starts.length) this.extendForward();
    while (index < this.first) this.extendBackward();
    return this.starts[index - this.first]!;
  }

  /** Makes sure some boundary is <= minute and some boundary is > minute. */
  private cover(minute: number): void {
    while (this.starts[0]! > minute) this.extendBackward();
    while (this.starts[this.starts.length - 1]! <= minute) this.extendForward();
  }

  private extendForward(): void {
    this.latest = this.step(this.latest, 1);
    this.starts.push(this.toMinute(this.latest));
  }

  private extendBackward(): void {
    this.earliest = this.step(this.earliest, -1);
    this.starts.unshift(this.toMinute(this.earliest));
    this.first -= 1;
  }
}

export function createHoursCalendar(timezone: string, originEpochMs: number): HoursCalendar {
  const toMinute = (at: DateTime) => (at.toMillis() - originEpochMs) / MINUTE_MS;
  const local = DateTime.fromMillis(originEpochMs, { zone: timezone });
  if (!local.isValid) throw new Error(`hours calendar: '${timezone}' is not an IANA timezone`);

  // Calendar arithmetic in the zone (plus weeks/days keeps local midnight across DST changes).
  const weeks = new BoundarySeries(local.startOf('week'), (at, direction) => at.plus({ weeks: direction }).startOf('week'), toMinute);
  const days = new BoundarySeries(local.startOf('day'), (at, direction) => at.plus({ days: direction }).startOf('day'), toMinute);
  const nightEnds = new Map<number, number>();
  const nightEnd = (dayIndex: number) => {
    let end = nightEnds.get(dayIndex);
    if (end === undefined) {
      const dayStart = DateTime.fromMillis(originEpochMs + days.at(dayIndex) * MINUTE_MS, { zone: timezone });
      end = toMinute(dayStart.set({ hour: 4, minute: 0, second: 0, millisecond: 0 }));
      nightEnds.set(dayIndex, end);
    }
    return end;
  };
  const weekOfOrigin = weeks.indexAtOrBefore(0);

  return {
    timezone,
    origin: originEpochMs,
    minuteOf: (epochMs) => (epochMs - originEpochMs) / MINUTE_MS,
    epochMsOf: (minute) => originEpochMs + minute * MINUTE_MS,
    weekIndex: (minute) => weeks.indexAtOrBefore(minute) - weekOfOrigin,
    nextWeekStart: (minute) => weeks.at(weeks.indexAtOrBefore(minute) + 1),
    touchesNight(start, end) {
      if (!(end > start)) return false;
      // The night of the day containing `start`, then of each later day that starts before `end`.
      for (let day = days.indexAtOrBefore(start); days.at(day) < end; day++) {
        if (nightEnd(day) > start) return true;
      }
      return false;
    },
  };
}
