import type { HoursCalendar } from './calendar.ts';
import { LIMITS, type HoursRule } from './rules.ts';
import type { DriverHoursStart } from './start-state.ts';
import { HoursTracker } from './tracker.ts';

/** A piece of a route to schedule: driving (may be cut by breaks) or other work (never cut). */
export interface ScheduleBlock {
  kind: 'drive' | 'work';
  minutes: number;
  /** Earliest start (planner minutes); the driver waits, as a break when >= 15 min. */
  earliest?: number;
  /** Latest start (planner minutes). */
  latest?: number;
}

export interface SchedulePiece {
  kind: 'drive' | 'work' | 'wait' | 'break';
  start: number;
  end: number;
  /** Index of the block this piece belongs to; a wait or break has the index of the block it comes before or cuts. */
  block: number;
}

export type ScheduleResult =
  | {
      ok: true;
      /** Time-ordered and contiguous from the first piece to `end`. */
      pieces: SchedulePiece[];
      /** Start of the first block. */
      start: number;
      end: number;
      /** The drivers'-hours state after the last piece, to continue from (`options.tracker`). */
      tracker: HoursTracker;
    }
  | {
      ok: false;
      /** The block that cannot be placed. */
      block: number;
      /** The rule that stops it; `window` when the block cannot start by its `latest`. */
      rule: HoursRule | 'window';
      at: number;
      message: string;
      /** True only when no placement of breaks could help (a window missed even with no breaks at all). */
      proven: boolean;
    };

export interface ScheduleOptions {
  /** Earliest minute the first block may start. */
  readyAt: number;
  /** State to continue from (not modified); by default the driver's start state. */
  tracker?: HoursTracker;
  /** The duty ends after the last block (default true): W2 is then judged on the whole duty. */
  endsDuty?: boolean;
}

type Failure = Extract<ScheduleResult, { ok: false }>;

/**
 * How a pass treats W2 (a duty total, so its break may come at any point followed by work):
 * `lazy` leaves it to the breaks D1 and W1 ask for anyway; `topUp` also puts what is still
 * missing before the last block; `eager` takes it as soon as working time crosses a tier.
 */
type DutyBreakPolicy = 'lazy' | 'topUp' | 'eager';

/**
 * The earliest legal schedule of `blocks` in their order: each block starts as soon as the
 * driver is free and its `earliest` allows; waits of >= 15 min are taken as breaks (they cost
 * nothing and earn credit); a break is inserted only when a rule needs it, as late as the rule
 * allows (45 min for D1, or 30 when a 15 was taken since the last qualifying break; 15 for W1),
 * and merged with the idle time before a block; drives are cut by en-route breaks exactly at
 * the limit. W2 is settled by those breaks when they suffice, else by a break before the last
 * block, else as soon as working time crosses a tier. Every schedule it returns passes
 * `checkHours`.
 *
 * Greedy: at most three linear passes. It does not take an unneeded early 15-min break to let
 * a later wait complete a 15+30 split, nor insert daily rests (a gap before a block's `earliest`
 * of >= 660 min is one), so a failure that is not `proven` means "not with this placement".
 */
export function scheduleBlocks(
  start: DriverHoursStart,
  calendar: HoursCalendar,
  blocks: readonly ScheduleBlock[],
  options: ScheduleOptions,
): ScheduleResult {
  const lazy = schedulePass(start, calendar, blocks, options, 'lazy');
  if (lazy.ok || lazy.rule !== 'W2') return lazy;
  const topUp = schedulePass(start, calendar, blocks, options, 'topUp');
  if (topUp.ok) return topUp;
  return schedulePass(start, calendar, blocks, options, 'eager');
}

function schedulePass(
  start: DriverHoursStart,
  calendar: HoursCalendar,
  blocks: readonly ScheduleBlock[],
  options: ScheduleOptions,
  policy: DutyBreakPolicy,
): ScheduleResult {
  let tracker = options.tracker?.clone() ?? new HoursTracker(start, calendar);
  const known = tracker.violations.length;
  const pieces: SchedulePiece[] = [];
  const emit: Emit = (kind, from, to, block) => {
    if (to <= from && (kind === 'wait' || kind === 'break')) return;
    const last = pieces[pieces.length - 1];
    if (last !== undefined && last.kind === kind && last.block === block && last.end === from) last.end = to;
    else pieces.push({ kind, start: from, end: to, block });
  };
  const endsDuty = options.endsDuty !== false;
  let time = options.readyAt;
  let firstStart: number | null = null;

  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    const topUp = policy === 'topUp' && endsDuty && index === blocks.length - 1;
    const rules: Rules = { dutyBreaks: policy === 'eager', topUp };
    const placed = placeBlock(tracker, block, index, Math.max(time, block.earliest ?? -Infinity), rules, emit);
    if ('rule' in placed) return placed;
    const late = placed.tracker.violations[known];
    if (late !== undefined) return fail(index, late.rule, late.at, late.message);
    if (block.latest !== undefined && placed.start > block.latest) {
      return {
        ok: false,
        block: index,
        rule: 'window',
        at: placed.start,
        message: `block ${index} cannot start before minute ${placed.start}, after its latest start ${block.latest}`,
        proven: missesWindowWithoutBreaks(blocks, index, options.readyAt),
      };
    }
    firstStart ??= placed.start;
    const ran = runBlock(placed.tracker, block, index, placed.start, rules, emit);
    if ('rule' in ran) return ran;
    tracker = placed.tracker;
    time = ran.end;
  }
  if (endsDuty) {
    const closing = tracker.clone();
    const late = closing.finish()[known];
    if (late !== undefined) return fail(blocks.length - 1, late.rule, late.at, late.message);
  }
  return { ok: true, pieces, start: firstStart ?? options.readyAt, end: time, tracker };
}

