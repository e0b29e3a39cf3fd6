import { DateTime } from 'luxon';

/** Formats instants in the snapshot's timezone (the traffic office's clock), whatever the browser's zone. */
export interface Clock {
  readonly timezone: string;
  /** `08:15` */
  time(ms: number): string;
  /** `Mon 2 Mar 08:15` */
  dayTime(ms: number): string;
  /** `Mon 2 Mar` */
  day(ms: number): string;
  /** `08:15–09:02`, with the day on both ends when they differ */
  span(start: number, end: number): string;
}

export function createClock(timezone: string): Clock {
  const local = (ms: number) => DateTime.fromMillis(ms, { zone: timezone });
  const clock: Clock = {
    timezone,
    time: (ms) => local(ms).toFormat('HH:mm'),
    dayTime: (ms) => local(ms).toFormat('ccc d LLL HH:mm'),
    day: (ms) => local(ms).toFormat('ccc d LLL'),
    span(start, end) {
      const sameDay = local(start).hasSame(local(end), 'day');
      return sameDay ? `${clock.time(start)}–${clock.time(end)}` : `${clock.dayTime(start)}–${clock.dayTime(end)}`;
    },
  };
  return clock;
}

/** `1 h 05 min`, `47 min` */
export function duration(minutes: number): string {
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  return `${Math.floor(rounded / 60)} h ${String(rounded % 60).padStart(2, '0')} min`;
}

/** `7:45` (hours and minutes, for counters against their limits) */
export function hoursMinutes(minutes: number): string {
  const rounded = Math.round(minutes);
  return `${Math.floor(rounded / 60)}:${String(rounded % 60).padStart(2, '0')}`;
}

/** The local operating days (midnight to midnight in the zone) that the period touches. */
export function operatingDays(timezone: string, start: number, end: number): { start: number; end: number }[] {
  const days: { start: number; end: number }[] = [];
  for (let day = DateTime.fromMillis(start, { zone: timezone }).startOf('day'); day.toMillis() < end; day = day.plus({ days: 1 })) {
    days.push({ start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() });
  }
  return days;
}
