import { createHoursCalendar, type DriverHoursStart, type HoursActivity, type HoursActivityKind, type HoursCalendar } from '../../../src/planning/hours/index.ts';

/** Monday 2 March 2026, 00:00 in London (GMT): minute 0 of these tests. */
export const ORIGIN = '2026-03-02T00:00:00Z';
export const london = createHoursCalendar('Europe/London', Date.parse(ORIGIN));

/** Planner minute of an instant. */
export const minute = (iso: string, calendar: HoursCalendar = london) => calendar.minuteOf(Date.parse(iso));

type Counters = DriverHoursStart['counters'];

/** A driver state at minute `at` (default 0): rested with zero counters unless told otherwise. */
export function startState(options: { at?: number; counters?: Partial<Counters>; rested?: boolean; refreshes?: DriverHoursStart['refreshes'] } = {}): DriverHoursStart {
  return {
    driverId: 'd-1',
    at: options.at ?? 0,
    counters: { drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, drivingThisWeek: 0, drivingPreviousWeek: 0, ...options.counters },
    rested: options.rested ?? true,
    refreshes: options.refreshes ?? [],
    allowancesMissing: false,
    dailyRestAssumed: false,
    availableBeforeObservation: false,
  };
}

/**
 * Activities laid end to end from `from`: `['drive', 270], ['break', 45], ['gap', 660], ...`
 * (a gap is time with no activity).
 */
export function sequence(from: number, ...steps: [HoursActivityKind | 'gap', number][]): HoursActivity[] {
  const activities: HoursActivity[] = [];
  let time = from;
  steps.forEach(([kind, length], index) => {
    if (kind !== 'gap') activities.push({ kind, start: time, end: time + length, ids: [`a${index}`] });
    time += length;
  });
  return activities;
}

/** Days of driving: each `drive 270, break 45, drive 270` starting at `firstStart + day * 1440`. */
export function drivingDays(firstStart: number, days: number): HoursActivity[] {
  return Array.from({ length: days }, (_, day) => sequence(firstStart + day * 1440, ['drive', 270], ['break', 45], ['drive', 270])).flat();
}
