/**
 * What makes a generated snapshot realistic and internally consistent, checked from the JSON alone
 * (independently of how the generator works). Each function returns the problems it found.
 */
import { DateTime } from 'luxon';

type Json = Record<string, any>;
interface Window {
  start: string;
  end: string;
}

const ms = (value: string) => Date.parse(value);
const within = (inner: Window, outer: Window) => ms(inner.start) >= ms(outer.start) && ms(inner.end) <= ms(outer.end);
const typeOf = (leg: Json): string => leg.type ?? (leg.nugget_ids ? 'move_nugget' : leg.nugget_id ? 'collect_empty' : 'deliver_empty');
const isOffHire = (nugget: Json) => nugget.on_hire_to_customer_id == null;

/** Every place reference resolves, Nuggets named by legs can be where and when the legs need them. */
export function referenceProblems(snapshot: Json): string[] {
  const problems: string[] = [];
  const places = new Map<string, Json>(snapshot.locations.map((place: Json) => [place.id, place]));
  const nuggets = new Map<string, Json>(snapshot.nuggets.map((nugget: Json) => [nugget.id, nugget]));
  const legs = new Map<string, Json>(snapshot.movements.map((leg: Json) => [leg.id, leg]));

  for (const nugget of snapshot.nuggets) {
    if (!places.has(nugget.location_id)) problems.push(`${nugget.id}: unknown place ${nugget.location_id}`);
    const reservedFor = nugget.reserved_for_movement_id;
    if (reservedFor == null) continue;
    const leg = legs.get(reservedFor);
    if (leg === undefined) problems.push(`${nugget.id}: reserved for unknown leg ${reservedFor}`);
    else if (!(typeOf(leg) === 'deliver_empty' || (leg.nugget_ids ?? []).includes(nugget.id))) problems.push(`${nugget.id}: reserved for ${reservedFor}, which cannot use it`);
    if (!isOffHire(nugget) || nugget.availability !== 'in_service') problems.push(`${nugget.id}: reserved but not an in-service off-hire Nugget`);
  }

  // Replay the named Nuggets' journeys in pickup order: each must be at the pickup place.
  const position = new Map<string, string | null>(snapshot.nuggets.map((nugget: Json) => [nugget.id, nugget.location_id]));
  const named = snapshot.movements
    .filter((leg: Json) => typeOf(leg) !== 'deliver_empty')
    .map((leg: Json) => ({ leg, at: ms((leg.pickup_window ?? leg.window).start) }))
    .sort((a: { at: number }, b: { at: number }) => a.at - b.at);
  for (const { leg } of named) {
    const ids: string[] = leg.nugget_ids ?? [leg.nugget_id];
    const origin: string = leg.origin_id ?? leg.location_id;
    for (const id of ids) {
      const nugget = nuggets.get(id);
      if (nugget === undefined) {
        problems.push(`${leg.id}: unknown Nugget ${id}`);
        continue;
      }
      if (nugget.availability !== 'in_service') problems.push(`${leg.id}: names ${id}, which is ${nugget.availability}`);
      if (nugget.reserved_for_movement_id != null && nugget.reserved_for_movement_id !== leg.id) problems.push(`${leg.id}: names ${id}, reserved for another leg`);
      if (position.get(id) !== origin) problems.push(`${leg.id}: ${id} is at ${position.get(id)}, not at ${origin}, when picked up`);
      position.set(id, leg.destination_id ?? null);
    }
    if (typeOf(leg) === 'collect_empty' && !isOffHire(nuggets.get(leg.nugget_id) ?? {})) problems.push(`${leg.id}: collects an on-hire Nugget`);
    if (leg.origin_id !== undefined && !places.has(leg.origin_id)) problems.push(`${leg.id}: unknown origin`);
  }
  for (const leg of snapshot.movements) {
    for (const key of ['destination_id', 'location_id', 'origin_id']) {
      if (leg[key] !== undefined && !places.has(leg[key])) problems.push(`${leg.id}: unknown ${key} ${leg[key]}`);
    }
  }
  for (const resource of [...snapshot.drivers, ...snapshot.lorries]) {
    for (const key of ['home_warehouse_id', 'start_location_id']) {
      if (resource[key] != null && !places.has(resource[key])) problems.push(`${resource.id}: unknown ${key}`);
    }
  }
  return problems;
}