type Emit = (kind: SchedulePiece['kind'], from: number, to: number, block: number) => void;

/** Which breaks a pass asks for: W2 as it goes (`dutyBreaks`), or W2's remainder before this block (`topUp`). */
interface Rules {
  dutyBreaks: boolean;
  topUp: boolean;
}

function needBefore(state: HoursTracker, block: ScheduleBlock, rules: Rules): number {
  const need = state.breakNeeded(block.kind, block.minutes, rules.dutyBreaks).minutes;
  return rules.topUp ? Math.max(need, state.dutyBreakMissing(block.minutes)) : need;
}

function fits(state: HoursTracker, block: ScheduleBlock, rules: Rules): boolean {
  return needBefore(state, block, rules) === 0;
}

/** Decides when the block starts (after any idle time and the break it needs); records the idle on a copy of the tracker. */
function placeBlock(
  tracker: HoursTracker,
  block: ScheduleBlock,
  index: number,
  readyAt: number,
  rules: Rules,
  emit: Emit,
): { tracker: HoursTracker; start: number } | Failure {
  const previous = tracker.lastEnd;

  if (previous !== null && readyAt - previous < LIMITS.dailyRest) {
    // Inside a duty: the idle time and any needed break are one break from `previous`.
    let start = Math.max(readyAt, previous + needBefore(tracker, block, rules));
    let trial = idled(tracker, start);
    if (!fits(trial, block, rules) && start - previous < LIMITS.shortestBreak) {
      start = previous + LIMITS.shortestBreak;
      trial = idled(tracker, start);
    }
    if (!fits(trial, block, rules)) return cannot(trial, block, index, start, rules);
    emit(start - previous >= LIMITS.shortestBreak ? 'break' : 'wait', previous, start, index);
    return { tracker: trial, start };
  }

  const trial = idled(tracker, readyAt);
  const need = needBefore(trial, block, rules);
  let start = readyAt;
  if (need > 0) {
    trial.record('break', start, start + need);
    emit('break', start, start + need, index);
    start += need;
    trial.idleUntil(start);
  }
  if (!fits(trial, block, rules)) return cannot(trial, block, index, start, rules);
  return { tracker: trial, start };
}

/** Records the block from `start` on the tracker, cutting a drive with breaks where needed. */
function runBlock(tracker: HoursTracker, block: ScheduleBlock, index: number, start: number, rules: Rules, emit: Emit): { end: number } | Failure {
  const before = tracker.violations.length;
  const broken = () => {
    const violation = tracker.violations[before];
    return violation === undefined ? null : fail(index, violation.rule, violation.at, violation.message);
  };
  if (block.kind === 'work') {
    tracker.record('work', start, start + block.minutes);
    emit('work', start, start + block.minutes, index);
    return broken() ?? { end: start + block.minutes };
  }
  let time = start;
  let remaining = block.minutes;
  if (remaining === 0) {
    tracker.record('drive', time, time);
    emit('drive', time, time, index);
  }
  while (remaining > 0) {
    tracker.idleUntil(time); // applies a refresh that takes effect now
    const headroom = tracker.driveHeadroom(rules.dutyBreaks);
    if (headroom <= 0) {
      const need = tracker.breakNeeded('drive', remaining, rules.dutyBreaks);
      if (need.minutes === 0) return fail(index, 'D1', time, 'no break can make more driving legal');
      tracker.record('break', time, time + need.minutes);
      emit('break', time, time + need.minutes, index);
      time += need.minutes;
      continue;
    }
    const step = Math.min(remaining, headroom, tracker.nextRefreshAfter(time) - time);
    tracker.record('drive', time, time + step);
    emit('drive', time, time + step, index);
    time += step;
    remaining -= step;
    const violation = broken();
    if (violation !== null) return violation;
  }
  return broken() ?? { end: time };
}

function idled(tracker: HoursTracker, until: number): HoursTracker {
  const copy = tracker.clone();
  copy.idleUntil(until);
  return copy;
}

function cannot(state: HoursTracker, block: ScheduleBlock, index: number, at: number, rules: Rules): Failure {
  const tooLong = block.kind === 'work' && block.minutes > LIMITS.workingBeforeBreak;
  const rule = tooLong ? 'W1' : (state.breakNeeded(block.kind, block.minutes, rules.dutyBreaks || rules.topUp).rule ?? 'W1');
  return fail(index, rule, at, `a ${block.kind} block of ${block.minutes} min cannot be made legal by a break (${rule})`);
}

function fail(block: number, rule: HoursRule, at: number, message: string): Failure {
  return { ok: false, block, rule, at, message, proven: false };
}

/** Whether block `index` misses its latest start even with no break at all (a proof for every schedule). */
function missesWindowWithoutBreaks(blocks: readonly ScheduleBlock[], index: number, readyAt: number): boolean {
  let time = readyAt;
  for (let position = 0; position <= index; position++) {
    const block = blocks[position]!;
    const start = Math.max(time, block.earliest ?? -Infinity);
    if (position === index) return block.latest !== undefined && start > block.latest;
    time = start + block.minutes;
  }
  return false;
}
