/**
 * A booking plan is checked by the independent validator as a manifest plan of the snapshot in
 * which the proposed legs are accepted ones: `movements` followed by `new_movements`, the order
 * of the problem's legs.
 */
import type { Snapshot } from '../contract/index.ts';
import type { Plan } from '../planning/plan/types.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import { planValidator, type PlanViolation } from '../planning/solve/index.ts';

/** The snapshot with the proposed legs moved into `movements` (after the accepted ones). */
export function withProposedAccepted(snapshot: Snapshot): Snapshot {
  const { new_movements: proposed = [], ...rest } = snapshot;
  return { ...rest, movements: [...snapshot.movements, ...proposed] };
}

export type BookingPlanValidator = (plan: Plan) => PlanViolation[];

export function bookingPlanValidator(snapshot: Snapshot, problem: PlanningProblem): BookingPlanValidator {
  return planValidator(withProposedAccepted(snapshot), problem);
}
