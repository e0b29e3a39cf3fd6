/**
 * The breaks argument's rewriting (src/planning/exact/exactness-breaks.ts), built step by step so
 * that the test can hand the result to the hours engine. The stops keep their times; each journey
 * (from the end of a stop's activity to the start of the next one's) is laid out again:
 *  (a) it drives the journey time only: a longer drive's last extra minutes become waits, in place;
 *  (b) every idle minute is a wait (working time: a wait, a gap or a break of < 15 min) or part of
 *      a run of break parts back to back (a break, a gap of >= 15 min); each wait moves to the end
 *      of its stretch of driving and joins the run that follows there (the run is longer, its
 *      effect on D1 the plan's: below); the waits after a journey's last run go to its arrival: a
 *      new run there (its parts 15-29 min: pending, no reset) when they are >= 15 min and no run is
 *      on arrival, else into the run on arrival, else a wait on arrival;
 *  (c) each run, first to last, moves later (more of the drive before it) until it meets the next
 *      run (they merge), the arrival, or the point where W1 (working since a break 360) or, when it
 *      resets D1, D1 (270) would pass.
 * A run does to D1 what the plan's parts did (reset or not, and a split pending after or not),
 * composed when runs merge; its minutes are never fewer and the split pending before it never
 * less, so some parts of it do the same (`breakParts`).
 * W2 credits a break only once working time follows it, so the plan's last working minute (its end
 * T) keeps working time: the journey holding it is laid out up to that minute, the plan's breaks
 * after it (none of them credited) join its last run before it (a drive minute that is the
 * journey's only one keeps them after it: the lorry leaves no later); a journey after T is the
 * plan's breaks as they are; the idle time ending the duty is laid out up to T (one run, then the
 * waits) and ends there (the breaks after T are read only for R1's span).
 */
import { HoursTracker, LIMITS, type DriverHoursStart, type HoursCalendar } from '../../../../src/planning/hours/index.ts';
import type { Duty, Journey, Piece } from './duty.ts';

const SHORTEST = LIMITS.shortestBreak;

/** What a run of break parts does to D1. */
export interface Effect {
  reset: boolean;
  pending: boolean;
}

type Item = { kind: 'drive' | 'work' | 'rest'; minutes: number };

/** A journey's pieces as the hours engine reads them: gaps back to back are one; a gap or break of < 15 min is a wait. */
function itemsOf(pieces: readonly Piece[]): Item[] {
  const merged: Piece[] = [];
  for (const piece of pieces) {
    if (piece.minutes <= 0) continue;
    const last = merged[merged.length - 1];
    if (last !== undefined && last.kind === 'gap' && piece.kind === 'gap') last.minutes += piece.minutes;
    else merged.push({ ...piece });
  }
  return merged.map((piece) => ({
    kind: piece.kind === 'drive' ? 'drive' : (piece.kind === 'break' || piece.kind === 'gap') && piece.minutes >= SHORTEST ? 'rest' : 'work',
    minutes: piece.minutes,
  }));
}

/** The rewritten duty: same stops at the same times, journeys in the canonical form above. */
export function canonical(duty: Duty, start: DriverHoursStart, calendar: HoursCalendar): Duty {
  // where the plan's last working minute is: journey index, duty.journeys.length for the finish, -1 the check or a stop
  const journeyItems = duty.journeys.map((journey) => itemsOf(journey.pieces));
  // the duty ends with the plan's last activity: time with none after it is no part of it
  const finishItems = itemsOf(duty.finish.slice(0, duty.finish.map((piece) => piece.kind !== 'gap' && piece.minutes > 0).lastIndexOf(true) + 1));
  let holder = -1;
  if (finishItems.some((item) => item.kind !== 'rest')) holder = duty.journeys.length;
  else {
    for (let index = duty.journeys.length - 1; index >= 0; index--) {
      if (duty.journeys[index]!.handling > 0) break;
      if (journeyItems[index]!.some((item) => item.kind !== 'rest')) {
        holder = index;
        break;
      }
    }
  }
  const lastHandled = holder >= 0 ? -1 : lastWorkingStop(duty);

  const ours = new HoursTracker(start, calendar);
  let time = duty.start;
  const feed = (pieces: readonly Piece[]) => {
    for (const piece of pieces) {
      if (piece.minutes > 0) ours.record(piece.kind === 'gap' ? 'break' : piece.kind, time, time + piece.minutes);
      time += piece.minutes;
    }
  };
  const work = (minutes: number) => {
    ours.record('work', time, time + minutes);
    time += minutes;
  };
  // the plan's split pending (only it: runs copy the plan's effects)
  let planPending = false;
  work(duty.check);
  const journeys: Journey[] = duty.journeys.map((journey, index) => {
    const items = extraAsWaits(journeyItems[index]!, journey.drive);
    let pieces: Piece[];
    const state = { a: ours.drivingSinceBreak, p: ours.splitFirstPart, w: ours.workingSinceBreak };
    if (index > holder && holder >= 0) pieces = asPlan(items);
    else if (holder < 0 && index > lastHandled) pieces = asPlan(items);
    else if (index === holder) pieces = holding(items, journey.drive, state, planPending, true);
    else pieces = layout(items, journey.drive, state, planPending, []);
    planPending = pendingAfter(items, planPending);
    feed(pieces);
    work(journey.handling);
    return { drive: journey.drive, pieces, handling: journey.handling };
  });
  let finish: Piece[] = [];
  if (holder === duty.journeys.length) {
    const state = { a: ours.drivingSinceBreak, p: ours.splitFirstPart, w: ours.workingSinceBreak };
    finish = holding(finishItems, 0, state, planPending, false);
  }
  return { start: duty.start, check: duty.check, journeys, finish };
}

