/**
 * The exactness certificate of models/horizon.mzn on one instance: whether every restriction its
 * header still lists ("Still left out") provably loses no plan here, so that the model's
 * UNSATISFIABLE (over required legs) or OPTIMAL (legs left out) holds for every plan the
 * independent validator (src/planning/validator) would accept, not only for plans of the
 * model's shape.
 *
 * Each condition is a sufficient one, stated with its argument, and deliberately conservative:
 * when unsure, the restriction is reported as one that may bite. The arguments rewrite any plan
 * the validator accepts, step by step, into one of the model's shape that serves the same legs
 * and is still accepted:
 *  1. duties: a driver's duties inside one availability window on the one lorry that window can
 *     use merge into one duty (the time between becomes idle at the stop, which the hours engine
 *     reads exactly as it read the gap; the second walk-round check becomes a wait, working time
 *     alike), so each availability window holds at most one duty (the bridge's one slot);
 *  2. breaks (exactness-breaks.ts): where every journey is at most 270 min, each journey's idle
 *     time is laid out again with the same stop times, its waits joining the breaks and each run
 *     of breaks as late as W1 and (when it resets D1) D1 allow, doing to D1 what the plan's did:
 *     at most a W1 break, a D1 break and one on arrival per journey, as the model allows (edge
 *     cases there: W2's credit after the last working minute, windows less than a daily rest
 *     apart, W3, fixed weeks, a daily rest inside a window);
 *  3. repositioning: a drive to a place where nothing happens is replaced by the direct drive
 *     (triangle inequality: never more driving) and idle time, which step 2 lays out; a duty's
 *     last drive to such a place becomes a wait at its last stop (the same working time); not
 *     where a lorry may drive off to clear a collection's must_clear_by and come back;
 *  4. carry, empties, collected empties: vacuous on the instance (nothing of the kind can occur,
 *     or, a collected empty, the model may keep it on board as a plan might).
 * The refresh and week-boundary restriction the bridge enforces itself: it refuses the instance
 * (`ExactUnsupported`) rather than state it inexactly; the certificate checks the same.
 */
import { createHoursCalendar, type HoursCalendar } from '../hours/index.ts';
import type { MinuteWindow, PlanningProblem, ProblemDriver, Unit } from '../problem/index.ts';
import { driverExclusion, exactData, ExactUnsupported, type ExactInstance } from './data.ts';
import { breaksPerJourney } from './exactness-breaks.ts';

/** The header's restrictions (and the bridge's one), by a short name. */
export type Restriction =
  | 'excluded_drivers'
  | 'duties_per_window'
  | 'carry'
  | 'collected_empty_on_board'
  | 'repositioning'
  | 'breaks_per_journey'
  | 'empties_rules'
  | 'refresh_and_week';

export interface MayBite {
  restriction: Restriction;
  /** Human-readable: why the condition that would make it lose no plan fails here. */
  why: string;
}

export type Exactness = { exact: true } | { exact: false; mayBite: MayBite[] };

export interface ExactnessInput {
  /** Legs (problem indexes) the model is offered: a real plan may serve any of them, and no other. */
  legs: readonly number[];
}

const overlaps = (a: MinuteWindow, b: MinuteWindow) => a.start < b.end && b.start < a.end;

/** Decides whether the exact model loses no plan on this instance. Pure; deterministic. */
export function exactness(problem: PlanningProblem, input: ExactnessInput): Exactness {
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  const offered = new Set(input.legs);
  const units = problem.units.filter((unit) => offered.has(unit.leg));
  const working = problem.drivers.filter((driver) => driver.availability.length > 0);
  const mayBite: MayBite[] = [
    ...excludedDrivers(working),
    ...dutiesPerWindow(problem, working),
    ...carry(problem, working, units),
    ...collectedEmpties(problem, input.legs),
    ...repositioning(problem, working, units),
    ...breaksPerJourney(problem, working, calendar, input.legs),
    ...emptiesRules(problem, units),
    ...refreshesAndWeeks(working, calendar),
  ];
  return mayBite.length === 0 ? { exact: true } : { exact: false, mayBite };
}

/** A driver the bridge gives no slot (no HGV licence, counters over a limit) might still work in a plan (a duty with no driving; after a rest). */
function excludedDrivers(drivers: readonly ProblemDriver[]): MayBite[] {
  return drivers.flatMap((driver) => {
    const why = driverExclusion(driver);
    return why === null ? [] : [{ restriction: 'excluded_drivers' as const, why: `driver ${driver.id} gets no duty slot (${why}) but is available` }];
  });
}

/**
 * One slot per availability window: a driver may change lorry only between windows, and a duty
 * lies inside one window of its lorry. Lost plans need two duties of a driver in one window;
 * those on one lorry inside one of its windows merge (step 1), so only a driver window that
 * overlaps two lorry windows (of two lorries, or two of one lorry) may need two.
 */
