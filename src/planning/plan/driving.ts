import type { PlanningProblem } from '../problem/index.ts';
import type { Duty } from './types.ts';

/** Minutes a duty drives, stop to stop (the service's objective counts these). */
export function dutyDrivingMinutes(problem: PlanningProblem, duty: Duty): number {
  let minutes = 0;
  for (let stop = 1; stop < duty.stops.length; stop += 1) minutes += problem.travelMinutes[duty.stops[stop - 1]!.place]![duty.stops[stop]!.place]!;
  return minutes;
}

/** Minutes the duties drive, stop to stop. */
export function drivingMinutes(problem: PlanningProblem, duties: readonly Duty[]): number {
  let minutes = 0;
  for (const duty of duties) minutes += dutyDrivingMinutes(problem, duty);
  return minutes;
}
