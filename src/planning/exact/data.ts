/**
 * The data of models/horizon.mzn for a planning problem, and the layout that reads its
 * solution back (decode.ts) or fixes its variables to a plan (fix.ts).
 *
 * Indexes are 1-based in the model. Places, legs, drivers and lorries keep the problem's order;
 * the model's units are the units of the offered legs, in problem order; nodes follow the
 * model's numbering (pickups 1..U, deliveries U+1..2U, duty starts 2U+1..2U+D+1, finishes
 * 2U+D+2..2U+2D+2, the last of each being the route OUT of nodes not visited).
 */
import { createHoursCalendar, LIMITS } from '../hours/index.ts';
import { candidateEmpties, type EmptyCandidate, type PlanningProblem, type ProblemDriver } from '../problem/index.ts';
import { driverSegments, type Segment } from './weeks.ts';

const KIND = { move_nugget: 1, collect_empty: 2, deliver_empty: 3 } as const;

export interface ExactDataOptions {
  /** Legs (problem indexes) the model may serve; default every accepted leg. */
  legs: readonly number[];
  /** Legs that must be served (a booking check's proof); default none. */
  required?: readonly number[];
  /** Duty slots per availability window of each driver (a second one lets a driver change lorry); default 1. */
  slotsPerWindow?: number;
}

/** One duty slot: a driver in one of their availability windows. */
export interface Slot {
  driver: number;
  window: { start: number; end: number };
  /** Position among the slots of that window (0 first). */
  order: number;
}

/** A class of interchangeable empties: the Nuggets (problem indexes) at one place open to the same units. */
export interface EmptyClass {
  place: number;
  nuggets: number[];
  /** Reserved for no leg: any deliver_empty may take them again where one delivered them. */
  pool: boolean;
}

/** A class's empties that one deliver_empty (model unit, 0-based) may take where another delivered them. */
export interface EmptyPass {
  /** Class (0-based). */
  emptyClass: number;
  from: number;
  to: number;
}

export interface ExactLayout {
  /** Model unit (0-based) -> problem unit index. */
  units: number[];
  /** Problem unit index -> model unit (0-based), for the offered units. */
  unitOf: Map<number, number>;
  slots: Slot[];
  classes: EmptyClass[];
  passes: EmptyPass[];
  /** Model tracked Nugget (0-based) -> problem Nugget index. */
  tracked: number[];
  /** Drivers given no slot, with why (the model is then a restriction for them). */
  excludedDrivers: { driver: number; why: string }[];
}

export interface ExactInstance {
  data: Record<string, unknown>;
  layout: ExactLayout;
}

/** Why the model cannot state a problem exactly (a refresh or two week starts inside a window). */
export class ExactUnsupported extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExactUnsupported';
  }
}

const matrix = <T>(rows: number, columns: number, cell: (row: number, column: number) => T): T[][] =>
  Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => cell(row, column)));

