import { IANAZone } from 'luxon';
import type { ErrorDetail, MovementLeg, Place, PlaceType, Snapshot, Window } from '../contract/index.ts';
import { toEpochMs } from './date-time.ts';
import type { Path } from './details.ts';

/**
 * Checks that need the whole snapshot: unique ids, references, window order, consistent
 * times, the timezone. Runs on a snapshot that already passed the schema.
 */
export function semanticDetails(snapshot: Snapshot): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const report = (path: Path, code: ErrorDetail['code'], message: string) => details.push({ path, code, message });

  const places = new Map<string, Place>();
  uniqueIds(snapshot.locations, ['locations'], report).forEach((index, id) => places.set(id, snapshot.locations[index]!));
  const nuggets = uniqueIds(snapshot.nuggets, ['nuggets'], report);
  uniqueIds(snapshot.drivers, ['drivers'], report);
  uniqueIds(snapshot.lorries, ['lorries'], report);
  const legs = uniqueIds(snapshot.movements, ['movements'], report);
  snapshot.new_movements?.forEach((leg, index) => {
    if (legs.has(leg.id)) report(['new_movements', index, 'id'], 'duplicate_id', `movement id '${leg.id}' is already used in movements`);
  });
  uniqueIds(snapshot.new_movements ?? [], ['new_movements'], report);

  const place = (id: string, path: Path, allowed?: readonly PlaceType[]) => {
    const found = places.get(id);
    if (found === undefined) report(path, 'unknown_reference', `no location has id '${id}'`);
    else if (allowed !== undefined && !allowed.includes(found.type)) {
      report(path, 'wrong_place_type', `location '${id}' is a ${found.type}; expected ${allowed.join(' or ')}`);
    }
  };
  const nugget = (id: string, path: Path) => {
    if (!nuggets.has(id)) report(path, 'unknown_reference', `no Nugget has id '${id}'`);
  };
  const window = (value: Window, path: Path) => {
    if (toEpochMs(value.end) < toEpochMs(value.start)) report(path, 'window_reversed', 'window.end is before window.start');
  };

  if (!isKnownTimezone(snapshot.timezone)) report(['timezone'], 'unknown_timezone', `'${snapshot.timezone}' is not an IANA timezone`);
  window(snapshot.planning_period, ['planning_period']);

  snapshot.nuggets.forEach((item, index) => {
    place(item.location_id, ['nuggets', index, 'location_id']);
    const reserved = item.reserved_for_movement_id;
    if (reserved != null && !legs.has(reserved)) {
      report(['nuggets', index, 'reserved_for_movement_id'], 'unknown_reference', `no accepted movement has id '${reserved}'`);
    }
  });

  const checkLeg = (leg: MovementLeg, path: Path) => legChecks[leg.type](leg as never, path, { place, nugget, window, report });
  snapshot.movements.forEach((leg, index) => checkLeg(leg, ['movements', index]));
  snapshot.new_movements?.forEach((leg, index) => checkLeg(leg, ['new_movements', index]));

  const dataAsOf = toEpochMs(snapshot.data_as_of);
  snapshot.drivers.forEach((driver, index) => {
    const path: Path = ['drivers', index];
    place(driver.home_warehouse_id, [...path, 'home_warehouse_id'], ['warehouse']);
    if (driver.start_location_id != null) place(driver.start_location_id, [...path, 'start_location_id']);
    driver.availability.forEach((value, w) => window(value, [...path, 'availability', w]));
    const allowances = driver.fleet_check_allowances;
    const observedAt = allowances == null ? undefined : toEpochMs(allowances.observed_at);
    if (observedAt !== undefined && observedAt > dataAsOf) {
      report([...path, 'fleet_check_allowances', 'observed_at'], 'inconsistent_time', 'counters cannot be observed after data_as_of');
    }
    driver.future_allowance_refreshes.forEach((refresh, r) => {
      const effectiveAt = toEpochMs(refresh.effective_at);
      if (observedAt !== undefined && effectiveAt <= observedAt) {
        report([...path, 'future_allowance_refreshes', r, 'effective_at'], 'inconsistent_time', 'a future refresh must take effect after observed_at');
      }
      const previous = driver.future_allowance_refreshes[r - 1];
      if (previous !== undefined && effectiveAt <= toEpochMs(previous.effective_at)) {
        report([...path, 'future_allowance_refreshes', r, 'effective_at'], 'inconsistent_time', 'refreshes must be in increasing effective_at order');
      }
    });
  });
  snapshot.lorries.forEach((lorry, index) => {
    place(lorry.start_location_id, ['lorries', index, 'start_location_id']);
    lorry.availability.forEach((value, w) => window(value, ['lorries', index, 'availability', w]));
  });
  return details;
}

