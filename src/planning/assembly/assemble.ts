import type { DriverManifest, UnplannedMovement } from '../../contract/index.ts';
import type { Plan } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { dutyActivities } from './duty.ts';
import { loadsAtDutyStart } from './loads.ts';
import { minuteFormatter } from './time.ts';
import { unplannedMovement } from './unplanned.ts';

export interface AssembledPlan {
  /** One per driver with at least one duty, in snapshot driver order; activities in time order. */
  manifests: DriverManifest[];
  /** In leg order. */
  unplanned_movements: UnplannedMovement[];
}

/**
 * Turns a plan in minutes into the response's manifests and unplanned movements, in the shape
 * docs/validator.md describes. It writes what the plan says; checking it is the validator's job.
 */
export function assembleManifests(problem: PlanningProblem, plan: Plan): AssembledPlan {
  const writer = { problem, time: minuteFormatter(problem) };
  const loads = loadsAtDutyStart(plan);
  const dutiesOf = new Map<number, number[]>();
  plan.duties.forEach((duty, index) => dutiesOf.set(duty.driver, [...(dutiesOf.get(duty.driver) ?? []), index]));

  const manifests = problem.drivers.flatMap((driver) => {
    const duties = (dutiesOf.get(driver.index) ?? []).sort((a, b) => plan.duties[a]!.start - plan.duties[b]!.start);
    if (duties.length === 0) return [];
    return [{ driver_id: driver.id, activities: duties.flatMap((index) => dutyActivities(plan.duties[index]!, loads[index]!, writer)) }];
  });
  const unplanned_movements = [...plan.unplanned].sort((a, b) => a.leg - b.leg).map((entry) => unplannedMovement(entry, problem));
  return { manifests, unplanned_movements };
}
