import type { MinuteWindow } from '../problem/index.ts';

/** The intersection of two sorted, disjoint window lists. */
export function intersectionOf(a: readonly MinuteWindow[], b: readonly MinuteWindow[]): MinuteWindow[] {
  const result: MinuteWindow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (start <= end) result.push({ start, end });
    if (a[i]!.end < b[j]!.end) i++;
    else j++;
  }
  return result;
}

/** Whether an activity of `duration` minutes can start in [earliest, latest] and lie inside one of the windows. */
export function fitsSomeWindow(windows: readonly MinuteWindow[], earliest: number, latest: number, duration: number): boolean {
  return windows.some((window) => {
    const start = Math.max(earliest, window.start);
    return start <= latest && start + duration <= window.end;
  });
}
