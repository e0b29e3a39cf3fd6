import type { ActivityType, MovementLeg, Nugget, Place, Snapshot, ValidatedDriver, ValidatedLorry } from '../../contract/index.ts';
import { createHoursCalendar, type HoursCalendar } from '../hours/index.ts';
import type { JourneyMinutes } from './journey.ts';
import type { PlanRule, Violation } from './rules.ts';

/** A manifest activity whose times and fields could be read (the checks after reading see only these). */
export interface Activity {
  driverId: string;
  /** Position in the driver's manifest. */
  index: number;
  type: ActivityType;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  startText: string;
  lorryId: string | null;
  locationId: string | null;
  fromId: string | null;
  toId: string | null;
  movementId: string | null;
  bookingId: string | null;
  nuggetIds: string[];
  /** A drive that continues the previous drive piece of the same journey (after en-route breaks). */
  continuesJourney: boolean;
}

export interface Timeline {
  driver: ValidatedDriver;
  /** In manifest order. */
  activities: Activity[];
  /** The activities split at gaps of >= 11 h (daily rests). */
  duties: Activity[][];
}

export interface Context {
  snapshot: Snapshot;
  journey: JourneyMinutes;
  calendar: HoursCalendar;
  places: Map<string, Place>;
  nuggets: Map<string, Nugget>;
  legs: Map<string, MovementLeg>;
  drivers: Map<string, ValidatedDriver>;
  lorries: Map<string, ValidatedLorry>;
  report(rule: PlanRule, message: string, ids: readonly (string | null | undefined)[]): void;
  violations: Violation[];
}

export function createContext(snapshot: Snapshot, journey: JourneyMinutes): Context {
  const violations: Violation[] = [];
  const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((item) => [item.id, item]));
  return {
    snapshot,
    journey,
    calendar: createHoursCalendar(snapshot.timezone, Date.parse(snapshot.planning_period.start)),
    places: byId(snapshot.locations),
    nuggets: byId(snapshot.nuggets),
    legs: byId(snapshot.movements),
    drivers: byId(snapshot.drivers),
    lorries: byId(snapshot.lorries),
    violations,
    report(rule, message, ids) {
      violations.push({ rule, message, ids: [...new Set(ids.filter((id): id is string => typeof id === 'string'))] });
    },
  };
}

/** "d-1 activity 3 (pickup at 2026-03-02T09:00:00Z)", for messages. */
export function describe(activity: Activity): string {
  return `${activity.driverId} activity ${activity.index} (${activity.type} at ${activity.startText})`;
}

/** The ids of an activity worth naming in a violation. */
export function idsOf(activity: Activity, ...extra: (string | null | undefined)[]): (string | null | undefined)[] {
  return [activity.driverId, activity.movementId, activity.lorryId, ...extra];
}

export const MINUTE_MS = 60_000;

/** Inclusive containment of [start, end] in a window given as date-time strings. */
export function inside(start: number, end: number, window: { start: string; end: string }): boolean {
  return start >= Date.parse(window.start) && end <= Date.parse(window.end);
}
