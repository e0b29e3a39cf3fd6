import type { ManifestPlanResponse, Snapshot } from '../../contract/index.ts';
import { checkAvailability } from './availability.ts';
import { checkLorryCapacity, checkPlaceCapacity } from './capacity.ts';
import { createContext, type Activity } from './context.ts';
import { checkCoverage } from './coverage.ts';
import { checkDrives } from './drives.ts';
import { checkEligibility } from './eligibility.ts';
import { checkHandling } from './handling.ts';
import { checkDriversHours } from './hours.ts';
import type { JourneyMinutes } from './journey.ts';
import { checkLorryUse } from './lorry-use.ts';
import { byTime, followNuggets } from './nugget-flow.ts';
import { checkPositions } from './positions.ts';
import { readManifests } from './read.ts';
import { checkResponse } from './response.ts';
import type { Violation } from './rules.ts';
import { checkWindows } from './windows.ts';

export { journeyFromMatrix, type JourneyMinutes } from './journey.ts';
export { PLAN_RULES, type PlanRule, type Violation } from './rules.ts';

export interface ValidateOptions {
  /**
   * Only the plan (`manifests` and `unplanned_movements`): skips the checks of the response's
   * envelope (`data_as_of` echo, the `driver_allowances_missing` warning), for checking a plan
   * during planning, before the warnings are attached. Default false.
   */
  planOnly?: boolean;
}

/**
 * The independent plan validator (docs/validator.md): every violation of the response against
 * the snapshot and the journey minutes, each with its rule id and the ids involved. An empty
 * list means the plan passed. It reads the response JSON only; it never throws on a bad plan.
 */
export function validatePlan(
  snapshot: Snapshot,
  response: ManifestPlanResponse,
  journey: JourneyMinutes | ((fromId: string, toId: string) => number),
  options: ValidateOptions = {},
): Violation[] {
  const context = createContext(snapshot, typeof journey === 'function' ? { minutes: journey } : journey);
  if (options.planOnly !== true) checkResponse(context, response);
  const timelines = readManifests(context, response);
  const activities = timelines.flatMap((timeline) => timeline.activities);
  const lorryActivities = groupByLorry(activities);

  checkCoverage(context, response, activities);
  checkWindows(context, activities, lorryActivities);
  const loadings = followNuggets(context, activities);
  checkHandling(context, timelines, loadings);
  checkEligibility(context, activities, loadings);
  checkDrives(context, timelines);
  checkPositions(context, timelines, lorryActivities);
  checkAvailability(context, timelines);
  checkLorryUse(context, timelines);
  checkLorryCapacity(context, lorryActivities);
  checkPlaceCapacity(context, activities, loadings);
  checkDriversHours(context, timelines);
  return context.violations;
}

/** Each lorry's activities across all drivers, in time order. */
function groupByLorry(activities: readonly Activity[]): Map<string, Activity[]> {
  const byLorry = new Map<string, Activity[]>();
  for (const activity of activities) {
    if (activity.lorryId === null) continue;
    let list = byLorry.get(activity.lorryId);
    if (list === undefined) byLorry.set(activity.lorryId, (list = []));
    list.push(activity);
  }
  for (const list of byLorry.values()) list.sort(byTime);
  return byLorry;
}