export function exactData(problem: PlanningProblem, options: ExactDataOptions): ExactInstance {
  const horizon = problem.horizon;
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  const offered = new Set(options.legs);
  const required = new Set(options.required ?? []);
  const units = problem.units.filter((unit) => offered.has(unit.leg)).map((unit) => unit.index);
  const unitOf = new Map(units.map((unit, position) => [unit, position]));
  const modelUnits = units.map((index) => problem.units[index]!);

  // --- crews: slots per availability window of each driver who may drive
  const excludedDrivers: ExactLayout['excludedDrivers'] = [];
  const slotsPerWindow = options.slotsPerWindow ?? 1;
  const slots: Slot[] = [];
  for (const driver of problem.drivers) {
    const why = driverExclusion(driver);
    if (why !== null) {
      excludedDrivers.push({ driver: driver.index, why });
      continue;
    }
    for (const window of driver.availability) {
      for (let order = 0; order < slotsPerWindow; order++) slots.push({ driver: driver.index, window, order });
    }
  }
  const previousSlot = slots.map((slot, index) => (index > 0 && slots[index - 1]!.driver === slot.driver ? index : 0));
  const lorryWindows = problem.lorries.flatMap((lorry) => lorry.availability.map((window) => ({ lorry: lorry.index, ...window })));

  // --- empties: followed Nuggets (named by an offered leg) one by one, the others in classes
  const trackedIndex = new Map<number, number>();
  for (const unit of modelUnits) {
    if (unit.type === 'deliver_empty') continue;
    for (const nugget of unit.nuggets) if (!trackedIndex.has(nugget)) trackedIndex.set(nugget, trackedIndex.size);
  }
  const tracked = [...trackedIndex.keys()];
  const emptyFor = matrix(tracked.length, modelUnits.length, () => false);
  const classKeys = new Map<string, EmptyClass & { units: Set<number> }>();
  const audience = new Map<number, { place: number; units: number[] }>();
  modelUnits.forEach((unit, position) => {
    for (const candidate of [...candidateEmpties(problem, unit), ...widerEmpties(problem, unit, trackedIndex)]) {
      const followed = trackedIndex.get(candidate.nugget);
      if (followed !== undefined) {
        emptyFor[followed]![position] = true;
        continue;
      }
      let entry = audience.get(candidate.nugget);
      if (entry === undefined) audience.set(candidate.nugget, (entry = { place: candidate.place, units: [] }));
      if (entry.units[entry.units.length - 1] !== position) entry.units.push(position);
    }
  });
  for (const [nugget, { place, units: open }] of [...audience].sort((a, b) => a[0] - b[0])) {
    const pool = problem.nuggets[nugget]!.reservedFor === null;
    const key = `${place}:${open.join(',')}:${pool}`;
    let entry = classKeys.get(key);
    if (entry === undefined) classKeys.set(key, (entry = { place, nuggets: [], units: new Set(open), pool }));
    entry.nuggets.push(nugget);
  }
  const classList = [...classKeys.values()];
  const passes = emptyPasses(problem, modelUnits, classList);

  // --- hours: refreshes per slot, fixed-week segments, nights
  const refreshes: { today: number; sinceBreak: number; working: number }[] = [];
  const slotRefresh = slots.map(() => 0);
  const segments: Segment[] = [];
  const slotSegments = slots.map(() => ({ before: 0, after: 0, boundary: 0 }));
  for (const driver of problem.drivers) {
    const own = slots.map((slot, index) => ({ slot, index })).filter(({ slot }) => slot.driver === driver.index);
    if (own.length === 0) continue;
    const windows = driver.availability;
    for (const refresh of driver.hours.refreshes) {
      if (windows.some((window) => window.start < refresh.at && refresh.at < window.end)) {
        throw new ExactUnsupported(`driver ${driver.id}'s counters are refreshed inside an availability window (minute ${refresh.at})`);
      }
    }
    windows.forEach((window, position) => {
      const after = position === 0 ? -Infinity : windows[position - 1]!.end;
      const latest = driver.hours.refreshes.filter((refresh) => refresh.at > after && refresh.at <= window.start).pop();
      if (latest === undefined) return;
      refreshes.push({ today: latest.drivingToday, sinceBreak: latest.drivingSinceBreak, working: latest.workingSinceBreak });
      const first = own.find(({ slot }) => slot.window === window && slot.order === 0)!;
      slotRefresh[first.index] = refreshes.length;
    });
    const firstSegment = segments.length;
    const driverSegmentsList = driverSegments(driver, calendar, horizon);
    segments.push(...driverSegmentsList);
    const segmentAt = (minute: number, strictly: boolean) => {
      let found = 0;
      driverSegmentsList.forEach((segment, position) => {
        if (strictly ? segment.start < minute : segment.start <= minute) found = position;
      });
      return firstSegment + found + 1;
    };
    for (const { slot, index } of own) {
      const inside = driverSegmentsList.filter((segment) => segment.start > slot.window.start && segment.start < slot.window.end);
      if (inside.length > 1) throw new ExactUnsupported(`driver ${driver.id} has an availability window with two fixed-week starts inside`);
      slotSegments[index] = { before: segmentAt(slot.window.start, false), after: segmentAt(slot.window.end, true), boundary: inside[0]?.start ?? 0 };
    }
  }
  const segmentPrevious = segments.map((segment, index) => (index > 0 && segments[index - 1]!.driver === segment.driver ? index : 0));

  const places = problem.places;
  const data: Record<string, unknown> = {
    n_places: places.length,
    n_legs: problem.legs.length,
    n_units: modelUnits.length,
    n_drivers: problem.drivers.length,
    n_lorries: problem.lorries.length,
    n_duties: slots.length,
    horizon,
    travel: problem.travelMinutes.map((row) => row.map((minutes) => Math.min(minutes, horizon))),
    unit_leg: modelUnits.map((unit) => unit.leg + 1),
    unit_kind: modelUnits.map((unit) => KIND[unit.type]),
    unit_size: modelUnits.map((unit) => unit.size),
    unit_pickup_place: modelUnits.map((unit) => (unit.type === 'deliver_empty' ? 0 : unit.pickupPlaces[0]! + 1)),
    unit_delivery_place: modelUnits.map((unit) => (unit.deliveryPlace === null ? 0 : unit.deliveryPlace + 1)),
    ...windowArrays(modelUnits.map((unit) => unit.pickupWindow), 'pickup', horizon),
    ...windowArrays(modelUnits.map((unit) => unit.deliveryWindow), 'delivery', horizon),
    pickup_minutes: modelUnits.map((unit) => unit.size * unit.pickupMinutesPerNugget),
    delivery_minutes: modelUnits.map((unit) => unit.size * unit.deliveryMinutesPerNugget),
    leg_offered: problem.legs.map((leg) => offered.has(leg.index) && legWindowsOpen(problem, leg.units)),
    leg_required: problem.legs.map((leg) => required.has(leg.index)),
    // crews
    check_minutes: problem.walkRoundCheckMinutes,
    duty_driver: slots.map((slot) => slot.driver + 1),
    duty_earliest: slots.map((slot) => slot.window.start),
    duty_latest: slots.map((slot) => slot.window.end),
    duty_previous: previousSlot,
    driver_start_place: problem.drivers.map((driver) => driver.startPlace + 1),
    lorry_start_place: problem.lorries.map((lorry) => lorry.startPlace + 1),
    lorry_capacity: problem.lorries.map((lorry) => lorry.capacity),
    n_lorry_windows: lorryWindows.length,
    lorry_window_lorry: lorryWindows.map((window) => window.lorry + 1),
    lorry_window_start: lorryWindows.map((window) => window.start),
    lorry_window_end: lorryWindows.map((window) => window.end),
    driver_qualified: modelUnits.map((unit) => problem.drivers.map((driver) => unit.eligibleDrivers.includes(driver.index))),
    lorry_fits: modelUnits.map((unit) => problem.lorries.map((lorry) => unit.eligibleLorries.includes(lorry.index))),
    // nuggets
    n_classes: classList.length,
    class_place: classList.map((entry) => entry.place + 1),
    class_count: classList.map((entry) => entry.nuggets.length),
    class_for: classList.map((entry) => modelUnits.map((_, position) => entry.units.has(position))),
    class_pool: classList.map((entry) => entry.pool),
    warehouse_only: modelUnits.map((unit) => unit.empties?.source === 'warehouse_only'),
    is_warehouse: places.map((place) => place.type === 'warehouse'),
    n_passes: passes.length,
    pass_class: passes.map((pass) => pass.emptyClass + 1),
    pass_from: passes.map((pass) => pass.from + 1),
    pass_to: passes.map((pass) => pass.to + 1),
    n_tracked: tracked.length,
    tracked_place: tracked.map((nugget) => problem.nuggets[nugget]!.place + 1),
    tracked_named: tracked.map((nugget) => modelUnits.map((unit) => unit.type !== 'deliver_empty' && unit.nuggets.includes(nugget))),
    tracked_empty_for: emptyFor,
    collected: modelUnits.map((unit) => (unit.type === 'collect_empty' ? trackedIndex.get(unit.nuggets[0]!)! + 1 : 0)),
    least_journey: leastJourneys(problem, modelUnits, emptyFor, trackedIndex),
    takes_collected: places.map((place) => place.type === 'warehouse' && (place.capacity === null || place.capacity > 0)),
    // horizon + 1: none; a must_clear_by at or after the period's end still asks the lorry to drive off (windows.ts)
    must_clear_by: modelUnits.map((unit) => (unit.mustClearBy === null ? horizon + 1 : Math.min(horizon, unit.mustClearBy))),
    // places
    place_capacity: places.map((place) => place.capacity ?? -1),
    place_initial: places.map((place) => place.initialOccupancy),
    // hours
    driving_before_break: LIMITS.drivingBeforeBreak,
    full_break: LIMITS.fullBreak,
    split_second: LIMITS.splitSecondPart,
    shortest_break: LIMITS.shortestBreak,
    daily_driving: LIMITS.dailyDriving,
    weekly_driving: LIMITS.weeklyDriving,
    fortnight_driving: LIMITS.fortnightDriving,
    working_before_break: LIMITS.workingBeforeBreak,
    duty_working_tier1: LIMITS.dutyWorkingTier1,
    duty_breaks_tier1: LIMITS.dutyBreaksTier1,
    duty_working_tier2: LIMITS.dutyWorkingTier2,
    duty_breaks_tier2: LIMITS.dutyBreaksTier2,
    night_duty_working: LIMITS.nightDutyWorking,
    duty_span: LIMITS.dutySpan,
    daily_rest: LIMITS.dailyRest,
    hours_rested: problem.drivers.map((driver) => driver.hours.rested),
    hours_driving_today: problem.drivers.map((driver) => driver.hours.counters.drivingToday),
    hours_driving_since_break: problem.drivers.map((driver) => driver.hours.counters.drivingSinceBreak),
    hours_working_since_break: problem.drivers.map((driver) => driver.hours.counters.workingSinceBreak),
    n_refreshes: refreshes.length,
    refresh_driving_today: refreshes.map((refresh) => refresh.today),
    refresh_driving_since_break: refreshes.map((refresh) => refresh.sinceBreak),
    refresh_working_since_break: refreshes.map((refresh) => refresh.working),
    duty_refresh: slotRefresh,
    n_segments: segments.length,
    segment_driver: segments.map((segment) => segment.driver + 1),
    segment_previous: segmentPrevious,
    segment_this_kind: segments.map((segment) => segment.thisKind),
    segment_this_value: segments.map((segment) => segment.thisValue),
    segment_previous_kind: segments.map((segment) => segment.previousKind),
    segment_previous_value: segments.map((segment) => segment.previousValue),
    duty_segment_before: slotSegments.map((entry) => entry.before),
    duty_segment_after: slotSegments.map((entry) => entry.after),
    duty_boundary: slotSegments.map((entry) => entry.boundary),
    n_nights: problem.calendar.nights.length,
    night_start: problem.calendar.nights.map((night) => night.start),
    night_end: problem.calendar.nights.map((night) => night.end),
    // no plan to check
    fixed_succ: [],
    fixed_loc: [],
    fixed_time: [],
    fixed_depart: [],
    fixed_break: [],
    fixed_before_break: [],
    fixed_second_break: [],
    fixed_before_second_break: [],
    fixed_third_break: [],
    fixed_before_third_break: [],
    fixed_break_effect: [],
    fixed_second_break_effect: [],
    fixed_third_break_effect: [],
    fixed_lorry: [],
    fixed_returns: [],
    fixed_end: [],
    // no warm start
    warm_succ: [],
    warm_loc: [],
    warm_time: [],
    warm_depart: [],
    warm_break: [],
    warm_before_break: [],
    warm_second_break: [],
    warm_before_second_break: [],
    warm_third_break: [],
    warm_before_third_break: [],
    warm_lorry: [],
    warm_returns: [],
    lns_keep: 0,
  };
  return { data, layout: { units, unitOf, slots, classes: classList.map(({ place, nuggets, pool }) => ({ place, nuggets, pool })), passes, tracked, excludedDrivers } };
}