/**
 * Necessary conditions for the legs to be plannable: windows inside the period, a qualified
 * driver and an equipped lorry available in each window, enough eligible empties for the
 * deliveries, place capacities that hold what is there plus everything legs bring.
 */
export function plannabilityProblems(snapshot: Json): string[] {
  const problems: string[] = [];
  const period: Window = snapshot.planning_period;
  const nuggets: Json[] = snapshot.nuggets;
  const placeType = new Map<string, string>(snapshot.locations.map((place: Json) => [place.id, place.type]));
  const allLegs: Json[] = [...snapshot.movements, ...(snapshot.new_movements ?? [])];

  // Availability windows of qualified drivers and of equipped lorries, per handling method.
  const licensed = (driver: Json) => (driver.qualifications ?? ['hgv_c']).some((q: string) => q === 'hgv_c' || q === 'hgv_ce');
  const instants = (windows: Window[]) => windows.map((w) => [ms(w.start), ms(w.end)] as const);
  const driverWindows = (method: string) =>
    instants(snapshot.drivers.filter((d: Json) => licensed(d) && (d.qualifications ?? ['crane']).includes(method)).flatMap((d: Json) => d.availability));
  const lorryWindows = (method: string) => instants(snapshot.lorries.filter((l: Json) => (l.equipment ?? ['crane']).includes(method)).flatMap((l: Json) => l.availability));
  const crews = { crane: { drivers: driverWindows('crane'), lorries: lorryWindows('crane') }, forklift: { drivers: driverWindows('forklift'), lorries: lorryWindows('forklift') } };

  for (const leg of allLegs) {
    const method: 'crane' | 'forklift' = leg.handling_method ?? 'crane';
    const windows: Window[] = [leg.window ?? leg.pickup_window, ...(leg.arrival_window ? [leg.arrival_window] : [])];
    for (const window of windows) {
      if (!within(window, period)) problems.push(`${leg.id}: window outside the planning period`);
      if (ms(window.end) - ms(window.start) < 30 * 60_000) problems.push(`${leg.id}: window shorter than 30 minutes`);
    }
    if (leg.arrival_window && ms(leg.arrival_window.end) <= ms(leg.pickup_window.start)) problems.push(`${leg.id}: arrival window closes before pickup opens`);
    if (leg.must_clear_by != null && ms(leg.must_clear_by) < ms(leg.window.end)) problems.push(`${leg.id}: must_clear_by before the window ends`);
    const [from, to] = [ms(windows[0]!.start), ms(windows[0]!.end)];
    const available = (list: (readonly [number, number])[]) => list.some(([start, end]) => start <= to && from <= end);
    if (!available(crews[method].drivers)) problems.push(`${leg.id}: no ${method}-qualified driver available in its window`);
    if (!available(crews[method].lorries)) problems.push(`${leg.id}: no lorry with a ${method} available in its window`);
  }

  // Empties: deliveries need eligible off-hire Nuggets; collected ones count for any_available.
  const namedByLegs = new Set<string>(snapshot.movements.flatMap((leg: Json) => leg.nugget_ids ?? (leg.nugget_id ? [leg.nugget_id] : [])));
  const legType = new Map<string, string>(snapshot.movements.map((leg: Json) => [leg.id, typeOf(leg)]));
  const eligible = nuggets.filter(
    (n) => n.availability === 'in_service' && isOffHire(n) && !namedByLegs.has(n.id) && (n.reserved_for_movement_id == null || legType.get(n.reserved_for_movement_id) === 'deliver_empty'),
  );
  const atWarehouse = eligible.filter((n) => placeType.get(n.location_id) === 'warehouse').length;
  const collected = snapshot.movements.filter((leg: Json) => typeOf(leg) === 'collect_empty').length;
  const deliveries = snapshot.movements.filter((leg: Json) => typeOf(leg) === 'deliver_empty');
  const demand = deliveries.reduce((sum: number, leg: Json) => sum + (leg.quantity ?? 1), 0);
  const warehouseOnly = deliveries.filter((leg: Json) => leg.empty_source === 'warehouse_only').reduce((sum: number, leg: Json) => sum + (leg.quantity ?? 1), 0);
  if (demand > eligible.length + collected) problems.push(`deliveries need ${demand} empties; ${eligible.length} eligible and ${collected} collected`);
  if (warehouseOnly > atWarehouse) problems.push(`warehouse-only deliveries need ${warehouseOnly} empties; ${atWarehouse} at warehouses`);

  // Capacities hold the Nuggets there plus every Nugget accepted legs could bring.
  const load = new Map<string, number>();
  const add = (id: string, count: number) => load.set(id, (load.get(id) ?? 0) + count);
  for (const nugget of nuggets) add(nugget.location_id, 1);
  for (const leg of snapshot.movements) {
    if (typeOf(leg) === 'deliver_empty') add(leg.destination_id, leg.quantity ?? 1);
    if (typeOf(leg) === 'move_nugget') add(leg.destination_id, leg.nugget_ids.length);
  }
  const warehouses = snapshot.locations.filter((place: Json) => place.type === 'warehouse');
  const warehouseCapacity = warehouses.reduce((sum: number, place: Json) => sum + (place.nugget_capacity ?? Infinity), 0);
  const warehouseLoad = warehouses.reduce((sum: number, place: Json) => sum + (load.get(place.id) ?? 0), 0);
  if (warehouseLoad + collected > warehouseCapacity) problems.push('warehouses cannot hold their Nuggets and the collected empties');
  for (const place of snapshot.locations) {
    if (place.nugget_capacity != null && place.type !== 'warehouse' && (load.get(place.id) ?? 0) > place.nugget_capacity) {
      problems.push(`${place.id}: capacity ${place.nugget_capacity} below the ${load.get(place.id)} Nuggets it may have to hold`);
    }
  }
  return problems;
}

