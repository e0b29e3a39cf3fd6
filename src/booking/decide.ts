/**
 * The bounded check for one set of proposed legs: the cheapest decisive step first.
 *
 * 1. Pre-checks on each proposed leg: a failure is a proof (`infeasible_proven`).
 * 2. When the relaxation's data over the new legs alone already shows a conflict (an empty
 *    window, two tasks of the only able driver or lorry that fit in no order, a place full
 *    whenever a delivery could be unloaded, ...), that relaxation runs now: its UNSATISFIABLE
 *    is a proof for every plan (serving fewer legs is a weaker demand), before any plan is built.
 * 3. The plan of the accepted legs alone (a quick, deterministic construction); the accepted legs
 *    it serves are the ones a booking must not push out (the mandatory legs, with the new ones).
 * 4. The new legs inserted into that plan, its routes kept in order (milliseconds on small
 *    problems); validated, that is `feasible` with `requires_full_replan` false (true when an
 *    accepted leg had to move anyway). On a day where a new leg finds no room, a short local
 *    repair (ruin and recreate on the routes near the new legs) may move accepted legs to other
 *    nearby routes, each still served; validated, that is `feasible` with `requires_full_replan`
 *    true.
 * 5. Then, at the same time: the relaxation model over the mandatory legs on the engine (a
 *    worker), and a wider re-solve in this thread that plans everything afresh, the new legs
 *    first. A validated re-solve is `feasible` with `requires_full_replan` true. On a small
 *    check the exact model (models/horizon.mzn) then searches on the other worker: its plan,
 *    validated, is `feasible` (`requires_full_replan` true). The relaxation's UNSATISFIABLE is
 *    `infeasible_proven`; so is the exact model's, but only where the exactness certificate
 *    (planning/exact/exactness.ts) shows its restrictions lose no plan on this check and a second
 *    backend confirms it (exact.ts), and it answers only once the relaxation has ended without a
 *    proof (so the reason code does not depend on which finishes first); anything else is `unknown`.
 *
 * The relaxation can only decide when no plan exists, so it is not started while the insertion
 * can still find one (unless its data shows a conflict); and a found plan and a proof exclude
 * each other, so which of the two finishes first never changes the answer. Only the allowance
 * running out can turn an answer into `unknown`.
 */
import { REASON_CATALOGUE, type ReasonCode } from '../contract/reasons.ts';
import type { HoursCalendar } from '../planning/hours/index.ts';
import type { Plan, UnplannedLeg } from '../planning/plan/types.ts';
import { createPrechecks } from '../planning/prechecks/index.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import { BOOKING } from '../planning/solve/search-parameters.ts';
import { buildPlan, keepsAssignments, type BuiltPlan } from './planning/build.ts';
import type { PrecheckContext } from '../planning/prechecks/context.ts';
import { exactSearch, exactSolverFor, smallEnoughForExact, type ExactPlan, type ExactUnsatisfiable } from './exact.ts';
import { exactness } from '../planning/exact/exactness.ts';
import { startProof, type ProofSettings } from './proof.ts';
import { proofOf } from '../planning/relaxation/reason.ts';
import { relaxationData, showsConflict } from '../planning/relaxation/data.ts';
import type { RelaxationRun } from '../planning/relaxation/run.ts';
import type { BookingPlanValidator } from './validate.ts';

export type Decision =
  | { status: 'feasible'; requiresFullReplan: boolean; plan: Plan; step: 'insertion' | 'repair' | 'resolve' | 'exact'; exact?: ExactPlan }
  | { status: 'infeasible_proven'; reasonCode: ReasonCode; reason: string; step: 'precheck' | 'relaxation' | 'exact'; run?: RelaxationRun; exactProof?: ExactUnsatisfiable }
  | { status: 'unknown'; reasonCode: ReasonCode; reason: string; step: 'exhausted' };

export interface DecideContext {
  problem: PlanningProblem;
  calendar: HoursCalendar;
  precheckContext: PrecheckContext;
  /** The plan of the accepted legs alone (same for every window tried). */
  accepted: BuiltPlan;
  /** Accepted legs the pre-checks reject (never served, never mandatory). */
  rejected: UnplannedLeg[];
  validate: BookingPlanValidator;
  /** Epoch ms by which an answer is due. */
  deadline: number;
  signal?: AbortSignal;
}

/** The human reason: the catalogue meaning, then what is specific to this check. */
export function reasonText(code: ReasonCode, detail: string): string {
  return detail === '' ? REASON_CATALOGUE[code].meaning : `${REASON_CATALOGUE[code].meaning} (${detail})`;
}

export const proposedLegs = (problem: PlanningProblem) => problem.legs.filter((leg) => leg.origin === 'proposed').map((leg) => leg.index);