function dutiesPerWindow(problem: PlanningProblem, drivers: readonly ProblemDriver[]): MayBite[] {
  const found: MayBite[] = [];
  for (const driver of drivers) {
    for (const window of driver.availability) {
      const lorryWindows = problem.lorries.flatMap((lorry) => lorry.availability.filter((own) => overlaps(own, window)).map((own) => `${lorry.id} ${own.start}-${own.end}`));
      if (lorryWindows.length > 1) {
        found.push({ restriction: 'duties_per_window', why: `driver ${driver.id}'s window ${window.start}-${window.end} overlaps lorry windows ${lorryWindows.join(', ')}: a lorry change inside it is not modelled` });
      }
    }
  }
  return found;
}

/**
 * A unit carried from one duty to a later one of the same lorry: the model carries only units no
 * one duty could serve, a plan might carry others. Vacuous when, after step 1, no lorry that may
 * carry an offered unit can have two duties: its availability overlaps at most one driver window.
 */
function carry(problem: PlanningProblem, drivers: readonly ProblemDriver[], units: PlanningProblem['units']): MayBite[] {
  const carrying = new Set(units.flatMap((unit) => unit.eligibleLorries));
  return problem.lorries.flatMap((lorry) => {
    if (!carrying.has(lorry.index)) return [];
    const windows = drivers.flatMap((driver) => driver.availability.filter((window) => lorry.availability.some((own) => overlaps(own, window))).map((window) => `${driver.id} ${window.start}-${window.end}`));
    return windows.length <= 1 ? [] : [{ restriction: 'carry' as const, why: `lorry ${lorry.id} may have duties in ${windows.length} driver windows (${windows.join('; ')}), so a unit could be carried between them` }];
  });
}

/**
 * A collected empty left on board at the period's end: the validator accepts one (coverage.ts asks
 * a collect_empty only its pickup); the model keeps one on board only when no one duty could
 * unload it (kept.mzn: `one_duty_fits`, carry.mzn), and only then reads its must_clear_by past the
 * collecting duty. Vacuous when no offered collect_empty passes `one_duty_fits` on any slot, read
 * here on the bridge's own data (the slots, windows and least journeys the model reads; the drop
 * window over every deliver_empty that may take the Nugget, a superset of the model's, so that a
 * doubt counts as a slot that fits).
 */
function collectedEmpties(problem: PlanningProblem, legs: readonly number[]): MayBite[] {
  const offered = new Set(legs);
  const collections = problem.units.filter((unit) => offered.has(unit.leg) && unit.type === 'collect_empty');
  if (collections.length === 0) return [];
  let instance: ExactInstance;
  try {
    instance = exactData(problem, { legs });
  } catch (error) {
    if (!(error instanceof ExactUnsupported)) throw error;
    return [{ restriction: 'collected_empty_on_board', why: `collect_empty ${collections.map((unit) => unit.movementId).join(', ')} might be left on board at the period's end` }];
  }
  const data = instance.data as Record<string, any>;
  const kind: number[] = data.unit_kind;
  const fits = (u: number, d: number): boolean => {
    if (!data.driver_qualified[u][data.duty_driver[d] - 1]) return false;
    const takers = kind.flatMap((other, v) => (other === 3 && data.tracked_empty_for[data.collected[u] - 1][v] ? [v] : []));
    const dropEarliest = Math.min(data.delivery_earliest[u], ...takers.map((v) => data.delivery_earliest[v]));
    const dropLatest = Math.max(data.delivery_latest[u], ...takers.map((v) => data.delivery_latest[v]));
    const start = Math.max(data.pickup_earliest[u], data.duty_earliest[d] + data.check_minutes);
    return start <= Math.min(data.pickup_latest[u], data.duty_latest[d])
      && Math.max(start + data.pickup_minutes[u] + data.least_journey[u], dropEarliest) <= Math.min(dropLatest, data.duty_latest[d]);
  };
  const unloadable = new Set<string>();
  kind.forEach((type, u) => {
    if (type === 2 && instance.layout.slots.some((_, d) => fits(u, d))) unloadable.add(problem.units[instance.layout.units[u]!]!.movementId);
  });
  return unloadable.size === 0 ? [] : [{ restriction: 'collected_empty_on_board', why: `collect_empty ${[...unloadable].join(', ')} might be left on board at the period's end, which one duty could unload` }];
}

/**
 * No empty repositioning drive: dominated (step 3) when the journey times satisfy the triangle
 * inequality, and a duty's last drive to a place where nothing happens (which the model cannot
 * state unless it is the way back to the start) moves no driver or lorry that works again: every
 * driver has one availability window and (carry) every lorry one duty. One more plan step 3 cannot
 * rewrite: a lorry that collects under a must_clear_by, drives off to clear the place in time and
 * comes back for its next stop there (or to end its duty where it started): the direct "drive"
 * from a place to itself is no drive, so the rewritten plan would not clear it. That needs a stop
 * or a start place at the collection's own place, so where one is possible the restriction may bite.
 */
