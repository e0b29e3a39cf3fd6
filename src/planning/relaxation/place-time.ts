/**
 * Place capacity over time for the relaxation. The validator counts a Nugget at a place from the
 * end of the handling that unloads it there (the unloading activity's start plus its handling
 * minutes x Nuggets) to the start of the activity that loads it, and after every unloading the
 * count must be at most `nugget_capacity` (docs/validator.md). When a place starts within its
 * capacity, that count is within it at every moment of a valid plan.
 *
 * Lower bounds that hold for every plan:
 * - a Nugget at the place at minute 0 is still there until the earliest start of an activity that
 *   could load it: the pickup window's start of a leg that names it there, or the earliest arrival
 *   of a loading lorry when some deliver_empty could take it as an empty; never, otherwise;
 * - a mandatory delivery's Nuggets count at the place from a moment no earlier than its task
 *   ends, and no later than the latest end of an availability window (of a driver and of a lorry
 *   able to do it) in which it could start: an activity lies inside one window of its driver and
 *   one of its lorry;
 * - nor later than the latest start of a task of its leg at that place plus that task's duration
 *   (`handlingBound`): the moment counted is the end of the activity's last sub-interval (the
 *   relaxation's header), which is a task of the same leg at the same stop. So a delivery whose
 *   window closes before the place's Nugget may leave finds the place full, however long its
 *   activity is written (the twin test/cases/infeasible/planning/place-capacity-freed).
 */
import type { PlanningProblem, Unit } from '../problem/index.ts';
import { lorryFits, type MinuteWindow } from '../problem/index.ts';
import type { HandlingTask } from './unary.ts';

export interface TimedPlace {
  place: number;
  placeId: string;
  capacity: number;
}

/** Nuggets at a timed place at minute 0 that stay until at least `earliest` (horizon + 1: for good). */
export interface Departure {
  place: number;
  earliest: number;
  nuggets: number;
}

/** A mandatory delivery unit into a timed place. */
export interface Arrival {
  task: number;
  place: number;
  /** Nuggets its own unloading leaves there (the unit's). */
  nuggets: number;
  /** Nuggets no leg could take away again (they count at later unloadings too). */
  lasting: number;
  latestEnd: number;
  legId: string;
}

/** A delivery that finds the place full whatever the order (a static conflict, named in the reason). */
export interface PlaceConflict {
  placeId: string;
  legId: string;
  capacity: number;
  /** Nuggets certainly there when the unloading ends at the latest. */
  present: number;
  nuggets: number;
}

export interface PlaceOverTime {
  places: TimedPlace[];
  departures: Departure[];
  arrivals: Arrival[];
  conflicts: PlaceConflict[];
}

export interface DeliveryTask {
  task: number;
  unit: Unit;
  /** Nuggets of the unit no leg could take away again from the place. */
  lasting: number;
}

/** The latest end of a window (of an able driver, and of an able lorry) in which the task could start. */
function latestEnd(problem: PlanningProblem, task: HandlingTask): number {
  const reach = (windows: MinuteWindow[]) =>
    windows.reduce((best, window) => (window.start <= task.latest && Math.max(window.start, task.earliest) + task.duration <= window.end ? Math.max(best, window.end) : best), -1);
  let drivers = -1;
  for (const driver of problem.drivers) {
    if (!driver.qualifications[task.method]) continue;
    drivers = Math.max(drivers, reach(driver.availability));
  }
  let lorries = -1;
  for (const lorry of problem.lorries) if (lorryFits(lorry, task.method, task.size)) lorries = Math.max(lorries, reach(lorry.availability));
  const bound = Math.min(drivers, lorries);
  // nobody able: the pre-checks reject the leg; stay generous here
  return bound < 0 ? problem.horizon : Math.min(problem.horizon, bound);
}

/**
 * The latest moment the validator could count the task's Nuggets at its place: the end of the last
 * sub-interval of the unloading activity that holds it, a task of the same leg at the same place,
 * which starts by its latest start.
 */
