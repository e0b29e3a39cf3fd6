/**
 * The exact model (models/horizon.mzn) on a small manifests request: after the planner (and the
 * proof of its left-out legs), where legs are still left out without a proof, the model searches
 * from the planner's plan (a warm start: its first solution is that plan) for a better one,
 * within a counted budget (`EXACT_REQUEST.failLimit` search failures on Gecode), so the same
 * request gives the same answer on any machine.
 *
 * Its plan replaces the planner's only when the independent validator passes it and it is better:
 * more legs served, then fewer driving minutes (the service's objective), then fewer duties.
 * Its OPTIMAL (judged by the engine's trust policy: trusted, or confirmed by a second backend)
 * is reported as such, with a proof line that says what it proves: no plan of the model's shape
 * does better. The model is a restriction of the problem in places (its header lists them), so
 * on its own its OPTIMAL proves nothing about every plan. It does where the exactness certificate
 * (exact/exactness.ts) shows those restrictions lose no plan on the request, a second backend
 * confirmed the claim, and every leg not offered to the model was refused by a pre-check (a proof
 * that no plan serves it): then the returned plan is optimal over every plan, evidence says so
 * (`proven_optimal`, `bound`), and its left-out legs get `left_out_proven_by_exact_model`.
 */
import { REASON_CATALOGUE } from '../../contract/reasons.ts';
import { exactness } from '../exact/exactness.ts';
import { solveExact, type ExactEngine, type ExactResult } from '../exact/index.ts';
import { createHoursCalendar } from '../hours/index.ts';
import { drivingMinutes } from '../plan/driving.ts';
import type { Plan, UnplannedLeg } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { breaksOnlyWhereNeeded } from './idle-time.ts';
import { EXACT_REQUEST } from './search-parameters.ts';

export const EXACT_REQUEST_MODEL = 'horizon.mzn';

export interface ExactRequestSettings {
  engine: ExactEngine;
  solver: string;
  /** Epoch ms by which the model must have answered (the request's deadline less its reserve). */
  deadline: number;
  /** The independent validator: a plan of the model counts only when it passes. */
  validate: (plan: Plan) => readonly unknown[];
  signal?: AbortSignal;
}

export interface ExactRequestOutcome {
  /** The plan to return: the model's when it is valid and better, else the one given. */
  plan: Plan;
  /** Whether the model ran (then it is among evidence's models). */
  ran: boolean;
  /** The model's plan replaced the planner's. */
  improved: boolean;
  /**
   * The model proved the returned plan optimal among plans of its shape (engine-judged OPTIMAL):
   * not among every plan, so never `proven_optimal` in evidence (the proof line says what it is).
   */
  provenOptimal: boolean;
  /**
   * That optimality holds over every plan, not only the model's shape (the exactness certificate
   * held, a second backend confirmed the OPTIMAL, and the legs not offered were refused by pre-checks).
   */
  provenOverEveryPlan: boolean;
  /** The proof line for evidence (what the model's claim proves, or why it is none). */
  proof?: string;
  /** The clock, not the failure budget, ended the search or its proof's check: another run may differ. */
  cutByTime: boolean;
  /** Solver identity and MiniZinc version of the run, for evidence. */
  solver?: string;
  minizincVersion?: string;
  debug?: string;
}

/** How a plan ranks: legs served, driving minutes, duties (lower is better for the last two). */
export interface PlanScore {
  served: number;
  driving: number;
  duties: number;
}

export function planScore(problem: PlanningProblem, plan: Plan): PlanScore {
  // a leg is served whole or listed unplanned (plan/types.ts)
  const served = problem.legs.length - plan.unplanned.length;
  return { served, driving: drivingMinutes(problem, plan.duties), duties: plan.duties.length };
}

/** Negative when `a` is better than `b`. */
export function compareScores(a: PlanScore, b: PlanScore): number {
  return b.served - a.served || a.driving - b.driving || a.duties - b.duties;
}

/** Whether the request is one the exact model is tried on (the budget policy's size threshold). */
export function withinExactRequestLimits(problem: PlanningProblem, offeredLegs: number): boolean {
  return offeredLegs <= EXACT_REQUEST.legs && problem.drivers.length <= EXACT_REQUEST.drivers && problem.lorries.length <= EXACT_REQUEST.lorries;
}

/**
 * The plan, or the exact model's better plan. The model runs only when legs are left out
 * without a proof (`not_planned_within_allowance`) and the request is within the size limits.
 */
