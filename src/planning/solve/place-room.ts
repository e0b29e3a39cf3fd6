/**
 * A capacitated place's occupancy over time, as the planned legs leave it: a Nugget counts from
 * the end of its unloading to the start of its loading (the validator's reading). A delivery may
 * be added from the moment its Nuggets fit for good (`fitsFrom`): later loadings are not counted
 * on, since a planned loading only frees room for work after it.
 */
import type { ProblemPlace } from '../problem/index.ts';

export interface PlaceRoom {
  capacity: number;
  /** Nuggets there at minute 0. */
  initial: number;
  /** Occupancy changes in time order (ties: in the order recorded). */
  changes: { at: number; change: number }[];
}

export function initialRoom(place: ProblemPlace): PlaceRoom | null {
  return place.capacity === null ? null : { capacity: place.capacity, initial: place.initialOccupancy, changes: [] };
}

export function copyRoom(room: PlaceRoom | null): PlaceRoom | null {
  return room === null ? null : { ...room, changes: room.changes.slice() };
}

function insert(room: PlaceRoom, at: number, change: number): void {
  let index = room.changes.length;
  while (index > 0 && room.changes[index - 1]!.at > at) index -= 1;
  room.changes.splice(index, 0, { at, change });
}

/** Nuggets unloaded there, counted from `at` (the unloading's end; -Infinity: all the time). */
export function recordArrival(room: PlaceRoom, at: number, count: number): void {
  insert(room, at, count);
}

/** Nuggets loaded there, gone from `at` (the loading's start). */
export function recordDeparture(room: PlaceRoom, at: number, count: number): void {
  insert(room, at, -count);
}

/**
 * The first minute from which `count` more Nuggets fit at every later moment (-Infinity: at any
 * time; Infinity: never): the minute of the change after the last state over the limit. Changes
 * at one minute are read together (the validator counts loadings first, then each unloading, and
 * every one of those counts is at most the count after all of them).
 */
export function fitsFrom(room: PlaceRoom, count: number): number {
  const limit = room.capacity - count;
  let occupancy = room.initial;
  // the last state over the limit: 0 is the initial one, i the one after change i
  let over = occupancy > limit ? 0 : -1;
  room.changes.forEach((entry, index) => {
    occupancy += entry.change;
    if (occupancy > limit) over = index + 1;
  });
  if (over < 0) return Number.NEGATIVE_INFINITY;
  return room.changes[over]?.at ?? Number.POSITIVE_INFINITY;
}