function repositioning(problem: PlanningProblem, drivers: readonly ProblemDriver[], units: readonly Unit[]): MayBite[] {
  const found: MayBite[] = [...clearedAndBack(problem, units)];
  const travel = problem.travelMinutes;
  const n = travel.length;
  search: for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (let c = 0; c < n; c++) {
        if (travel[a]![c]! > travel[a]![b]! + travel[b]![c]!) {
          const id = (place: number) => problem.places[place]?.id ?? `#${place}`;
          found.push({ restriction: 'repositioning', why: `driving ${id(a)} -> ${id(c)} takes ${travel[a]![c]} min, via ${id(b)} ${travel[a]![b]! + travel[b]![c]!} min (no triangle inequality)` });
          break search;
        }
      }
    }
  }
  const several = drivers.filter((driver) => driver.availability.length > 1);
  if (several.length > 0) {
    found.push({ restriction: 'repositioning', why: `driver(s) ${several.map((driver) => driver.id).join(', ')} have several availability windows: a duty ending with a drive to an idle place may place them for the next` });
  }
  return found;
}

/** Offered collections under a must_clear_by whose place a plan might stop at again, or start from (see repositioning). */
function clearedAndBack(problem: PlanningProblem, units: readonly Unit[]): MayBite[] {
  const found: MayBite[] = [];
  for (const unit of units) {
    if (unit.mustClearBy === null) continue;
    for (const place of unit.pickupPlaces) {
      const otherStop = units.some((other) => other !== unit && (other.pickupPlaces.includes(place) || other.deliveryPlace === place));
      const ownUnloading = unit.emptyDestinations?.warehouses.includes(place) ?? false;
      const startHere = problem.drivers.some((driver) => driver.startPlace === place) || problem.lorries.some((lorry) => lorry.startPlace === place);
      if (otherStop || ownUnloading || startHere) {
        const id = problem.places[place]?.id ?? `#${place}`;
        found.push({ restriction: 'repositioning', why: `${unit.movementId} must clear ${id} by minute ${unit.mustClearBy}, and a plan may stop there again: it may drive off and come back, which the model cannot state` });
      }
    }
  }
  return found;
}

/**
 * The empties rule of the model that the validator does not have: a deliver_empty's empties are at
 * the problem's places at minute 0 (src/planning/exact/data.ts `widerEmpties` offers every other
 * Nugget the validator accepts: in service, off-hire, reserved for no other leg, one a move_nugget
 * or collect_empty names too, a warehouse_only leg's loaded at a warehouse). Only a Nugget no
 * problem place holds can be missed, and only one a move_nugget names (every other in-service,
 * off-hire one has its place in the journey data, src/planning/problem/places.ts). Vacuous when no
 * deliver_empty is offered, or when every in-service, off-hire Nugget a move_nugget names is at a
 * place of the problem.
 */
function emptiesRules(problem: PlanningProblem, units: PlanningProblem['units']): MayBite[] {
  if (!units.some((unit) => unit.type === 'deliver_empty')) return [];
  const moved = new Set(problem.legs.filter((leg) => leg.type === 'move_nugget').flatMap((leg) => leg.units.flatMap((unit) => problem.units[unit]!.nuggets)));
  const elsewhere = [...moved].map((nugget) => problem.nuggets[nugget]!).filter((nugget) => nugget.availability === 'in_service' && !nugget.onHire && nugget.place < 0);
  return elsewhere.length === 0 ? [] : [{ restriction: 'empties_rules', why: `Nugget(s) ${elsewhere.map((nugget) => nugget.id).join(', ')} named by a move_nugget could serve a deliver_empty but are at no place of the problem` }];
}

/** The bridge's own restriction (it refuses such an instance): a counters refresh inside a window, or two fixed-week starts inside one. */
function refreshesAndWeeks(drivers: readonly ProblemDriver[], calendar: HoursCalendar): MayBite[] {
  const found: MayBite[] = [];
  for (const driver of drivers) {
    for (const window of driver.availability) {
      const inside = driver.hours.refreshes.filter((refresh) => window.start < refresh.at && refresh.at < window.end);
      if (inside.length > 0) found.push({ restriction: 'refresh_and_week', why: `driver ${driver.id}'s counters are refreshed inside the window ${window.start}-${window.end}` });
      const first = calendar.nextWeekStart(window.start);
      if (first < window.end && calendar.nextWeekStart(first) < window.end) found.push({ restriction: 'refresh_and_week', why: `two fixed weeks start inside driver ${driver.id}'s window ${window.start}-${window.end}` });
    }
  }
  return found;
}
