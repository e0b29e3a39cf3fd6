import type { UnplannedMovement } from '../../contract/index.ts';
import { REASON_CATALOGUE } from '../../contract/reasons.ts';
import type { UnplannedLeg } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';

/** The response entry of an unplanned leg: the catalogue meaning, then the specifics. */
export function unplannedMovement(entry: UnplannedLeg, problem: PlanningProblem): UnplannedMovement {
  const leg = problem.legs[entry.leg]!;
  const meaning = REASON_CATALOGUE[entry.reasonCode].meaning;
  return {
    movement_id: leg.id,
    booking_id: leg.bookingId,
    reason_code: entry.reasonCode,
    message: entry.detail === undefined ? meaning : `${meaning} Here: ${entry.detail}.`,
  };
}
