import type { HandlingMethod } from '../../contract/index.ts';
import { createHoursCalendar } from '../hours/index.ts';
import { lorryFits, type MinuteWindow, type PlanningProblem, type ProblemDriver } from '../problem/index.ts';
import { availableToDrive, earliestDriving } from './earliest-driving.ts';
import { nuggetFacts, type NuggetFacts } from './nugget-facts.ts';
import { shortestPaths, type ShortestPaths } from './paths.ts';
import { mergeWindows } from '../problem/time.ts';
import { intersectionOf } from './windows.ts';

/** What the checks share, computed once per problem (lazily, per need). */
export interface PrecheckContext {
  problem: PlanningProblem;
  paths: ShortestPaths;
  nuggets: NuggetFacts;
  /** Drivers with the handling qualification (they may load and unload). */
  handlers(method: HandlingMethod): ProblemDriver[];
  /** Drivers with an HGV licence (they may drive). */
  licensed: ProblemDriver[];
  /** `availableToDriveMinute[d]`: see `availableToDrive` (availability alone, counters aside). */
  availableToDriveMinute: number[];
  /** `earliestDrivingMinute[d]`: see `earliestDriving` (availability and counters). */
  earliestDrivingMinute: number[];
  /** Lorries with the equipment and room for `size` Nuggets at once. */
  lorries(method: HandlingMethod, size: number): number[];
  /**
   * Earliest minute a lorry of that class could be at each place: its first availability, the
   * walk-round check, then the shortest journey from its start place.
   */
  lorryArrival(method: HandlingMethod, size: number): Float64Array;
  /** Least journey minutes to each place from the start place of any lorry of the class. */
  lorryApproach(method: HandlingMethod, size: number): Float64Array;
  /** Whether some lorry of the class starts at the place. */
  lorryStartsAt(method: HandlingMethod, size: number, place: number): boolean;
  /** Minutes at which some handler and some lorry of the class are both available (a union: generous). */
  crewWindows(method: HandlingMethod, size: number): MinuteWindow[];
}

/** Memoises a function of (method, size). */
function perClass<T>(compute: (method: HandlingMethod, size: number) => T): (method: HandlingMethod, size: number) => T {
  const cache = new Map<string, T>();
  return (method, size) => {
    const key = `${method}:${size}`;
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = compute(method, size)));
    return value;
  };
}

export function precheckContext(problem: PlanningProblem): PrecheckContext {
  const { lorries: fleet, walkRoundCheckMinutes } = problem;
  const handlers = perClass((method) => problem.drivers.filter((driver) => driver.qualifications[method]));
  const lorries = perClass((method, size) => fleet.filter((lorry) => lorryFits(lorry, method, size)).map((lorry) => lorry.index));
  const paths = shortestPaths(problem.travelMinutes);
  const startPlaces = perClass((method, size) => new Set(lorries(method, size).map((lorry) => fleet[lorry]!.startPlace)));

  // Classes with the same lorries share their searches (most sizes fit every lorry of a method).
  const bySet = <T>(compute: (members: number[]) => T) => {
    const cache = new Map<string, T>();
    return (members: number[]) => {
      const key = members.join(',');
      let value = cache.get(key);
      if (value === undefined) cache.set(key, (value = compute(members)));
      return value;
    };
  };
  const arrivalOf = bySet((members) => {
    const start = new Float64Array(problem.places.length).fill(Infinity);
    for (const index of members) {
      const lorry = fleet[index]!;
      const first = lorry.availability[0];
      if (first !== undefined) start[lorry.startPlace] = Math.min(start[lorry.startPlace]!, first.start + walkRoundCheckMinutes);
    }
    return paths.arrivals(start);
  });
  const approachOf = bySet((members) => paths.fromNearest([...new Set(members.map((lorry) => fleet[lorry]!.startPlace))]));
  const crewWindows = perClass((method, size) => {
    const driverWindows = mergeWindows(handlers(method, 0).flatMap((driver) => driver.availability));
    const lorryWindows = mergeWindows(lorries(method, size).flatMap((lorry) => fleet[lorry]!.availability));
    return intersectionOf(driverWindows, lorryWindows);
  });
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);

  return {
    problem,
    paths,
    nuggets: nuggetFacts(problem),
    handlers: (method) => handlers(method, 0),
    licensed: problem.drivers.filter((driver) => driver.qualifications.hgv),
    availableToDriveMinute: problem.drivers.map((driver) => availableToDrive(driver, problem)),
    earliestDrivingMinute: problem.drivers.map((driver) => earliestDriving(driver, problem, calendar)),
    lorries,
    lorryArrival: perClass((method, size) => arrivalOf(lorries(method, size))),
    lorryApproach: perClass((method, size) => approachOf(lorries(method, size))),
    lorryStartsAt: (method, size, place) => startPlaces(method, size).has(place),
    crewWindows,
  };
}
