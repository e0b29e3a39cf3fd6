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

  const proposed = new Set(snapshot.new_movements?.map((leg) => leg.id));
  snapshot.nuggets.forEach((item, index) => {
    place(item.location_id, ['nuggets', index, 'location_id']);
    // A reservation for a leg outside the snapshot (an accepted leg of another period) is
    // allowed: the Nugget is held for that leg. Only accepted legs reserve, so a proposed one cannot.
    const reserved = item.reserved_for_movement_id;
    if (reserved != null && proposed.has(reserved) && !legs.has(reserved)) {
      report(['nuggets', index, 'reserved_for_movement_id'], 'unknown_reference', `'${reserved}' is a proposed leg (new_movements); only an accepted movement can reserve a Nugget`);
    }
  });

  const checkLeg = (leg: MovementLeg, path: Path) => legChecks[leg.type](leg as never, path, { place, nugget, window, report });
  snapshot.movements.forEach((leg, index) => checkLeg(leg, ['movements', index]));
  snapshot.new_movements?.forEach((leg, index) => checkLeg(leg, ['new_movements', index]));

  snapshot.drivers.forEach((driver, index) => {
    const path: Path = ['drivers', index];
    place(driver.home_warehouse_id, [...path, 'home_warehouse_id'], ['warehouse']);
    if (driver.start_location_id != null) place(driver.start_location_id, [...path, 'start_location_id']);
    driver.availability.forEach((value, w) => window(value, [...path, 'availability', w]));
    // Counters may be observed after data_as_of (the platform reads the driver-hours system
    // apart from the snapshot): they are the state at observed_at (docs/snapshot-rules.md).
    const allowances = driver.fleet_check_allowances;
    const observedAt = allowances == null ? undefined : toEpochMs(allowances.observed_at);
    const refreshTimes = new Map<number, number>();
    driver.future_allowance_refreshes.forEach((refresh, r) => {
      const refreshPath: Path = [...path, 'future_allowance_refreshes', r, 'effective_at'];
      const effectiveAt = toEpochMs(refresh.effective_at);
      if (observedAt !== undefined && effectiveAt <= observedAt) {
        report(refreshPath, 'inconsistent_time', 'a future refresh must take effect after the counters it follows were observed (observed_at)');
      }
      const same = refreshTimes.get(effectiveAt);
      if (same !== undefined) report(refreshPath, 'inconsistent_time', `refresh ${same} takes effect at the same instant with other counters`);
      else refreshTimes.set(effectiveAt, r);
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
  // A must_clear_by before the window opens, or an arrival window closing before the pickup
  // window opens, is allowed by the spec: such a leg is returned unplanned (window_unreachable).
  collect_empty(leg, path, { place, nugget, window }) {
    nugget(leg.nugget_id, [...path, 'nugget_id']);
    place(leg.location_id, [...path, 'location_id']);
    window(leg.window, [...path, 'window']);
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
    if (leg.arrival_window != null) window(leg.arrival_window, [...path, 'arrival_window']);
  },
};

/**
 * Zone names already found valid. Building an Intl.DateTimeFormat costs ~0.5 ms, most of the
 * cost of a small request; only exact names are kept, at most MAX_REMEMBERED_TIMEZONES.
 */
const validTimezones = new Set<string>();
const MAX_REMEMBERED_TIMEZONES = 1_000;

function isKnownTimezone(name: string): boolean {
  if (validTimezones.has(name)) return true;
  if (!isExactIanaName(name)) return false;
  if (validTimezones.size < MAX_REMEMBERED_TIMEZONES) validTimezones.add(name);
  return true;
}

/**
 * IANA names are case-sensitive, but Intl (ICU) accepts any case and answers with its own
 * spelling: `europe/london` resolves to `Europe/London`. A name is exact when ICU gives it back
 * unchanged; a deprecated link that ICU replaces by its target (`US/Pacific` is
 * `America/Los_Angeles`, `GMT` is `UTC`) is exact when it is not a case variant of the target
 * and every part begins with a capital letter, as every IANA name does.
 */
export function isExactIanaName(name: string): boolean {
  // Newer ICU builds also take UTC offsets such as `+01:00` as zones; the spec asks for an IANA name.
  if (!/^[A-Za-z]/.test(name)) return false;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (resolved === name) return true;
  if (resolved.toLowerCase() === name.toLowerCase()) return false;
  return name.split('/').every((part) => /^[A-Z]/.test(part));
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