/** The last journey whose stop has handling minutes (-1: none): the plan's last working minute ends there when no later piece works. */
function lastWorkingStop(duty: Duty): number {
  for (let index = duty.journeys.length - 1; index >= 0; index--) if (duty.journeys[index]!.handling > 0) return index;
  return -1;
}

/** (a) a drive longer than the journey time: its last extra minutes are waits, in place. */
function extraAsWaits(items: Item[], drive: number): Item[] {
  let extra = items.filter((item) => item.kind === 'drive').reduce((sum, item) => sum + item.minutes, 0) - drive;
  const result = items.map((item) => ({ ...item }));
  for (let index = result.length - 1; index >= 0 && extra > 0; index--) {
    const item = result[index]!;
    if (item.kind !== 'drive') continue;
    const cut = Math.min(extra, item.minutes);
    extra -= cut;
    item.minutes -= cut;
    result.splice(index + 1, 0, { kind: 'work', minutes: cut });
  }
  return result.filter((item) => item.minutes > 0);
}

/** The plan's pieces as they are (a journey after its last working minute: breaks only). */
function asPlan(items: readonly Item[]): Piece[] {
  return items.map((item) => ({ kind: item.kind === 'rest' ? 'break' : item.kind === 'drive' ? 'drive' : 'wait', minutes: item.minutes }));
}

/** The split pending after the plan's pieces. */
function pendingAfter(items: readonly Item[], pending: boolean): boolean {
  for (const item of items) if (item.kind === 'rest') pending = !qualifies(item.minutes, pending);
  return pending;
}

const qualifies = (minutes: number, pending: boolean) => minutes >= LIMITS.fullBreak || (pending && minutes >= LIMITS.splitSecondPart);

interface State {
  a: number;
  p: boolean;
  w: number;
}

interface Run {
  x: number;
  minutes: number;
  effect: Effect;
}

/** What a run of the plan's rest parts does to D1, from the split pending before it. */
function effectOf(parts: readonly number[], pending: boolean): Effect {
  let reset = false;
  for (const minutes of parts) {
    const q = qualifies(minutes, pending);
    reset ||= q;
    pending = !q;
  }
  return { reset, pending };
}

/** One run's effect, then another's. */
const compose = (first: Effect, second: Effect): Effect => ({ reset: first.reset || second.reset, pending: second.pending });

/**
 * Steps (a)-(c) on a journey's items (drive `drive` in all, items after the plan's last working
 * minute excluded), from our state; `after` are runs that join at the arrival (the plan's breaks
 * after its last working minute). Returns the pieces and whether a run ends on arrival.
 */
