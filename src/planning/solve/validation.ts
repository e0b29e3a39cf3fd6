/**
 * The validator hook of `planManifests`: a plan is assembled into the response's manifests
 * (src/planning/assembly) and checked by the independent validator (src/planning/validator)
 * against the snapshot and the journey minutes the plan used, with the warnings the response
 * would carry (journey warnings aside, which the validator does not judge).
 */
import type { Snapshot } from '../../contract/index.ts';
import { POLICY_VERSION } from '../../contract/schemas/response.ts';
import { assembleManifests } from '../assembly/index.ts';
import type { Plan } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { validatePlan } from '../validator/index.ts';
import { planningWarnings } from '../warnings/index.ts';
import type { PlanViolation } from './plan-manifests.ts';

export function planValidator(snapshot: Snapshot, problem: PlanningProblem): (plan: Plan) => PlanViolation[] {
  const placeIndex = new Map(problem.places.map((place) => [place.id, place.index]));
  const minutes = (fromId: string, toId: string): number => {
    const from = placeIndex.get(fromId);
    const to = placeIndex.get(toId);
    return from === undefined || to === undefined ? Number.NaN : problem.travelMinutes[from]![to]!;
  };
  return (plan) => {
    const assembled = assembleManifests(problem, plan);
    const response = {
      data_as_of: snapshot.data_as_of,
      ...assembled,
      warnings: planningWarnings({ snapshot, problem, journeyWarnings: [], manifests: assembled.manifests }),
      metadata: { generated_at: snapshot.data_as_of, policy_version: POLICY_VERSION },
    };
    return validatePlan(snapshot, response as never, minutes).map((violation) => ({
      rule: violation.rule,
      message: violation.message,
      ids: [...violation.ids],
    }));
  };
}
