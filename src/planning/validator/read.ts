import { DateTime } from 'luxon';
import type { ActivityType, DriverManifest, ManifestPlanResponse, PlannedActivity } from '../../contract/index.ts';
import { isDateTimeWithOffset } from '../../snapshot/date-time.ts';
import { LIMITS } from '../hours/index.ts';
import { MINUTE_MS, describe, idsOf, type Activity, type Context, type Timeline } from './context.ts';

type Field = 'lorry_id' | 'location_id' | 'from_location_id' | 'to_location_id' | 'movement_id' | 'nugget_ids';

/** The fields each activity type must carry (docs/validator.md, "Activities, field by field"). */
const REQUIRED: Record<ActivityType, Field[]> = {
  service: ['lorry_id'],
  drive: ['lorry_id', 'from_location_id', 'to_location_id'],
  pickup: ['movement_id', 'lorry_id', 'location_id', 'nugget_ids'],
  delivery: ['movement_id', 'lorry_id', 'location_id', 'nugget_ids'],
  yard_work: ['lorry_id', 'location_id', 'nugget_ids'],
  break: [],
  wait: [],
  hold: [],
};

/**
 * Reads every manifest into a timeline of activities, reporting what cannot be read (unknown
 * driver, duplicate manifest, bad date-times, missing fields, unknown references: those
 * activities are left out of every later check) and what is wrong with an activity on its own
 * (offset, order, planning period, short break, booking id).
 */
export function readManifests(context: Context, response: ManifestPlanResponse): Timeline[] {
  const timelines: Timeline[] = [];
  const seen = new Set<string>();
  for (const manifest of response.manifests) {
    const driver = context.drivers.get(manifest.driver_id);
    if (driver === undefined) {
      context.report('unknown_reference', `a manifest names driver '${manifest.driver_id}', who is not in the snapshot`, [manifest.driver_id]);
      continue;
    }
    if (seen.has(driver.id)) {
      context.report('manifest_duplicate', `driver ${driver.id} has more than one manifest`, [driver.id]);
      continue;
    }
    seen.add(driver.id);
    const activities = readActivities(context, manifest);
    timelines.push({ driver, activities, duties: splitDuties(activities) });
  }
  return timelines;
}

function readActivities(context: Context, manifest: DriverManifest): Activity[] {
  const activities: Activity[] = [];
  const offsetOf = zoneOffsets(context.snapshot.timezone);
  const period = { start: Date.parse(context.snapshot.planning_period.start), end: Date.parse(context.snapshot.planning_period.end) };
  let journeyOpen: Activity | null = null;

  manifest.activities.forEach((raw, index) => {
    const where = `${manifest.driver_id} activity ${index} (${raw.type})`;
    const ids = [manifest.driver_id, raw.movement_id, raw.lorry_id];
    if (!isDateTimeWithOffset(raw.start) || !isDateTimeWithOffset(raw.end)) {
      context.report('time_format', `${where}: start and end must be date-times with an offset ('${raw.start}', '${raw.end}')`, ids);
      return;
    }
    const start = Date.parse(raw.start);
    const end = Date.parse(raw.end);
    if (end < start) {
      context.report('time_reversed', `${where}: ends (${raw.end}) before it starts (${raw.start})`, ids);
      return;
    }
    for (const text of [raw.start, raw.end]) {
      const expected = offsetOf(Date.parse(text));
      if (writtenOffset(text) !== expected) {
        context.report('time_offset', `${where}: '${text}' should carry the ${context.snapshot.timezone} offset ${formatOffset(expected)}`, ids);
        break;
      }
    }
    if (!Object.hasOwn(REQUIRED, raw.type)) {
      context.report('activity_shape', `${where}: '${raw.type}' is not an activity type`, ids);
      return;
    }
    const missing = REQUIRED[raw.type].filter((field) => (field === 'nugget_ids' ? (raw.nugget_ids ?? []).length === 0 : raw[field] == null));
    if (missing.length > 0) {
      context.report('activity_shape', `${where}: a ${raw.type} needs ${missing.join(', ')}`, ids);
      return;
    }
    const nuggetIds = raw.nugget_ids ?? [];
    if (new Set(nuggetIds).size !== nuggetIds.length) {
      context.report('activity_shape', `${where}: names a Nugget twice`, ids);
      return;
    }
    const unknown = unknownReferences(context, raw);
    if (unknown.length > 0) {
      context.report('unknown_reference', `${where}: unknown ${unknown.join(', ')}`, ids);
      return;
    }
    const leg = raw.movement_id == null ? undefined : context.legs.get(raw.movement_id);
    if (raw.type === 'delivery' && leg?.type === 'collect_empty') {
      context.report('activity_shape', `${where}: a delivery cannot serve collect_empty leg ${leg.id} (unload a collected empty with yard_work, or deliver it for a deliver_empty leg)`, ids);
      return;
    }

    const activity: Activity = {
      driverId: manifest.driver_id,
      index,
      type: raw.type,
      start,
      end,
      startText: raw.start,
      lorryId: raw.lorry_id ?? null,
      locationId: raw.location_id ?? null,
      fromId: raw.from_location_id ?? null,
      toId: raw.to_location_id ?? null,
      movementId: raw.movement_id ?? null,
      bookingId: raw.booking_id ?? null,
      nuggetIds,
      continuesJourney: false,
    };
    if (activity.type === 'drive') {
      const open: Activity | null = journeyOpen;
      activity.continuesJourney = open !== null && open.fromId === activity.fromId && open.toId === activity.toId && open.lorryId === activity.lorryId;
      journeyOpen = activity;
    } else if (!(activity.type === 'break' && activity.locationId === null)) {
      journeyOpen = null;
    }
    checkOnItsOwn(context, activity, leg, period);
    const previous = activities[activities.length - 1];
    if (previous !== undefined && start < previous.end) {
      context.report('activity_order', `${describe(activity)} starts before ${describe(previous)} ends`, idsOf(activity));
    }
    activities.push(activity);
  });
  return activities;
}