/**
 * The empties of a deliver_empty unit that the validator accepts (eligibility.ts: in service,
 * off-hire, reserved for no other leg; a warehouse_only leg's loaded at a warehouse) beyond the
 * problem layer's (problem/empties.ts, which the search uses): a Nugget a move_nugget names, and
 * for a warehouse_only unit a Nugget a collect_empty names. Either is then a followed Nugget when
 * its leg is offered (the order of its handlers, models/horizon/nuggets.mzn, which also asks a
 * warehouse_only unit to load a followed Nugget at a warehouse), an empty of a class at its place
 * otherwise (a warehouse for warehouse_only). Only Nuggets at the problem's places (those the
 * journey data covers).
 */
function widerEmpties(problem: PlanningProblem, unit: PlanningProblem['units'][number], tracked: ReadonlyMap<number, number>): EmptyCandidate[] {
  if (unit.type !== 'deliver_empty') return [];
  const leg = problem.legs[unit.leg]!;
  const offered = new Set(candidateEmpties(problem, unit).map((candidate) => candidate.nugget));
  const warehouseOnly = unit.empties!.source === 'warehouse_only';
  return problem.nuggets
    .filter((nugget) => nugget.place >= 0 && nugget.availability === 'in_service' && !nugget.onHire
      && (nugget.reservedFor === null || nugget.reservedFor === leg.id) && !offered.has(nugget.index)
      // a warehouse_only unit loads one of a class where it is: at a warehouse
      && (!warehouseOnly || tracked.has(nugget.index) || problem.places[nugget.place]!.type === 'warehouse'))
    .map((nugget) => ({ nugget: nugget.index, place: nugget.place, viaCollectUnit: null }));
}

