/**
 * A neighbourhood of a plan as a problem of its own for models/horizon.mzn: a few freed duties
 * (their drivers and lorries, each only inside the time the rest of the plan leaves it) with
 * their legs, plus some legs the plan leaves out; every other duty stays as it is, in the
 * background. The model then decides everything inside it: routes, which lorry each freed driver
 * takes, breaks, times, Nugget flow and chains, place capacity over time.
 *
 * What the background does, the subproblem sees as a restriction (never a relaxation):
 * - a freed driver's availability is the window of the freed duty, narrowed by the driver's
 *   other duties (a daily rest before and after them unless they share the window); a freed
 *   lorry's is its windows less the time its other duties use it; the rest get no time at all;
 * - empties the background loads are not offered;
 * - at a capacitated place, the background's highest net inflow over the horizon counts as there
 *   from minute 0 (so the subproblem's Nuggets fit beside the background's at every moment);
 * - a left-out leg whose Nugget a background duty handles is offered only with that duty freed.
 * The drivers' hours start from the driver's state at the period's start, which is exact only
 * for a driver with no earlier duty: such drivers are not freed. Whatever the model answers is
 * re-checked whole by the validator before the plan takes it (horizon-neighbourhood.ts).
 */
import { LIMITS } from '../hours/index.ts';
import type { Duty, Plan } from '../plan/types.ts';
import type { MinuteWindow, PlanningProblem, Unit } from '../problem/index.ts';

export interface Neighbourhood {
  /** Duties of the plan freed (indexes into `plan.duties`). */
  freed: number[];
  /** Drivers with no duty in the plan given to the subproblem as well (a new pairing). */
  idleDrivers: number[];
  /** Legs offered: those of the freed duties and some the plan leaves out. */
  legs: number[];
}

export interface HorizonSubproblem {
  problem: PlanningProblem;
  legs: number[];
  /** The freed duties, as the subproblem's warm start. */
  warm: Plan;
  background: Duty[];
}

/** Legs a duty serves (every unit handled in it). */
export function dutyLegs(problem: PlanningProblem, duty: Duty): number[] {
  const legs = new Set<number>();
  for (const stop of duty.stops) {
    for (const activity of stop.activities) {
      if ((activity.kind === 'pickup' || activity.kind === 'delivery') && activity.unit !== null) legs.add(problem.units[activity.unit]!.leg);
    }
  }
  return [...legs].sort((a, b) => a - b);
}

/** Nugget ids a duty loads or unloads. */
export function dutyNuggetIds(duty: Duty): Set<string> {
  const ids = new Set<string>();
  for (const stop of duty.stops) {
    for (const activity of stop.activities) if ('nuggetIds' in activity) for (const id of activity.nuggetIds) ids.add(id);
  }
  return ids;
}