function checkOnItsOwn(context: Context, activity: Activity, leg: { id: string; booking_id?: string | null } | undefined, period: { start: number; end: number }): void {
  if (activity.start < period.start || activity.end > period.end) {
    context.report('outside_planning_period', `${describe(activity)} is not inside the planning period`, idsOf(activity));
  }
  if (activity.type === 'break' && activity.end - activity.start < LIMITS.shortestBreak * MINUTE_MS) {
    context.report('break_too_short', `${describe(activity)} is shorter than ${LIMITS.shortestBreak} min`, idsOf(activity));
  }
  if (activity.type === 'yard_work' && context.places.get(activity.locationId!)?.type !== 'warehouse') {
    context.report('activity_shape', `${describe(activity)}: yard_work is only done at a warehouse, not at ${activity.locationId}`, idsOf(activity, activity.locationId));
  }
  if (leg !== undefined && (leg.booking_id ?? null) !== activity.bookingId) {
    context.report('booking_mismatch', `${describe(activity)} carries booking ${activity.bookingId ?? 'null'}; leg ${leg.id} belongs to ${leg.booking_id ?? 'none'}`, idsOf(activity));
  }
}

function unknownReferences(context: Context, raw: PlannedActivity): string[] {
  const unknown: string[] = [];
  if (raw.lorry_id != null && !context.lorries.has(raw.lorry_id)) unknown.push(`lorry '${raw.lorry_id}'`);
  for (const place of [raw.location_id, raw.from_location_id, raw.to_location_id]) {
    if (place != null && !context.places.has(place)) unknown.push(`place '${place}'`);
  }
  if (raw.movement_id != null && !context.legs.has(raw.movement_id)) unknown.push(`leg '${raw.movement_id}'`);
  for (const nugget of raw.nugget_ids ?? []) if (!context.nuggets.has(nugget)) unknown.push(`Nugget '${nugget}'`);
  return unknown;
}

function splitDuties(activities: Activity[]): Activity[][] {
  const duties: Activity[][] = [];
  let last: Activity | undefined;
  for (const activity of activities) {
    if (last === undefined || activity.start - last.end >= LIMITS.dailyRest * MINUTE_MS) duties.push([]);
    duties[duties.length - 1]!.push(activity);
    last = activity;
  }
  return duties;
}

/** Offset in minutes written in an RFC 3339 date-time (`Z` is 0). */
function writtenOffset(text: string): number {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return 'Z or +00:00';
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** The zone's UTC offset at an instant, cached per quarter hour (offsets change on quarter hours). */
function zoneOffsets(timezone: string): (epochMs: number) => number {
  const cache = new Map<number, number>();
  return (epochMs) => {
    const quarter = Math.floor(epochMs / (15 * MINUTE_MS));
    let offset = cache.get(quarter);
    if (offset === undefined) {
      offset = DateTime.fromMillis(quarter * 15 * MINUTE_MS, { zone: timezone }).offset;
      cache.set(quarter, offset);
    }
    return offset;
  };
}
