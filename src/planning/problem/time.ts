import type { Window } from '../../contract/index.ts';
import type { Minute, MinuteWindow } from './types.ts';

const MS_PER_MINUTE = 60_000;

/**
 * Converts instants to minutes from `planning_period.start`. Instants that open an allowed
 * interval round up, instants that close one round down, so integer plans stay inside.
 */
export interface MinuteClock {
  originEpochMs: number;
  horizon: Minute;
  /** Minutes from minute 0, rounded up (a start, an earliest time). */
  up(instant: string): Minute;
  /** Minutes from minute 0, rounded down (an end, a latest time). */
  down(instant: string): Minute;
  /** The window in minutes, clipped to [0, horizon]; `start > end` when nothing is left. */
  window(window: Window): MinuteWindow;
}

export function minuteClock(planningPeriod: Window): MinuteClock {
  const originEpochMs = Date.parse(planningPeriod.start);
  const offset = (instant: string) => (Date.parse(instant) - originEpochMs) / MS_PER_MINUTE;
  const up = (instant: string) => Math.ceil(offset(instant));
  const down = (instant: string) => Math.floor(offset(instant));
  const horizon = down(planningPeriod.end);
  return {
    originEpochMs,
    horizon,
    up,
    down,
    window: (window) => ({ start: Math.max(0, up(window.start)), end: Math.min(horizon, down(window.end)) }),
  };
}

export const isEmptyWindow = (window: MinuteWindow): boolean => window.start > window.end;

/**
 * Non-empty windows sorted by start, merged where one starts less than `apart` minutes after the
 * windows before it end: by default (1) overlapping or touching ones; 0, only overlapping ones; a
 * daily rest, those the counters carry across.
 */
export function mergeWindows(windows: readonly MinuteWindow[], apart = 1): MinuteWindow[] {
  const sorted = windows.filter((window) => !isEmptyWindow(window)).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: MinuteWindow[] = [];
  for (const window of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && window.start - last.end < apart) last.end = Math.max(last.end, window.end);
    else merged.push({ ...window });
  }
  return merged;
}
