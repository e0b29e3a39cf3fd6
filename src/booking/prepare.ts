/**
 * What every step of a check shares: the calendar, the pre-check context, the pre-check
 * rejections of accepted legs, and the plan of the accepted legs alone.
 */
import { createHoursCalendar } from '../planning/hours/index.ts';
import { precheckLegs } from '../planning/prechecks/index.ts';
import { precheckContext, type PrecheckContext } from '../planning/prechecks/context.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import type { DecideContext } from './decide.ts';
import { buildPlan } from './planning/build.ts';

export type CheckBase = Pick<DecideContext, 'problem' | 'calendar' | 'precheckContext' | 'accepted' | 'rejected'>;

/** The base of a check, or null when the allowance ran out while planning the accepted legs. */
export function prepareCheck(problem: PlanningProblem, deadline: number, signal?: AbortSignal, context: PrecheckContext = precheckContext(problem)): CheckBase | null {
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  const acceptedLegs = problem.legs.filter((leg) => leg.origin === 'accepted').map((leg) => leg.index);
  const rejected = precheckLegs(problem, acceptedLegs);
  const refused = new Set(rejected.map((entry) => entry.leg));
  const legs = acceptedLegs.filter((leg) => !refused.has(leg));
  const accepted = buildPlan(problem, calendar, { legs, rejected, deadline, ...(signal === undefined ? {} : { signal }) });
  return accepted === null ? null : { problem, calendar, precheckContext: context, accepted, rejected };
}