/**
 * Where a pool class's empties may be taken again (models/horizon/nuggets.mzn, `passed_on`): from
 * a deliver_empty that may hold them (takes them from the class, or from another such pass) to one
 * of another leg that may load at its destination (not warehouse_only, or a warehouse) and whose
 * delivery window ends no earlier than the first one's delivery can end.
 */
function emptyPasses(problem: PlanningProblem, modelUnits: readonly PlanningProblem['units'][number][], classes: readonly (EmptyClass & { units: Set<number> })[]): EmptyPass[] {
  const delivering = modelUnits.flatMap((unit, position) => (unit.type === 'deliver_empty' ? [position] : []));
  const mayPass = (from: number, to: number) => {
    const [earlier, later] = [modelUnits[from]!, modelUnits[to]!];
    const destination = earlier.deliveryPlace!;
    return from !== to && earlier.leg !== later.leg
      && (later.empties?.source !== 'warehouse_only' || problem.places[destination]!.type === 'warehouse')
      && Math.max(0, earlier.deliveryWindow.start) + earlier.size * earlier.deliveryMinutesPerNugget <= Math.min(problem.horizon, later.deliveryWindow.end);
  };
  const passes: EmptyPass[] = [];
  classes.forEach((entry, emptyClass) => {
    if (!entry.pool) return;
    // the units that may hold the class's empties: its audience, then whoever they may pass them to
    const holders = new Set(entry.units);
    const unvisited = [...holders];
    while (unvisited.length > 0) {
      const from = unvisited.pop()!;
      for (const to of delivering) {
        if (holders.has(to) || !mayPass(from, to)) continue;
        holders.add(to);
        unvisited.push(to);
      }
    }
    for (const from of [...holders].sort((a, b) => a - b)) for (const to of delivering) if (mayPass(from, to)) passes.push({ emptyClass, from, to });
  });
  return passes;
}

