/**
 * Random small duties and random layouts of their idle time (seeded), for the breaks argument's
 * test: journeys of random driving (up to 270 min each, so that duties reach D1 and D2), extra
 * driving, idle time and handling (stops of no minutes too), starting counters (rested or carried
 * in), a drive back to base at the end or idle time ending the duty, and the idle time cut into
 * waits, breaks (some of 15-29 min: pending splits) and gaps at random points of the drive, with
 * a break near the points where D1 or W1 would pass (so that long duties are often accepted).
 * Most layouts still break a rule; the test keeps those the hours engine accepts.
 */
import { Random } from '../../../../data-gen/random.ts';
import { LIMITS, type DriverHoursStart } from '../../../../src/planning/hours/index.ts';
import type { Duty, Journey, Piece } from './duty.ts';

export interface Generated {
  duty: Duty;
  start: DriverHoursStart;
}

/** A duty starting at `dutyStart`, its journeys at most 270 min each and its driving within D2. */
export function randomDuty(rng: Random, dutyStart: number): Generated {
  const rested = rng.chance(0.5);
  const carriedDriving = rested ? 0 : rng.weighted([[0, 1], [rng.int(1, 150), 2], [rng.int(150, 270), 1]] as const);
  // sometimes exactly at W1's 360 after the walk-round check: a break due at the first stop
  const carriedWorking = rested ? 0 : rng.chance(0.2) ? LIMITS.workingBeforeBreak - LIMITS.shortestBreak : rng.int(0, 300);
  const drivingToday = carriedDriving + (rested ? 0 : rng.int(0, 200));
  const start: DriverHoursStart = {
    driverId: 'd-1',
    at: 0,
    counters: { drivingToday, drivingSinceBreak: carriedDriving, workingSinceBreak: carriedWorking, drivingThisWeek: 0, drivingPreviousWeek: 0 },
    rested,
    refreshes: [],
    allowancesMissing: false,
    dailyRestAssumed: false,
    availableBeforeObservation: false,
  };
  let budget = LIMITS.dailyDriving - drivingToday;
  const state = { a: carriedDriving, p: false, w: carriedWorking + LIMITS.shortestBreak };
  const back = rng.chance(0.25);
  const count = rng.int(1, 6);
  const journeys: Journey[] = Array.from({ length: count }, (_, index) => {
    const drive = Math.min(budget, rng.weighted([[0, 1], [rng.int(1, 30), 2], [rng.int(30, 150), 3], [rng.int(150, LIMITS.drivingBeforeBreak), 5]] as const));
    budget -= drive;
    const extra = rng.chance(0.15) ? rng.int(1, 20) : 0;
    const idle = rng.weighted([[0, 1], [rng.int(1, 14), 2], [rng.int(15, 60), 4], [rng.int(60, 240), 3]] as const);
    const pieces = layout(rng, drive + extra, idle, state);
    const lastBack = back && index === count - 1;
    const handling = lastBack ? 0 : rng.weighted([[0, 2], [rng.int(1, 90), 5], [rng.int(90, 150), 1]] as const);
    state.w += handling;
    return { drive, pieces, handling };
  });
  // a drive back to base ends the duty with its arrival (the idle time there is that journey's)
  const finish = back ? [] : idlePieces(rng, rng.weighted([[0, 2], [rng.int(1, 14), 1], [rng.int(15, 120), 3]] as const));
  return { duty: { start: dutyStart, check: LIMITS.shortestBreak, journeys, finish }, start };
}

/**
 * Driving cut at random points, with the idle time cut into pieces between them; where W1 or D1
 * would pass (in the generator's rough view of the counters), a cut a little before that point
 * holding a break (15-29 min for W1, 30 after a pending split or 45 for D1) while the idle time
 * lasts.
 */
function layout(rng: Random, driving: number, idle: number, state: { a: number; p: boolean; w: number }): Piece[] {
  const forced: { cut: number; part: Piece }[] = [];
  const rough = { ...state };
  let left = idle;
  let at = 0;
  for (;;) {
    const d1 = LIMITS.drivingBeforeBreak - rough.a;
    const w1 = LIMITS.workingBeforeBreak - rough.w;
    const due = Math.min(d1, w1);
    if (at + due >= driving || !rng.chance(0.9)) break;
    const cut = Math.max(at, at + due - rng.weighted([[0, 3], [rng.int(1, 10), 2], [rng.int(10, 60), 1]] as const));
    const minutes = w1 < d1 && rng.chance(0.7) ? rng.int(15, 29) : rough.p && rng.chance(0.7) ? LIMITS.splitSecondPart : LIMITS.fullBreak;
    if (minutes > left) break;
    const part: Piece = { kind: rng.chance(0.9) ? 'break' : 'gap', minutes };
    forced.push({ cut, part });
    track(rough, cut - at, part);
    left -= minutes;
    at = cut;
  }
  const others = idlePieces(rng, left).map((part) => ({ cut: rng.int(0, driving), part }));
  const order = [...forced, ...others].sort((x, y) => x.cut - y.cut);
  const pieces: Piece[] = [];
  let driven = 0;
  for (const { part, cut } of order) {
    pieces.push({ kind: 'drive', minutes: cut - driven }, part);
    track(state, cut - driven, part);
    driven = cut;
  }
  pieces.push({ kind: 'drive', minutes: driving - driven });
  track(state, driving - driven, null);
  return pieces.filter((piece) => piece.minutes > 0);
}

/** The generator's rough view of the counters (the hours engine judges). */
function track(state: { a: number; p: boolean; w: number }, drive: number, part: Piece | null): void {
  state.a += drive;
  state.w += drive;
  if (part === null) return;
  if ((part.kind === 'break' || part.kind === 'gap') && part.minutes >= LIMITS.shortestBreak) {
    const q = part.minutes >= LIMITS.fullBreak || (state.p && part.minutes >= LIMITS.splitSecondPart);
    if (q) state.a = 0;
    state.p = !q;
    state.w = 0;
  } else state.w += part.minutes;
}

/** Idle minutes as a few waits, breaks (>= 15; some of 15-29, the first part of a split) and gaps. */
function idlePieces(rng: Random, idle: number): Piece[] {
  const pieces: Piece[] = [];
  let left = idle;
  while (left > 0) {
    const minutes = left <= 15 || rng.chance(0.3) ? left : rng.chance(0.3) && left >= 30 ? rng.int(15, 29) : rng.int(1, left);
    const kind = minutes >= LIMITS.shortestBreak ? rng.weighted([['break', 5], ['wait', 2], ['gap', 1]] as const) : rng.weighted([['wait', 3], ['gap', 1]] as const);
    pieces.push({ kind, minutes });
    left -= minutes;
  }
  return pieces;
}
