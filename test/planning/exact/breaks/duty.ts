/**
 * One driver's duty as the breaks argument sees it (src/planning/exact/exactness-breaks.ts):
 * the walk-round check, then journeys, each ending at a stop whose handling
 * follows, then the idle time that ends the duty. A journey's minutes are driving (`drive`: the
 * journey time, which the model drives exactly; a plan may drive longer) and idle time; how a plan
 * lays them out is its `pieces`.
 */
import type { HoursActivity } from '../../../../src/planning/hours/index.ts';

export type PieceKind = 'drive' | 'break' | 'wait' | 'gap';
export interface Piece {
  kind: PieceKind;
  minutes: number;
}

export interface Journey {
  /** The journey time: what the model drives. */
  drive: number;
  /** Driving, waits, breaks and gaps (time with no activity) from the end of one stop to the start of the next. */
  pieces: Piece[];
  /** Handling at the stop it ends at (0: a stop of no minutes, e.g. the finish of a drive back to base). */
  handling: number;
}

export interface Duty {
  start: number;
  check: number;
  journeys: Journey[];
  /** The idle time that ends the duty at its last stop. */
  finish: Piece[];
}

export const minutesOf = (pieces: readonly Piece[]) => pieces.reduce((sum, piece) => sum + piece.minutes, 0);

/**
 * The duty's activities in time order, as a manifest would give them to the hours engine (gaps
 * left out; a stop's handling even of no minutes, which ends the duty when it is the last).
 */
export function activitiesOf(duty: Duty): HoursActivity[] {
  const activities: HoursActivity[] = [];
  let time = duty.start;
  const add = (kind: PieceKind | 'work', minutes: number) => {
    if (kind !== 'gap' && (minutes > 0 || kind === 'work')) activities.push({ kind: kind === 'work' ? 'work' : kind, start: time, end: time + minutes });
    time += minutes;
  };
  add('work', duty.check);
  for (const journey of duty.journeys) {
    for (const piece of journey.pieces) add(piece.kind, piece.minutes);
    add('work', journey.handling);
  }
  for (const piece of duty.finish) add(piece.kind, piece.minutes);
  return activities;
}

/** Minutes from the stop to the first minute of driving (all of them when there is none): when the lorry leaves. */
export function departure(pieces: readonly Piece[]): number {
  let minutes = 0;
  for (const piece of pieces) {
    if (piece.kind === 'drive' && piece.minutes > 0) return minutes;
    minutes += piece.minutes;
  }
  return minutes;
}

/** Break blocks (runs of break pieces back to back) in some pieces. */
export function breakBlocks(pieces: readonly Piece[]): number {
  let blocks = 0;
  let previous: PieceKind | null = null;
  for (const piece of pieces) {
    if (piece.minutes === 0) continue;
    if (piece.kind === 'break' && previous !== 'break') blocks += 1;
    previous = piece.kind;
  }
  return blocks;
}