/**
 * Per model unit, the fewest driving minutes from its pickup to where it may be unloaded
 * (models/horizon/carry.mzn): the shortest path in the journey matrix from a move_nugget's origin
 * to its destination, from a collect_empty's place to a warehouse that takes collected empties or
 * to the destination of a deliver_empty that may take its Nugget; 0 for a deliver_empty (its
 * pickup place is chosen). The horizon + 1 when none is reachable.
 */
function leastJourneys(problem: PlanningProblem, modelUnits: readonly PlanningProblem['units'][number][], emptyFor: boolean[][], trackedIndex: Map<number, number>): number[] {
  // as the model's `travel` (capped at the horizon): a lower bound on any route's driving, the model's or a plan's
  const capped = problem.travelMinutes.map((row) => row.map((minutes) => Math.min(minutes, problem.horizon)));
  const takesCollected = problem.places.filter((place) => place.type === 'warehouse' && (place.capacity === null || place.capacity > 0)).map((place) => place.index);
  const fromPlace = new Map<number, number[]>();
  const shortest = (source: number) => {
    let distances = fromPlace.get(source);
    if (distances === undefined) fromPlace.set(source, (distances = shortestPaths(capped, source)));
    return distances;
  };
  return modelUnits.map((unit) => {
    if (unit.type === 'deliver_empty') return 0;
    const distances = shortest(unit.pickupPlaces[0]!);
    const targets = unit.type === 'move_nugget' ? [unit.deliveryPlace!] : [
      ...takesCollected,
      // a deliver_empty it may be carried on to (a warehouse_only one only from a warehouse: nuggets.mzn `carries_on_to`)
      ...modelUnits.filter((other, position) => other.type === 'deliver_empty' && emptyFor[trackedIndex.get(unit.nuggets[0]!)!]![position]
        && (other.empties!.source !== 'warehouse_only' || problem.places[unit.pickupPlaces[0]!]!.type === 'warehouse')).map((other) => other.deliveryPlace!),
    ];
    return Math.min(problem.horizon + 1, ...targets.map((target) => distances[target]!));
  });
}