interface Checks {
  place(id: string, path: Path, allowed?: readonly PlaceType[]): void;
  nugget(id: string, path: Path): void;
  window(value: Window, path: Path): void;
  report(path: Path, code: ErrorDetail['code'], message: string): void;
}
type LegCheck<T extends MovementLeg['type']> = (leg: Extract<MovementLeg, { type: T }>, path: Path, checks: Checks) => void;

const RECEIVING_PLACES: readonly PlaceType[] = ['customer_property', 'handover_point'];

/** One function per leg type. */
const legChecks: { [T in MovementLeg['type']]: LegCheck<T> } = {
  deliver_empty(leg, path, { place, window }) {
    place(leg.destination_id, [...path, 'destination_id'], RECEIVING_PLACES);
    window(leg.window, [...path, 'window']);
  },
  collect_empty(leg, path, { place, nugget, window, report }) {
    nugget(leg.nugget_id, [...path, 'nugget_id']);
    place(leg.location_id, [...path, 'location_id']);
    window(leg.window, [...path, 'window']);
    if (leg.must_clear_by != null && toEpochMs(leg.must_clear_by) < toEpochMs(leg.window.start)) {
      report([...path, 'must_clear_by'], 'inconsistent_time', 'must_clear_by is before the pickup window opens');
    }
  },
  move_nugget(leg, path, { place, nugget, window, report }) {
    const seen = new Set<string>();
    leg.nugget_ids.forEach((id, index) => {
      nugget(id, [...path, 'nugget_ids', index]);
      if (seen.has(id)) report([...path, 'nugget_ids', index], 'nugget_listed_twice', `Nugget '${id}' is listed twice`);
      seen.add(id);
    });
    place(leg.origin_id, [...path, 'origin_id']);
    place(leg.destination_id, [...path, 'destination_id']);
    if (leg.origin_id === leg.destination_id) {
      report([...path, 'destination_id'], 'same_origin_and_destination', 'destination_id equals origin_id');
    }
    window(leg.pickup_window, [...path, 'pickup_window']);
    if (leg.arrival_window != null) {
      window(leg.arrival_window, [...path, 'arrival_window']);
      if (toEpochMs(leg.arrival_window.end) < toEpochMs(leg.pickup_window.start)) {
        report([...path, 'arrival_window'], 'inconsistent_time', 'the arrival window closes before the pickup window opens');
      }
    }
  },
};

/**
 * Zone names already found valid. luxon's check builds an Intl.DateTimeFormat on every call
 * (~0.5 ms, most of the cost of a small request). Only valid names are kept, and at most
 * MAX_REMEMBERED_TIMEZONES of them (Intl also accepts case variants), so memory stays bounded.
 */
const validTimezones = new Set<string>();
const MAX_REMEMBERED_TIMEZONES = 1_000;

function isKnownTimezone(name: string): boolean {
  if (validTimezones.has(name)) return true;
  if (!IANAZone.isValidZone(name)) return false;
  if (validTimezones.size < MAX_REMEMBERED_TIMEZONES) validTimezones.add(name);
  return true;
}

/** Map id -> first index; reports every later repeat. */
function uniqueIds(items: readonly { id: string }[], base: Path, report: Checks['report']): Map<string, number> {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const first = seen.get(item.id);
    if (first === undefined) seen.set(item.id, index);
    else report([...base, index, 'id'], 'duplicate_id', `id '${item.id}' is already used at ${base.join('.')}[${first}]`);
  });
  return seen;
}