/** Drivers'-hours counters inside the legal limits, observed before the snapshot was read; refreshes in the period. */
export function allowanceProblems(snapshot: Json): string[] {
  const problems: string[] = [];
  for (const driver of snapshot.drivers) {
    const a = driver.fleet_check_allowances;
    if (a == null) continue;
    const today = a.driving_today_minutes ?? 0;
    const week = a.driving_this_week_minutes ?? 0;
    const previous = a.driving_previous_week_minutes ?? 0;
    if (ms(a.observed_at) > ms(snapshot.data_as_of)) problems.push(`${driver.id}: counters observed after data_as_of`);
    if (today > 540 || week > 3360 || week + previous > 5400) problems.push(`${driver.id}: counters beyond the legal limits`);
    if (today > week) problems.push(`${driver.id}: more driving today than this week`);
    if ((a.driving_since_break_minutes ?? 0) > 270 || (a.working_since_break_minutes ?? 0) > 360) problems.push(`${driver.id}: since-break counters beyond the limits`);
    for (const refresh of driver.future_allowance_refreshes ?? []) {
      if (!within({ start: refresh.effective_at, end: refresh.effective_at }, snapshot.planning_period)) problems.push(`${driver.id}: refresh outside the period`);
    }
  }
  return problems;
}

/** The local wall-clock time (`HH:mm`) of a date-time in a zone. */
export function localTime(value: string, zone = 'Europe/London'): string {
  return DateTime.fromISO(value, { zone }).toFormat('HH:mm');
}

/** The offset a date-time string was written with (`+00:00`, `+01:00`, `Z`). */
export function writtenOffset(value: string): string {
  return /(Z|[+-]\d{2}:\d{2})$/.exec(value)?.[1] ?? '';
}