/** Dijkstra on the dense journey matrix: the fewest driving minutes from `source` to each place. */
function shortestPaths(travel: readonly (readonly number[])[], source: number): number[] {
  const distances = travel.map(() => Infinity);
  const done = travel.map(() => false);
  distances[source] = 0;
  for (let round = 0; round < travel.length; round++) {
    let next = -1;
    distances.forEach((distance, place) => {
      if (!done[place] && distance < Infinity && (next < 0 || distance < distances[next]!)) next = place;
    });
    if (next < 0) break;
    done[next] = true;
    travel[next]!.forEach((minutes, place) => {
      if (distances[next]! + minutes < distances[place]!) distances[place] = distances[next]! + minutes;
    });
  }
  return distances;
}

/** A driver the model gives no slot: no HGV licence (may not drive), or counters already over a limit. */
export function driverExclusion(driver: ProblemDriver): string | null {
  if (!driver.qualifications.hgv) return 'holds neither hgv_c nor hgv_ce';
  const { counters } = driver.hours;
  const over =
    counters.drivingToday > LIMITS.dailyDriving ||
    counters.drivingSinceBreak > LIMITS.drivingBeforeBreak ||
    counters.workingSinceBreak > LIMITS.workingBeforeBreak ||
    driver.hours.refreshes.some(
      (refresh) => refresh.drivingToday > LIMITS.dailyDriving || refresh.drivingSinceBreak > LIMITS.drivingBeforeBreak || refresh.workingSinceBreak > LIMITS.workingBeforeBreak,
    );
  return over ? 'starts with a drivers\'-hours counter over its limit' : null;
}

function windowArrays(windows: readonly { start: number; end: number }[], name: string, horizon: number): Record<string, number[]> {
  return {
    [`${name}_earliest`]: windows.map((window) => Math.min(horizon, Math.max(0, window.start))),
    [`${name}_latest`]: windows.map((window) => Math.max(0, Math.min(horizon, window.end))),
  };
}

/** Every window of the leg's units has a minute inside the period. */
function legWindowsOpen(problem: PlanningProblem, units: readonly number[]): boolean {
  return units.every((index) => {
    const unit = problem.units[index]!;
    return unit.pickupWindow.start <= unit.pickupWindow.end && unit.deliveryWindow.start <= unit.deliveryWindow.end;
  });
}
