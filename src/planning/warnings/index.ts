import type { DriverManifest, PlanningWarning, Snapshot } from '../../contract/index.ts';
import { hoursWarnings } from '../hours/index.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { assumptionWarnings } from './assumptions.ts';
import { stalenessWarning } from './staleness.ts';

export { OPERATIONAL_DATA_MAX_AGE_HOURS } from './staleness.ts';
export { DAILY_EXTENSION_MINUTES } from './assumptions.ts';

export interface WarningInputs {
  snapshot: Snapshot;
  problem: PlanningProblem;
  /** The journey data's warnings (`routing_profile_provisional`, `routing_profile_incomplete`), passed through. */
  journeyWarnings: readonly PlanningWarning[];
  /** The planned manifests; omitted for a booking check. */
  manifests?: readonly DriverManifest[];
}

/**
 * Every warning of a response, in a fixed order: journey warnings as given; then
 * `driver_allowances_missing` and the assumed daily rests (hours engine); then
 * `operational_data_provisional`; then the other `planning_assumption`s. Ids in snapshot order.
 */
export function planningWarnings({ snapshot, problem, journeyWarnings, manifests }: WarningInputs): PlanningWarning[] {
  const stale = stalenessWarning(snapshot);
  return [
    ...journeyWarnings,
    ...hoursWarnings(problem.drivers.map((driver) => driver.hours)),
    ...(stale === null ? [] : [stale]),
    ...assumptionWarnings(snapshot, problem, manifests),
  ];
}