function handlingBound(tasks: readonly HandlingTask[], task: HandlingTask): number {
  return tasks.reduce((bound, other) => (other.legId === task.legId && other.place === task.place ? Math.max(bound, other.latest + other.duration) : bound), -1);
}

/**
 * The earliest minute each Nugget at the place could start being loaded (horizon + 1: never),
 * counted by that minute. `takenAsEmpty` says whether some deliver_empty could take it there.
 */
function departuresAt(problem: PlanningProblem, place: number, loaderArrival: number, takenAsEmpty: (nugget: number) => boolean): Departure[] {
  const never = problem.horizon + 1;
  const byTime = new Map<number, number>();
  let listed = 0;
  for (const nugget of problem.nuggets) {
    if (nugget.place !== place) continue;
    listed += 1;
    let earliest = never;
    for (const leg of problem.legs) {
      if (leg.type === 'deliver_empty') continue;
      for (const unitIndex of leg.units) {
        const unit = problem.units[unitIndex]!;
        if (unit.nuggets.includes(nugget.index) && unit.pickupPlaces.includes(place)) earliest = Math.min(earliest, Math.max(0, unit.pickupWindow.start));
      }
    }
    if (takenAsEmpty(nugget.index)) earliest = Math.min(earliest, Math.max(0, Math.min(never, loaderArrival)));
    byTime.set(earliest, (byTime.get(earliest) ?? 0) + 1);
  }
  // Nuggets counted at the place that the problem does not list are never named by a leg
  const unlisted = problem.places[place]!.initialOccupancy - listed;
  if (unlisted > 0) byTime.set(never, (byTime.get(never) ?? 0) + unlisted);
  return [...byTime].sort(([a], [b]) => a - b).map(([earliest, nuggets]) => ({ place, earliest, nuggets }));
}

/**
 * The timed places (capacitated, starting within capacity, receiving a mandatory delivery), what
 * leaves them and when at the earliest, and the mandatory deliveries into them.
 */
export function placeOverTime(
  problem: PlanningProblem,
  tasks: readonly HandlingTask[],
  deliveries: readonly DeliveryTask[],
  loaderArrival: Float64Array,
  takenAsEmpty: (nugget: number, place: number) => boolean,
): PlaceOverTime {
  const places: TimedPlace[] = [];
  const departures: Departure[] = [];
  const arrivals: Arrival[] = [];
  const conflicts: PlaceConflict[] = [];
  const indexOf = new Map<number, number>();
  for (const delivery of [...deliveries].sort((a, b) => a.task - b.task)) {
    const placeIndex = delivery.unit.deliveryPlace!;
    const place = problem.places[placeIndex]!;
    if (place.capacity === null || place.initialOccupancy > place.capacity) continue;
    let timed = indexOf.get(placeIndex);
    if (timed === undefined) {
      timed = places.length;
      indexOf.set(placeIndex, timed);
      places.push({ place: placeIndex, placeId: place.id, capacity: place.capacity });
      const ofPlace = departuresAt(problem, placeIndex, loaderArrival[placeIndex]!, (nugget) => takenAsEmpty(nugget, placeIndex));
      departures.push(...ofPlace.map((departure) => ({ ...departure, place: timed! })));
    }
    const task = tasks[delivery.task]!;
    const end = Math.min(latestEnd(problem, task), handlingBound(tasks, task));
    arrivals.push({ task: delivery.task, place: timed, nuggets: delivery.unit.size, lasting: delivery.lasting, latestEnd: end, legId: task.legId });
    const present = departures.filter((departure) => departure.place === timed && departure.earliest > end).reduce((sum, departure) => sum + departure.nuggets, 0);
    if (present + delivery.unit.size > place.capacity) {
      conflicts.push({ placeId: place.id, legId: task.legId, capacity: place.capacity, present, nuggets: delivery.unit.size });
    }
  }
  return { places, departures, arrivals, conflicts };
}
