/**
 * Fixed weeks for models/horizon/hours.mzn (D3, D4): each driver's time from minute 0 is cut
 * into segments at fixed-week starts and at refreshes that set a weekly counter. A segment says
 * how this week's and the previous week's driving stand at its start, relative to the segment
 * before, exactly as the hours engine rolls them (src/planning/hours/tracker.ts: a new week
 * makes this week's total the previous week's and starts at 0; a refresh sets what it gives).
 */
import type { HoursCalendar } from '../hours/index.ts';
import type { ProblemDriver } from '../problem/index.ts';

export const KEEP = 1;
export const ZERO = 2;
export const SET = 3;
export const FROM_THIS = 4;

/** How a counter stands at a segment start. */
interface Transition {
  thisKind: number;
  thisValue: number;
  previousKind: number;
  previousValue: number;
}

export interface Segment extends Transition {
  driver: number;
  /** Minute the segment starts (0 for a driver's first). */
  start: number;
}

const WEEK_START: Transition = { thisKind: ZERO, thisValue: 0, previousKind: FROM_THIS, previousValue: 0 };

/** `second` after `first`, at one instant, as one transition. */
function compose(first: Transition, second: Transition): Transition {
  const result = { ...second };
  if (second.thisKind === KEEP) {
    result.thisKind = first.thisKind;
    result.thisValue = first.thisValue;
  }
  if (second.previousKind === KEEP) {
    result.previousKind = first.previousKind;
    result.previousValue = first.previousValue;
  } else if (second.previousKind === FROM_THIS && first.thisKind !== KEEP) {
    result.previousKind = first.thisKind;
    result.previousValue = first.thisValue;
  }
  return result;
}

/** Applies a transition to known counters (before minute 0, where nothing is planned). */
function apply(counters: { thisWeek: number; previousWeek: number }, step: Transition): { thisWeek: number; previousWeek: number } {
  const previous = { [KEEP]: counters.previousWeek, [ZERO]: 0, [SET]: step.previousValue, [FROM_THIS]: counters.thisWeek }[step.previousKind]!;
  const thisWeek = { [KEEP]: counters.thisWeek, [ZERO]: 0, [SET]: step.thisValue }[step.thisKind]!;
  return { thisWeek, previousWeek: previous };
}

/** The driver's segments over [0, horizon], in time order. */
export function driverSegments(driver: ProblemDriver, calendar: HoursCalendar, horizon: number): Segment[] {
  const start = driver.hours;
  const events = new Map<number, Transition>();
  const add = (at: number, step: Transition) => events.set(at, events.has(at) ? compose(events.get(at)!, step) : step);
  // week starts after the counters' instant, up to the horizon (a week start a refresh shares comes first)
  for (let at = calendar.nextWeekStart(start.at); at < horizon; at = calendar.nextWeekStart(at)) add(at, WEEK_START);
  for (const refresh of start.refreshes) {
    if (refresh.drivingThisWeek === null && refresh.drivingPreviousWeek === null) continue;
    add(refresh.at, {
      thisKind: refresh.drivingThisWeek === null ? KEEP : SET,
      thisValue: refresh.drivingThisWeek ?? 0,
      previousKind: refresh.drivingPreviousWeek === null ? KEEP : SET,
      previousValue: refresh.drivingPreviousWeek ?? 0,
    });
  }
  let counters = { thisWeek: start.counters.drivingThisWeek, previousWeek: start.counters.drivingPreviousWeek };
  const times = [...events.keys()].sort((a, b) => a - b);
  for (const at of times) if (at <= 0) counters = apply(counters, events.get(at)!);
  const segments: Segment[] = [
    { driver: driver.index, start: 0, thisKind: SET, thisValue: counters.thisWeek, previousKind: SET, previousValue: counters.previousWeek },
  ];
  for (const at of times) if (at > 0 && at < horizon) segments.push({ driver: driver.index, start: at, ...events.get(at)! });
  return segments;
}