/** Step 1: the first proposed leg a pre-check proves can never be planned, or null. */
export function precheckProposed(problem: PlanningProblem): Decision | null {
  const prechecks = createPrechecks(problem);
  for (const leg of proposedLegs(problem)) {
    const rejection = prechecks.check(leg);
    if (rejection === null) continue;
    const detail = `movement ${problem.legs[leg]!.id}${rejection.detail === undefined ? '' : `: ${rejection.detail}`}`;
    return { status: 'infeasible_proven', reasonCode: rejection.reasonCode, reason: reasonText(rejection.reasonCode, detail), step: 'precheck' };
  }
  return null;
}

function mustServe(context: DecideContext): number[] {
  return [...context.accepted.served, ...proposedLegs(context.problem)];
}

const serves = (built: BuiltPlan | null, legs: readonly number[]): built is BuiltPlan => built !== null && legs.every((leg) => built.served.has(leg));

/** Share of the time left that the local repair may use (the re-solve and the exact model get the rest; the budget policy). */
const REPAIR_SHARE = BOOKING.repairShare;

/**
 * Step 3: the new legs inserted into the plan of the accepted legs, its routes kept in order;
 * with `repair`, on a day where a new leg found no room, a local repair (ruin and recreate on
 * the routes near the new legs, planning/repair.ts) in which accepted legs may move to nearby
 * routes, every accepted leg the plan of the accepted legs serves staying served. Validated, or null.
 */
export function tryInsertion(context: DecideContext, repair = false): Decision | null {
  const { problem, accepted, rejected } = context;
  const refused = new Set(rejected.map((entry) => entry.leg));
  const acceptedLegs = problem.legs.filter((leg) => leg.origin === 'accepted' && !refused.has(leg.index)).map((leg) => leg.index);
  const inserted = buildPlan(problem, context.calendar, {
    legs: [...acceptedLegs, ...proposedLegs(problem)],
    insert: proposedLegs(problem),
    rejected,
    keep: accepted,
    ...(repair ? { repairUntil: Date.now() + REPAIR_SHARE * Math.max(0, context.deadline - Date.now()) } : {}),
    deadline: context.deadline,
    ...(context.signal === undefined ? {} : { signal: context.signal }),
  });
  if (!serves(inserted, mustServe(context)) || context.validate(inserted.plan).length > 0) return null;
  return { status: 'feasible', requiresFullReplan: !keepsAssignments(accepted, inserted), plan: inserted.plan, step: inserted.repaired ? 'repair' : 'insertion' };
}

/** Step 4: everything planned afresh, the new legs offered first; validated, or null. */
export function tryResolve(context: DecideContext): Decision | null {
  const { problem, accepted, rejected } = context;
  const resolved = buildPlan(problem, context.calendar, {
    legs: [...proposedLegs(problem), ...[...accepted.served].sort((a, b) => a - b)],
    firstCrewsFor: proposedLegs(problem),
    rejected,
    deadline: context.deadline,
    ...(context.signal === undefined ? {} : { signal: context.signal }),
  });
  if (!serves(resolved, mustServe(context)) || context.validate(resolved.plan).length > 0) return null;
  return { status: 'feasible', requiresFullReplan: true, plan: resolved.plan, step: 'resolve' };
}

/** Steps 3 and 5 without the repair (alternatives: many windows share the time): a validated plan serving the new legs and every accepted leg the accepted plan serves, or null. */
export function findPlan(context: DecideContext): Decision | null {
  return tryInsertion(context) ?? tryResolve(context);
}

/** A proof's decision, when the run was UNSATISFIABLE. */
export function provenBy(run: RelaxationRun | null, scope: string): Decision | null {
  if (run?.outcome !== 'infeasible') return null;
  const proof = proofOf(run.facts, scope);
  return { status: 'infeasible_proven', reasonCode: proof.reasonCode, reason: reasonText(proof.reasonCode, proof.detail), step: 'relaxation', run };
}

/**
 * Step 2: when the model's data over the new legs alone already shows a conflict, the relaxation
 * over them runs first (expected UNSATISFIABLE in well under the allowance, before the plan of
 * the accepted legs is built); otherwise nothing runs here and the check goes on.
 */