function layout(items: readonly Item[], drive: number, state: State, planPending: boolean, after: readonly { minutes: number; effect: Effect }[]): Piece[] {
  // the plan's runs at their driving positions, with the waits before each (b)
  const runs: Run[] = [];
  let x = 0;
  let waits = 0;
  let parts: number[] = [];
  let pending = planPending;
  const close = () => {
    if (parts.length === 0) return;
    const effect = effectOf(parts, pending);
    pending = effect.pending;
    runs.push({ x, minutes: parts.reduce((sum, m) => sum + m, 0) + waits, effect });
    waits = 0;
    parts = [];
  };
  for (const item of items) {
    if (item.kind === 'rest') {
      parts.push(item.minutes);
      continue;
    }
    close();
    if (item.kind === 'drive') x += item.minutes;
    else waits += item.minutes;
  }
  close();
  for (const run of after) {
    runs.push({ x: drive, minutes: run.minutes + waits, effect: run.effect });
    waits = 0;
  }
  // waits after the last run: on arrival (into a run there, else a run of their own, else a wait)
  const last = runs[runs.length - 1];
  if (waits > 0 && last !== undefined && last.x === drive) {
    last.minutes += waits;
    waits = 0;
  } else if (waits >= SHORTEST) {
    runs.push({ x: drive, minutes: waits, effect: { reset: false, pending: true } });
    waits = 0;
  }
  // runs at one position are one
  const merged: Run[] = [];
  for (const run of runs) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && previous.x === run.x) {
      previous.minutes += run.minutes;
      previous.effect = compose(previous.effect, run.effect);
    } else merged.push({ ...run });
  }
  // (c) each run as late as W1, D1 (when it resets), the next run or the arrival allow
  const pieces: Piece[] = [];
  let { a, p, w } = state;
  let at = 0;
  for (let index = 0; index < merged.length; index++) {
    const run = merged[index]!;
    const next = merged[index + 1];
    const ahead = run.x - at;
    let latest = Math.min(drive, run.x + LIMITS.workingBeforeBreak - (w + ahead));
    if (run.effect.reset) latest = Math.min(latest, run.x + LIMITS.drivingBeforeBreak - (a + ahead));
    if (next !== undefined && latest >= next.x) {
      next.minutes += run.minutes;
      next.effect = compose(run.effect, next.effect);
      continue;
    }
    const y = Math.max(run.x, latest);
    pieces.push({ kind: 'drive', minutes: y - at });
    a += y - at;
    w += y - at;
    at = y;
    pieces.push(...breakParts(run.minutes, run.effect, p));
    if (run.effect.reset) a = 0;
    p = run.effect.pending;
    w = 0;
  }
  pieces.push({ kind: 'drive', minutes: drive - at });
  if (waits > 0) pieces.push({ kind: 'wait', minutes: waits });
  return pieces.filter((piece) => piece.minutes > 0 || piece.kind === 'drive');
}

/**
 * The journey (or the idle time ending the duty, drive 0) that holds the plan's last working
 * minute: laid out up to that minute, the breaks after it joining the last run before it (in the
 * idle time ending the duty they are left out: the duty ends with that minute); the minute itself
 * last (a drive minute before the waits on arrival). A drive minute that is the journey's only one
 * keeps the breaks after it.
 */
function holding(items: readonly Item[], drive: number, state: State, planPending: boolean, keepAfter: boolean): Piece[] {
  const lastWorking = items.map((item) => item.kind !== 'rest').lastIndexOf(true);
  const frozen = items[lastWorking]!;
  const before = [...items.slice(0, lastWorking), ...(frozen.minutes > 1 ? [{ kind: frozen.kind, minutes: frozen.minutes - 1 }] : [])];
  const pendingBefore = pendingAfter(before, planPending);
  const afterParts = items.slice(lastWorking + 1).map((item) => item.minutes);
  const after = afterParts.length === 0 || !keepAfter ? [] : [{ minutes: afterParts.reduce((s, m) => s + m, 0), effect: effectOf(afterParts, pendingBefore) }];
  if (frozen.kind === 'drive' && drive === 1) {
    const pieces = layout(before, 0, state, planPending, []);
    const tail: Piece[] = [{ kind: 'drive', minutes: 1 }, ...after.map((run): Piece => ({ kind: 'break', minutes: run.minutes }))];
    return [...pieces, ...tail].filter((piece) => piece.minutes > 0);
  }
  const pieces = layout(before, frozen.kind === 'drive' ? drive - 1 : drive, state, planPending, after);
  const minute: Piece = { kind: frozen.kind === 'drive' ? 'drive' : 'wait', minutes: 1 };
  const tail = pieces[pieces.length - 1];
  if (minute.kind === 'drive' && tail !== undefined && tail.kind === 'wait') return [...pieces.slice(0, -1), minute, tail];
  return [...pieces, minute];
}

/**
 * Break parts of `minutes` that do `effect` to D1 from a split pending or not (the hours engine
 * reads each part as a break of its own): pending and no reset, parts of 15-29 min; a reset and
 * none pending, one part; both, a qualifying part then 15 min. Throws when they cannot.
 */
export function breakParts(minutes: number, effect: Effect, pending: boolean): Piece[] {
  const part = (m: number): Piece => ({ kind: 'break', minutes: m });
  if (!effect.reset) {
    if (!effect.pending || minutes < SHORTEST) throw new Error(`no parts of ${minutes} min do ${JSON.stringify(effect)}`);
    const count = Math.ceil(minutes / (LIMITS.splitSecondPart - 1));
    const parts: Piece[] = [];
    let left = minutes;
    for (let n = count; n > 0; n--) {
      const m = Math.ceil(left / n);
      parts.push(part(m));
      left -= m;
    }
    return parts;
  }
  const head = effect.pending ? minutes - SHORTEST : minutes;
  if (!qualifies(head, pending)) throw new Error(`no parts of ${minutes} min do ${JSON.stringify(effect)} (split pending: ${pending})`);
  return effect.pending ? [part(head), part(SHORTEST)] : [part(head)];
}
