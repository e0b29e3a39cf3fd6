/**
 * Random small duties and random layouts of their idle time (seeded), for the breaks argument's
 * test: journeys of random driving, extra driving, idle time and handling, starting counters
 * (rested or carried in), and the idle time cut into waits, breaks and gaps at random points of
 * the drive. Most layouts break a rule; the test keeps those the hours engine accepts.
 */
import { Random } from '../../../../data-gen/random.ts';
import { LIMITS, type DriverHoursStart } from '../../../../src/planning/hours/index.ts';
import type { Duty, Journey, Piece } from './duty.ts';

export interface Generated {
  duty: Duty;
  start: DriverHoursStart;
}

/** A duty whose driving, with the driving since a break the counters carry in, stays within D1's 270 min. */
export function randomDuty(rng: Random, dutyStart: number): Generated {
  const rested = rng.chance(0.5);
  const carriedDriving = rested ? 0 : rng.int(0, 120);
  // sometimes exactly at W1's 360 after the walk-round check: a break due at the first stop
  const carriedWorking = rested ? 0 : rng.chance(0.2) ? LIMITS.workingBeforeBreak - LIMITS.shortestBreak : rng.int(0, 300);
  const start: DriverHoursStart = {
    driverId: 'd-1',
    at: 0,
    counters: { drivingToday: carriedDriving + (rested ? 0 : rng.int(0, 200)), drivingSinceBreak: carriedDriving, workingSinceBreak: carriedWorking, drivingThisWeek: 0, drivingPreviousWeek: 0 },
    rested,
    refreshes: [],
    allowancesMissing: false,
    dailyRestAssumed: false,
    availableBeforeObservation: false,
  };
  let budget = LIMITS.drivingBeforeBreak - carriedDriving;
  const journeys: Journey[] = Array.from({ length: rng.int(1, 5) }, () => {
    const drive = Math.min(budget, rng.weighted([[0, 1], [rng.int(1, 30), 3], [rng.int(30, 150), 4]] as const));
    budget -= drive;
    const extra = rng.chance(0.15) ? rng.int(1, 20) : 0;
    const idle = rng.weighted([[0, 1], [rng.int(1, 14), 2], [rng.int(15, 60), 4], [rng.int(60, 240), 3]] as const);
    return { drive, pieces: layout(rng, drive + extra, idle), handling: rng.weighted([[0, 1], [rng.int(1, 90), 5], [rng.int(90, 150), 1]] as const) };
  });
  const finish = idlePieces(rng, rng.weighted([[0, 2], [rng.int(1, 14), 1], [rng.int(15, 120), 3]] as const));
  return { duty: { start: dutyStart, check: LIMITS.shortestBreak, journeys, finish }, start };
}

/** Driving cut at random points, with the idle time cut into pieces between them. */
function layout(rng: Random, driving: number, idle: number): Piece[] {
  const idleParts = idlePieces(rng, idle);
  const cuts = idleParts.map(() => rng.int(0, driving)).sort((a, b) => a - b);
  const pieces: Piece[] = [];
  let driven = 0;
  idleParts.forEach((part, index) => {
    pieces.push({ kind: 'drive', minutes: cuts[index]! - driven }, part);
    driven = cuts[index]!;
  });
  pieces.push({ kind: 'drive', minutes: driving - driven });
  return pieces.filter((piece) => piece.minutes > 0);
}

/** Idle minutes as a few waits, breaks (>= 15) and gaps. */
function idlePieces(rng: Random, idle: number): Piece[] {
  const pieces: Piece[] = [];
  let left = idle;
  while (left > 0) {
    const minutes = left <= 15 || rng.chance(0.3) ? left : rng.int(1, left);
    const kind = minutes >= LIMITS.shortestBreak ? rng.weighted([['break', 5], ['wait', 2], ['gap', 1]] as const) : rng.weighted([['wait', 3], ['gap', 1]] as const);
    pieces.push({ kind, minutes });
    left -= minutes;
  }
  return pieces;
}