export async function proveNewLegsAlone(settings: ProofSettings, problem: PlanningProblem, context: PrecheckContext, deadline: number, signal?: AbortSignal): Promise<Decision | null> {
  const legs = proposedLegs(problem);
  const data = relaxationData(problem, legs, context);
  if (!showsConflict(data.facts)) return null;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return provenBy(await startProof(settings, problem, context, legs, deadline, stop.signal, data), NEW_LEGS_SCOPE);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Steps 4-6 for the proposed legs of `context.problem` (the pre-checks have passed). */
export async function decide(context: DecideContext, settings: ProofSettings): Promise<Decision> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  context.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const found = tryInsertion(context, true);
    if (found !== null) return found;
    const proof = startProof(settings, context.problem, context.precheckContext, mustServe(context), context.deadline, stop.signal);
    // let the engine take the model before the synchronous re-solve holds the thread
    await new Promise((resolve) => setImmediate(resolve));
    const resolved = tryResolve(context);
    if (resolved !== null) return resolved;
    // a small check: the exact model searches beside the proof (`preferringRelaxation` picks the answer)
    let run: RelaxationRun | null = null;
    const proofDecision = proof.then((ended) => {
      run = ended;
      return provenBy(ended, mandatoryScope(context));
    });
    const exactDecision = smallEnoughForExact(context.problem) ? tryExact(context, settings, stop.signal) : Promise.resolve(null);
    const decided = await preferringRelaxation(proofDecision, exactDecision);
    if (decided !== null) return decided;
    return {
      status: 'unknown',
      reasonCode: 'check_inconclusive_within_allowance',
      reason: reasonText('check_inconclusive_within_allowance', unknownDetail(run)),
      step: 'exhausted',
    };
  } finally {
    stop.abort();
    context.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The answer of step 5's two searches, so that its reason code does not depend on which finishes
 * first: the relaxation's proof whenever it has one; the exact model's plan at once (a plan and a
 * proof exclude each other); the exact model's proof only once the relaxation has ended without
 * one (a proof found first waits for it: where the relaxation's data is satisfiable, it ends
 * quickly). Null when neither decides.
 */
function preferringRelaxation(relaxation: Promise<Decision | null>, exact: Promise<Decision | null>): Promise<Decision | null> {
  return new Promise((resolve) => {
    let relaxationEnded = false;
    let exactProof: Decision | null = null;
    let open = 2;
    const settle = () => {
      open -= 1;
      if (relaxationEnded && exactProof !== null) resolve(exactProof);
      else if (open === 0) resolve(null);
    };
    void relaxation.then((decision) => {
      relaxationEnded = true;
      if (decision !== null) resolve(decision);
      settle();
    });
    void exact.then((decision) => {
      if (decision?.status === 'feasible') resolve(decision);
      else exactProof = decision;
      settle();
    });
  });
}

/**
 * Step 5 on a small check: the exact model's plan serving every mandatory and new leg, validated;
 * or, where the exactness certificate shows its restrictions lose no plan on this check, its
 * UNSATISFIABLE confirmed by a second backend (`infeasible_proven`); or null.
 */
async function tryExact(context: DecideContext, settings: ProofSettings, signal: AbortSignal): Promise<Decision | null> {
  const refused = new Set(context.rejected.map((entry) => entry.leg));
  const legs = context.problem.legs.filter((leg) => !refused.has(leg.index)).map((leg) => leg.index);
  const certificate = exactness(context.problem, { legs });
  const found = await exactSearch(context.problem, settings.engine, {
    solver: exactSolverFor(settings.solver),
    timeLimitMs: Math.min(settings.timeLimitMs, context.deadline - Date.now()),
    legs,
    required: mustServe(context),
    rejected: context.rejected,
    signal,
    deadline: context.deadline,
    proofWanted: certificate.exact,
  });
  if (found === null) return null;
  if ('unsatisfiable' in found) {
    const detail = `the exact model has no plan ${mandatoryScope(context)} and the new legs; confirmed by ${found.unsatisfiable.confirmedBy}`;
    return { status: 'infeasible_proven', reasonCode: 'exact_model_infeasible', reason: reasonText('exact_model_infeasible', detail), step: 'exact', exactProof: found.unsatisfiable };
  }
  if (context.validate(found.plan.plan).length > 0) return null;
  const unplanned = new Set(found.plan.plan.unplanned.map((entry) => entry.leg));
  if (mustServe(context).some((leg) => unplanned.has(leg))) return null;
  return { status: 'feasible', requiresFullReplan: true, plan: found.plan.plan, step: 'exact', exact: found.plan };
}

/** What a proof over the new legs alone is about. */
export const NEW_LEGS_SCOPE = 'the new legs alone';

function mandatoryScope(context: DecideContext): string {
  return `with the ${context.accepted.served.size} accepted leg(s) the plan of the accepted legs serves`;
}

function unknownDetail(run: RelaxationRun | null): string {
  if (run === null) return 'no time was left for the relaxation model';
  if (run.outcome === 'satisfiable') return 'the relaxation admits a plan, and no plan was found';
  // a backend that crashed or failed is no answer: say what it reported
  if (run.status === 'ERROR') return `the relaxation model's solver failed (${run.error ?? 'no message'})`;
  return `the relaxation model ended ${run.status}`;
}
