/**
 * The breaks argument's rewriting (src/planning/exact/exactness-breaks.ts), built
 * step by step so that the test can hand the result to the hours engine: where no duty can reach
 * D1 (its driving, with what the counters carry in, stays within 270 min), every journey of a plan
 * the engine accepts is laid out again with the same stop times, its idle time all break (when
 * there are at least 15 min of it) placed as late as W1 allows:
 *  - drive the journey time only (a longer drive's extra minutes are idle time);
 *  - idle < 15 min: drive, then wait (no break fits; the plan had none either);
 *  - otherwise, when the working time since the last break would pass 360 before the arrival, a
 *    break after exactly the minutes of driving that reach 360 (15 min, or all the idle time when
 *    less than 30), then the rest on arrival; else all of it on arrival. After a break at most
 *    270 min of driving remain, so W1 needs no other: at most two breaks per journey;
 *  - W1's break at the stop before driving (working time since a break at 360 there) lasts no
 *    longer than the plan stayed before driving, so the lorry leaves no later (must_clear_by);
 *  - W2 credits a break only when working time follows it: in a journey after whose arrival none
 *    follows in the rewritten duty, the arrival break moves before the last minute of driving
 *    (`credited`);
 *  - the idle time that ends the duty (up to the plan's last activity; time with none after it is
 *    no part of the duty): waits up to the plan's first break there, then one break, and a wait
 *    of one minute after it when one of the plan's breaks there was credited.
 */
import { HoursTracker, LIMITS, type DriverHoursStart, type HoursCalendar } from '../../../../src/planning/hours/index.ts';
import { departure, minutesOf, type Duty, type Journey, type Piece } from './duty.ts';

const SHORTEST = LIMITS.shortestBreak;

/** The rewritten duty: same stops at the same times, journeys in the canonical form above. */
export function canonical(duty: Duty, start: DriverHoursStart, calendar: HoursCalendar): Duty {
  const last = lastOnes(duty);
  const tracker = new HoursTracker(start, calendar);
  let time = duty.start;
  const feed = (kind: Piece['kind'] | 'work', minutes: number) => {
    if (kind !== 'gap' && (minutes > 0 || kind === 'work')) tracker.record(kind === 'work' ? 'work' : kind, time, time + minutes);
    time += minutes;
  };
  feed('work', duty.check);
  const journeys: Journey[] = duty.journeys.map((journey, index) => {
    const pieces = canonicalJourney(journey, tracker.workingSinceBreak, last[index]!);
    for (const piece of pieces) feed(piece.kind, piece.minutes);
    feed('work', journey.handling);
    return { drive: journey.drive, pieces, handling: journey.handling };
  });
  return { start: duty.start, check: duty.check, journeys, finish: canonicalFinish(duty.finish) };
}

function canonicalJourney(journey: Journey, workingSinceBreak: number, last: boolean): Piece[] {
  const drive = journey.drive;
  const idle = minutesOf(journey.pieces) - drive;
  if (idle < SHORTEST) return [{ kind: 'drive', minutes: drive }, { kind: 'wait', minutes: idle }];
  const lead = departure(journey.pieces);
  const pieces: Piece[] = [];
  let rest = idle;
  const reach = LIMITS.workingBeforeBreak - workingSinceBreak;
  if (reach < drive) {
    // W1 asks for a break after `reach` minutes of driving; at the stop (reach 0), no longer than
    // the plan stayed there before driving (the lorry leaves no later: must_clear_by)
    const first = reach === 0 ? (rest >= 2 * SHORTEST ? SHORTEST : Math.min(rest, lead)) : rest < 2 * SHORTEST ? rest : SHORTEST;
    pieces.push({ kind: 'drive', minutes: reach }, { kind: 'break', minutes: first }, { kind: 'drive', minutes: drive - reach });
    rest -= first;
  } else {
    pieces.push({ kind: 'drive', minutes: drive });
  }
  if (rest >= SHORTEST) pieces.push({ kind: 'break', minutes: rest });
  else if (rest > 0) pieces.push({ kind: 'wait', minutes: rest });
  const laid = pieces.filter((piece) => piece.minutes > 0 || piece.kind === 'drive');
  return last ? credited(laid, journey, lead) : laid;
}

/**
 * A last journey (no working time after its arrival in the rewritten duty): its arrival break
 * earns W2 credit only with working time after it, so it moves before the last minute of driving
 * (into the W1 break when that one is there); with under two minutes of driving, to the stop
 * before driving when the plan stayed there that long, else it ends a minute early with a wait of
 * one minute after it; one of exactly 15 min keeps the plan's layout of that time.
 */
