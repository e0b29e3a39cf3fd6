/**
 * The validator hook of the manifest planner that also keeps what it built: each plan the
 * planner asks about is assembled into the response's manifests and warnings once, checked by
 * the independent validator, and the last one is remembered, so the response reuses the
 * assembly the validator passed instead of assembling and validating the plan a second time.
 */
import { POLICY_VERSION, type ManifestPlanResponse, type PlanningWarning, type Snapshot } from '../contract/index.ts';
import { assembleManifests } from '../planning/assembly/index.ts';
import type { Plan } from '../planning/plan/types.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import type { PlanViolation } from '../planning/solve/index.ts';
import { validatePlan } from '../planning/validator/index.ts';
import { planningWarnings } from '../planning/warnings/index.ts';
import type { PlanningContext } from './ports.ts';

type PlanBody = Omit<ManifestPlanResponse, 'evidence' | 'metadata'>;

export interface ValidatedAssembly {
  /** The planner's `validate` option: violations of a plan (empty = passed). */
  validate(plan: Plan): PlanViolation[];
  /** The response body of a plan that passed; assembles and validates it only if `validate` never saw it. */
  passedBody(plan: Plan): { body: PlanBody; violations: PlanViolation[] };
}

export function validatedAssembly(snapshot: Snapshot, problem: PlanningProblem, journeyWarnings: PlanningWarning[], context: PlanningContext): ValidatedAssembly {
  const placeIndex = new Map(problem.places.map((place) => [place.id, place.index]));
  const minutes = (fromId: string, toId: string): number => {
    const from = placeIndex.get(fromId);
    const to = placeIndex.get(toId);
    return from === undefined || to === undefined ? Number.NaN : problem.travelMinutes[from]![to]!;
  };
  let last: { plan: Plan; body: PlanBody; violations: PlanViolation[] } | undefined;

  const check = (plan: Plan) => {
    // a cancelled request's answer is never read: unwind at once instead of assembling and
    // validating a whole plan (which can take longer than the worker is given to stop)
    context.signal.throwIfAborted();
    const assembled = assembleManifests(problem, plan);
    const body: PlanBody = {
      data_as_of: snapshot.data_as_of,
      manifests: assembled.manifests,
      unplanned_movements: assembled.unplanned_movements,
      warnings: planningWarnings({ snapshot, problem, journeyWarnings, manifests: assembled.manifests }),
    };
    const response = { ...body, metadata: { generated_at: snapshot.data_as_of, policy_version: POLICY_VERSION } };
    const violations = validatePlan(snapshot, response as ManifestPlanResponse, minutes).map((violation) => ({
      rule: violation.rule,
      message: violation.message,
      ids: [...violation.ids],
    }));
    if (violations.length > 0) {
      // a search result the validator rejects is a bug of the planner: visible in logs and metrics
      context.count('validator_rejection');
      context.logger.error({ violations: violations.slice(0, 20), violation_count: violations.length, legs: problem.legs.length }, 'the validator rejected a search result');
    }
    last = { plan, body, violations };
    return last;
  };

  return {
    validate: (plan) => check(plan).violations,
    passedBody: (plan) => (last?.plan === plan ? last : check(plan)),
  };
}