export async function improveWithExactModel(problem: PlanningProblem, plan: Plan, settings: ExactRequestSettings): Promise<ExactRequestOutcome> {
  const unchanged: ExactRequestOutcome = { plan, ran: false, improved: false, provenOptimal: false, provenOverEveryPlan: false, cutByTime: false };
  const leftOut = plan.unplanned.filter((entry) => entry.reasonCode === 'not_planned_within_allowance');
  if (leftOut.length === 0) return unchanged;
  // legs refused for a reason of their own stay refused; the model gets every other accepted leg
  const refused: UnplannedLeg[] = plan.unplanned.filter((entry) => entry.reasonCode !== 'not_planned_within_allowance');
  const refusedLegs = new Set(refused.map((entry) => entry.leg));
  const offered = problem.legs.filter((leg) => leg.origin === 'accepted' && !refusedLegs.has(leg.index)).map((leg) => leg.index);
  if (!withinExactRequestLimits(problem, offered.length)) return unchanged;
  const limit = settings.deadline - Date.now();
  if (limit < EXACT_REQUEST.minRunMs || settings.signal?.aborted) return { ...unchanged, cutByTime: true };

  let result: ExactResult;
  try {
    result = await solveExact(problem, settings.engine, {
      solver: settings.solver,
      timeLimitMs: Math.floor(limit),
      failLimit: EXACT_REQUEST.failLimit,
      legs: offered,
      rejected: refused,
      ...(plan.duties.length > 0 ? { warmStart: plan } : {}),
      ...(settings.signal === undefined ? {} : { signal: settings.signal }),
    });
  } catch (error) {
    // a problem the model cannot state (ExactUnsupported): the planner's plan stands
    return { ...unchanged, debug: `exact model not run: ${(error as Error).message}` };
  }
  const stats = result.stats;
  const identity = { solver: stats.solver, minizincVersion: stats.minizincVersion };
  const cutByTime = clockEnded(result);
  const debug = `exact model: ${result.status} (${stats.stop}), ${stats.legsServed}/${stats.legsOffered} legs, ${stats.failures ?? '?'} failures, warm start ${stats.warmStart}, ${stats.solveMs} ms`;
  const ran: ExactRequestOutcome = { ...unchanged, ran: true, cutByTime, ...identity, debug };
  if (result.plan === null) return ran;

  // idle time stays a wait unless a rule needs a break, as on the planner's plan
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  const candidate: Plan = { ...result.plan, duties: breaksOnlyWhereNeeded(problem, result.plan.duties, calendar) };
  const better = compareScores(planScore(problem, candidate), planScore(problem, plan)) < 0;
  const valid = better && settings.validate(candidate).length === 0;
  const chosen = valid ? candidate : plan;
  // an OPTIMAL proves the model's best plan optimal: the returned plan, when it scores the same
  const optimal = result.provenOptimal && compareScores(planScore(problem, chosen), planScore(problem, result.plan)) === 0;
  const overEveryPlan = optimal && stats.proofBasis === 'confirmed' && refused.every((entry) => REASON_CATALOGUE[entry.reasonCode].kind === 'precheck') && exactness(problem, { legs: offered }).exact;
  return {
    ...ran,
    plan: overEveryPlan ? withProvenLeftOut(chosen, stats.proofChecker) : chosen,
    improved: valid,
    provenOptimal: optimal,
    provenOverEveryPlan: overEveryPlan,
    ...(stats.proof === null ? {} : { proof: proofLine(stats.proof, optimal, overEveryPlan) }),
    debug: `${debug}${better && !valid ? ', its better plan failed the validator (bug)' : valid ? ', its plan taken' : ''}`,
  };
}

/** The model's claim in evidence, scoped to what it proves. */
function proofLine(summary: string, optimal: boolean, overEveryPlan: boolean): string {
  const scope = overEveryPlan
    ? 'no plan serves more legs, then drives less, then uses fewer duties (the exactness certificate: none of the simplifications models/horizon.mzn lists loses a plan on this request)'
    : optimal
      ? 'no plan of the shape models/horizon.mzn states (its header lists what it leaves out) serves more legs, then drives less, then uses fewer duties'
      : 'not a proof for the plan returned';
  return `exact model (horizon.mzn): ${summary}: ${scope}`;
}

/** The plan with its legs left out by the search given the proven code (the optimum over every plan leaves them out). */
function withProvenLeftOut(plan: Plan, checker: string | null): Plan {
  const detail = `exact model OPTIMAL${checker === null ? '' : `, confirmed by ${checker}`}`;
  const unplanned = plan.unplanned.map((entry): UnplannedLeg =>
    entry.reasonCode === 'not_planned_within_allowance' ? { leg: entry.leg, reasonCode: 'left_out_proven_by_exact_model', detail } : entry,
  );
  return { ...plan, unplanned };
}

/**
 * Whether the clock rather than the failure budget ended the model's run: its time limit or the
 * request's cancellation, or a proof claim whose check by a second backend had no time to finish.
 */
function clockEnded(result: ExactResult): boolean {
  const { stop, proof } = result.stats;
  if (stop === 'time_limit' || stop === 'cancelled') return true;
  return stop === 'unconfirmed' && proof !== null && !/no second backend/.test(proof);
}