/** The subproblem of `plan` for the neighbourhood. */
export function horizonSubproblem(problem: PlanningProblem, plan: Plan, neighbourhood: Neighbourhood): HorizonSubproblem {
  const freedSet = new Set(neighbourhood.freed);
  const freed = neighbourhood.freed.map((index) => plan.duties[index]!);
  const background = plan.duties.filter((_, index) => !freedSet.has(index));

  const drivers = problem.drivers.map((driver) => ({ ...driver, availability: [] as MinuteWindow[] }));
  for (const duty of freed) {
    const driver = problem.drivers[duty.driver]!;
    const window = driver.availability.find((entry) => entry.start <= duty.start && duty.end <= entry.end);
    if (window === undefined) continue;
    const own = background.filter((other) => other.driver === duty.driver);
    let start = window.start;
    let end = window.end;
    for (const other of own) {
      const sameWindow = window.start <= other.start && other.end <= window.end;
      if (other.end <= duty.start) start = Math.max(start, other.end + (sameWindow ? 0 : LIMITS.dailyRest));
      else if (other.start >= duty.end) end = Math.min(end, other.start - (sameWindow ? 0 : LIMITS.dailyRest));
    }
    // (never narrower than the duty itself: the plan has it so)
    drivers[duty.driver] = { ...driver, availability: [{ start: Math.min(start, duty.start), end: Math.max(end, duty.end) }], startPlace: duty.stops[0]!.place };
  }
  for (const index of neighbourhood.idleDrivers) drivers[index] = { ...problem.drivers[index]! };

  const lorryUse = new Map<number, MinuteWindow[]>();
  for (const duty of background) lorryUse.set(duty.lorry, [...(lorryUse.get(duty.lorry) ?? []), { start: duty.start, end: duty.end }]);
  const freedLorries = new Set(freed.map((duty) => duty.lorry));
  const idleLorries = new Set(problem.lorries.filter((lorry) => !lorryUse.has(lorry.index) && !freedLorries.has(lorry.index)).map((lorry) => lorry.index));
  const lorries = problem.lorries.map((lorry) => {
    if (!freedLorries.has(lorry.index) && !(neighbourhood.idleDrivers.length > 0 && idleLorries.has(lorry.index))) return { ...lorry, availability: [] as MinuteWindow[] };
    const own = freed.find((duty) => duty.lorry === lorry.index);
    return { ...lorry, availability: lorry.availability.flatMap((window) => without(window, lorryUse.get(lorry.index) ?? [])), startPlace: own?.stops[0]!.place ?? lorry.startPlace };
  });

  // empties the background loads are taken
  const taken = new Set<string>();
  for (const duty of background) for (const id of dutyNuggetIds(duty)) taken.add(id);
  const free = (candidate: { nugget: number }) => !taken.has(problem.nuggets[candidate.nugget]!.id);
  const emptyPools = Object.fromEntries(Object.entries(problem.emptyPools).map(([source, pool]) => [source, pool.filter(free)])) as PlanningProblem['emptyPools'];
  const units: Unit[] = problem.units.map((unit) => (unit.empties === null ? unit : { ...unit, empties: { ...unit.empties, reserved: unit.empties.reserved.filter(free) } }));

  // the background's highest net inflow at each capacitated place counts from minute 0
  const places = problem.places.map((place) => (place.capacity === null ? place : { ...place, initialOccupancy: place.initialOccupancy + peakInflow(place.index, background) }));

  const warm: Plan = { duties: freed, unplanned: [] };
  return { problem: { ...problem, drivers, lorries, emptyPools, units, places }, legs: neighbourhood.legs, warm, background };
}

/** The parts of `window` no interval of `used` covers. */
function without(window: MinuteWindow, used: readonly MinuteWindow[]): MinuteWindow[] {
  let parts: MinuteWindow[] = [window];
  for (const interval of used) {
    parts = parts.flatMap((part) => {
      if (interval.end < part.start || interval.start > part.end) return [part];
      const pieces: MinuteWindow[] = [];
      if (interval.start - 1 >= part.start) pieces.push({ start: part.start, end: interval.start - 1 });
      if (interval.end + 1 <= part.end) pieces.push({ start: interval.end + 1, end: part.end });
      return pieces;
    });
  }
  return parts;
}

/**
 * The most Nuggets the duties have added to the place at any moment (unloadings counted from
 * the end of the activity, loadings from its start; at the same minute the unloadings first),
 * never below 0.
 */
function peakInflow(place: number, duties: readonly Duty[]): number {
  const events: { at: number; change: number }[] = [];
  for (const duty of duties) {
    for (const stop of duty.stops) {
      if (stop.place !== place) continue;
      for (const activity of stop.activities) {
        if (!('nuggetIds' in activity)) continue;
        const count = activity.nuggetIds.length;
        if (activity.kind === 'pickup') events.push({ at: activity.start, change: -count });
        else events.push({ at: activity.end, change: count });
      }
    }
  }
  events.sort((a, b) => a.at - b.at || b.change - a.change);
  let level = 0;
  let peak = 0;
  for (const event of events) {
    level += event.change;
    peak = Math.max(peak, level);
  }
  return peak;
}
