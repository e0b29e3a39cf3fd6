/**
 * The search the planner runs on a day's first wave before any model call: construction, then
 * ruin and recreate, each route kept only where the drivers'-hours engine can schedule it.
 * Deterministic (seeded, bounded by move counts). The planner's own day loop (plan-manifests.ts)
 * adds the exact model and the following waves; the export (data-gen/export.ts) writes this plan
 * beside the day's data as the model's warm start (`warm_succ`), so that a model author sees the
 * service's plan first in the MiniZinc IDE.
 */
import type { HoursCalendar, HoursTracker } from '../hours/index.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { solveRouting, type ModelSolver, type RouteStop, type RoutingSolution } from '../../routing/index.ts';
import { dayTarget } from './day-bound.ts';
import type { DayInstance } from './day-instance.ts';
import { scheduleRoute } from './day-schedule.ts';
import { daySearchPolicy } from './search-parameters.ts';

/** Whether the hours engine can schedule route `k` of the day (its slot's driver, in the driver's state before the day). */
export function dayHoursFilter(problem: PlanningProblem, calendar: HoursCalendar, trackers: readonly HoursTracker[], day: DayInstance) {
  return (k: number, stops: readonly RouteStop[]) => scheduleRoute(problem, calendar, trackers[day.slots[k]!.driver]!, day, k, stops).ok;
}

/** The day search makes no model call (its large-neighbourhood search is off); a call would be a bug. */
const NO_MODEL_CALLS: ModelSolver = {
  solve: () => Promise.reject(new Error('the day search without models made a model call')),
};

/** The routes of the planner's search of a day, without the model calls. */
export async function searchDayWithoutModels(
  problem: PlanningProblem,
  calendar: HoursCalendar,
  trackers: readonly HoursTracker[],
  day: DayInstance,
  seed: number,
  deadline: number,
): Promise<RoutingSolution> {
  const instance = day.instance;
  const policy = daySearchPolicy({ requests: instance.requests.length, vehicles: instance.vehicles.length }, seed, deadline, dayTarget(instance));
  const outcome = await solveRouting(instance, { solver: NO_MODEL_CALLS, solverTag: 'none', parameters: policy.search, routeFilter: dayHoursFilter(problem, calendar, trackers, day) });
  return outcome.solution;
}