function credited(pieces: Piece[], journey: Journey, lead: number): Piece[] {
  const tail = pieces[pieces.length - 1]!;
  if (tail.kind !== 'break') return pieces;
  const body = pieces.slice(0, -1);
  const lastDrive = body[body.length - 1]!;
  if (lastDrive.kind === 'drive' && lastDrive.minutes >= 2) {
    lastDrive.minutes -= 1;
    return [...body, tail, { kind: 'drive', minutes: 1 }];
  }
  const idle = minutesOf(journey.pieces) - journey.drive;
  const atStop = body[0]!.kind === 'drive' && body[0]!.minutes === 0;
  if (lastDrive.kind === 'drive' && lastDrive.minutes === 1 && body.length >= 3 && (!atStop || lead >= idle)) {
    body[body.length - 2]!.minutes += tail.minutes;
    return body;
  }
  if (body.length === 1 && journey.drive > 0 && lead >= idle) return [tail, ...body];
  if (tail.minutes > SHORTEST) return [...body, { kind: 'break', minutes: tail.minutes - 1 }, { kind: 'wait', minutes: 1 }];
  return planAfterDeparture(body, journey);
}

/** The plan's idle time after it starts driving, of 15 min: one break where the plan took it (at its minutes of driving), or a wait on arrival. */
function planAfterDeparture(body: Piece[], journey: Journey): Piece[] {
  const before = body.filter((piece) => piece.kind === 'break');
  let driven = 0;
  let breakAt: number | null = null;
  let started = false;
  for (const piece of journey.pieces) {
    if (piece.kind === 'drive' && piece.minutes > 0) started = true;
    if (started && isBreak(piece) && breakAt === null) breakAt = driven;
    if (piece.kind === 'drive') driven += piece.minutes;
  }
  const drive = journey.drive;
  if (breakAt === null || breakAt >= drive) return [...before, { kind: 'drive', minutes: drive }, { kind: breakAt !== null || (!started && journey.pieces.some(isBreak)) ? 'break' : 'wait', minutes: SHORTEST }];
  return [...before, { kind: 'drive', minutes: breakAt }, { kind: 'break', minutes: SHORTEST }, { kind: 'drive', minutes: drive - breakAt }];
}

/** The last break ends a minute early, a wait of one minute after it (the plan's break there was followed by some). */
function creditLast(pieces: Piece[]): void {
  const last = pieces[pieces.length - 1]!;
  if (last.kind === 'break' && last.minutes > SHORTEST) {
    last.minutes -= 1;
    pieces.push({ kind: 'wait', minutes: 1 });
  }
}

function canonicalFinish(plan: readonly Piece[]): Piece[] {
  // the duty ends with the plan's last activity: time with none after it is no part of it
  // gaps back to back are one gap to the hours engine (a break when >= 15 min)
  const merged = plan.reduce<Piece[]>((pieces, piece) => {
    const last = pieces[pieces.length - 1];
    if (last !== undefined && last.kind === 'gap' && piece.kind === 'gap') last.minutes += piece.minutes;
    else pieces.push({ ...piece });
    return pieces;
  }, []);
  let end = merged.length;
  while (end > 0 && merged[end - 1]!.kind === 'gap') end -= 1;
  const finish = merged.slice(0, end);
  const total = minutesOf(finish);
  const first = finish.findIndex((piece) => isBreak(piece));
  if (first < 0) return [{ kind: 'wait', minutes: total }];
  const before = minutesOf(finish.slice(0, first));
  const credited = finish.slice(first).some((piece) => !isBreak(piece) && piece.minutes > 0);
  const pieces: Piece[] = [{ kind: 'wait', minutes: before }, { kind: 'break', minutes: total - before }];
  if (credited) creditLast(pieces);
  return pieces;
}

/** What the hours engine takes for a break: a break piece, or a gap of >= 15 min. */
const isBreak = (piece: Piece) => (piece.kind === 'break' || piece.kind === 'gap') && piece.minutes >= SHORTEST;

/**
 * For each journey, whether it is the last with working time after its arrival in the rewritten
 * duty: none in the stop's handling, the later journeys (their driving, short idle time, or the
 * wait a last journey may end with) or the idle time that ends the duty (a wait there).
 */
function lastOnes(duty: Duty): boolean[] {
  let after = canonicalFinish(duty.finish).some((piece) => piece.kind === 'wait' && piece.minutes > 0);
  const result: boolean[] = new Array(duty.journeys.length);
  for (let index = duty.journeys.length - 1; index >= 0; index--) {
    const journey = duty.journeys[index]!;
    const last = !after && journey.handling === 0;
    result[index] = last;
    after = !last || canonicalJourney(journey, 0, last).some((piece) => piece.kind !== 'break' && piece.minutes > 0);
  }
  return result;
}
