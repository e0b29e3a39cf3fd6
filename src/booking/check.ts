/**
 * POST /v1/booking-checks behind the pipeline: the three-valued answer for the proposed legs,
 * then verified alternative windows while the allowance lasts. See docs/booking.md.
 */
import { POLICY_VERSION, type BookingCheckAlternative, type BookingCheckResponse, type Evidence, type PlanningWarning, type Snapshot } from '../contract/index.ts';
import { buildPlanningProblem, type JourneyTimes } from '../planning/problem/index.ts';
import type { SolvingEngine } from '../planning/solve/index.ts';
import { BOOKING } from '../planning/solve/search-parameters.ts';
import { planningWarnings } from '../planning/warnings/index.ts';
import { searchAlternatives } from './alternatives.ts';
import { precheckContext } from '../planning/prechecks/context.ts';
import { decide, precheckProposed, proveNewLegsAlone, reasonText, type Decision, type DecideContext } from './decide.ts';
import { EXACT_MODEL } from './exact.ts';
import { prepareCheck } from './prepare.ts';
import type { ProofSettings } from './proof.ts';
import { RELAXATION_MODEL, type RelaxationRun } from '../planning/relaxation/run.ts';
import { bookingPlanValidator } from './validate.ts';

/** The check's time shares (the budget policy, search-parameters.ts). */
const { relaxationShare: RELAXATION_SHARE, relaxationShareAlone: RELAXATION_SHARE_ALONE, feasibleAlternativesShare: FEASIBLE_ALTERNATIVES_SHARE } = BOOKING;
/** Most alternatives returned. */
const MAX_ALTERNATIVES = 3;

export interface BookingLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface BookingCheckInput {
  /** A validated booking-check snapshot (with `new_movements`). */
  snapshot: Snapshot;
  /** Journey data over (at least) `placesNeedingJourneys(snapshot)`; its warnings are passed through. */
  journey: JourneyTimes & { warnings?: PlanningWarning[] };
  /** The engine (src/engine) that runs the relaxation model. */
  engine: SolvingEngine;
  /** Solver for the relaxation model: `chuffed` or `gecode` (optionally pinned, `native:gecode`). */
  solver: string;
  /** The booking-check allowance in ms: the whole check, alternatives included, answers within it. */
  allowanceMs: number;
  /** Accepted for symmetry with the manifest planner; the booking check has no randomness. */
  seed?: number;
  signal?: AbortSignal;
  logger?: BookingLogger;
  /** Whether to search alternative windows (default: while the allowance lasts). */
  alternatives?: boolean;
  /** Clock for `metadata.generated_at` (tests). */
  now?: () => Date;
}

/** The booking check (docs/booking.md): never throws on a snapshot the parser accepted. */
export async function checkBooking(input: BookingCheckInput): Promise<BookingCheckResponse> {
  const started = Date.now();
  const deadline = started + Math.max(0, input.allowanceMs);
  const { snapshot } = input;
  const problem = buildPlanningProblem(snapshot, input.journey);
  const warnings = planningWarnings({ snapshot, problem, journeyWarnings: input.journey.warnings ?? [] });
  const relaxationRuns: RelaxationRun[] = [];

  // the pre-checks first: a proof needs no plan of the accepted legs (only alternatives do)
  let decision: Decision | null = precheckProposed(problem);
  const proofSettings: ProofSettings = {
    engine: input.engine,
    solver: input.solver,
    timeLimitMs: Math.max(1, (input.alternatives === false ? RELAXATION_SHARE_ALONE : RELAXATION_SHARE) * input.allowanceMs),
    onRun: (run) => relaxationRuns.push(run),
  };
  const context = precheckContext(problem);
  if (decision === null) decision = await proveNewLegsAlone(proofSettings, problem, context, deadline, input.signal);
  const wantsBase = decision === null || input.alternatives !== false;
  const base = wantsBase ? prepareCheck(problem, deadline, input.signal, context) : null;
  if (decision === null && base === null) {
    decision = { status: 'unknown', reasonCode: 'check_inconclusive_within_allowance', reason: reasonText('check_inconclusive_within_allowance', 'the allowance ran out while planning the accepted legs'), step: 'exhausted' };
  }
  if (decision === null && base !== null) {
    const decideContext: DecideContext = { ...base, validate: bookingPlanValidator(snapshot, problem), deadline, ...(input.signal === undefined ? {} : { signal: input.signal }) };
    decision = await decide(decideContext, proofSettings);
  }
  decision ??= { status: 'unknown', reasonCode: 'check_inconclusive_within_allowance', reason: reasonText('check_inconclusive_within_allowance', ''), step: 'exhausted' };
  input.logger?.info(
    { status: decision.status, step: decision.step, reason_code: 'reasonCode' in decision ? decision.reasonCode : null, legs: problem.legs.length, elapsed_ms: Date.now() - started },
    'booking check decided',
  );

  // alternatives: while the allowance lasts when the proposed windows do not work; a short share of it when they do
  let alternatives: BookingCheckAlternative[] = [];
  const alternativesUntil = decision.status === 'feasible' ? Math.min(deadline, Date.now() + FEASIBLE_ALTERNATIVES_SHARE * input.allowanceMs) : deadline;
  if (input.alternatives !== false && base !== null && Date.now() < alternativesUntil) {
    alternatives = searchAlternatives({
      snapshot,
      journey: input.journey,
      accepted: base.accepted,
      rejected: base.rejected,
      deadline: alternativesUntil,
      maxCount: MAX_ALTERNATIVES,
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
  }

  return {
    data_as_of: snapshot.data_as_of,
    status: decision.status,
    reason_code: decision.status === 'feasible' ? null : decision.reasonCode,
    reason: decision.status === 'feasible' ? null : decision.reason,
    alternatives,
    requires_full_replan: decision.status === 'feasible' ? decision.requiresFullReplan : false,
    warnings,
    metadata: { generated_at: (input.now?.() ?? new Date()).toISOString(), policy_version: POLICY_VERSION },
    evidence: evidenceOf(decision, relaxationRuns, input, Date.now() - started),
  };
}

function evidenceOf(decision: Decision, runs: RelaxationRun[], input: BookingCheckInput, elapsedMs: number): Evidence {
  // the run that proved it, else the last one that ended
  const run = (decision.status === 'infeasible_proven' ? decision.run : undefined) ?? runs[runs.length - 1];
  const strategy: Record<Decision['step'], string> = {
    precheck: 'pre-checks',
    insertion: 'insertion into the plan of the accepted legs',
    repair: 'insertion with a local repair (ruin and recreate on the routes near the new legs)',
    resolve: 'wider re-solve',
    exact: 'exact model over the whole (small) problem',
    relaxation: 'relaxation model',
    exhausted: 'pre-checks, insertion, local repair, re-solve, relaxation model: undecided',
  };
  // a plan or a proof of the exact model: its solver and status; otherwise the relaxation run, if any
  const exact = decision.status === 'feasible' ? decision.exact : undefined;
  const exactProof = decision.status === 'infeasible_proven' ? decision.exactProof : undefined;
  const solver = exact?.solver ?? exactProof?.solver ?? run?.solver ?? null;
  const proof = exactProof?.proof ?? run?.proof;
  return {
    planning_engine: {
      minizinc_version: exactProof?.minizincVersion ?? run?.minizincVersion ?? null,
      solver,
      backend: solver === null ? null : /\(native\)/.test(solver) ? 'native' : 'embedded',
      models: exact !== undefined || exactProof !== undefined ? [EXACT_MODEL] : run === undefined ? [] : [RELAXATION_MODEL],
      strategy: exactProof !== undefined ? `${strategy.exact}, its restrictions certified to lose no plan on this check` : strategy[decision.step],
      status: exact?.status ?? (exactProof !== undefined ? 'UNSATISFIABLE' : undefined) ?? run?.status ?? 'NOT_RUN',
      objective: null,
      bound: null,
      proven_optimal: false,
      solve_ms: Math.max(0, Math.round(elapsedMs)),
      time_limit_ms: Math.max(0, Math.round(input.allowanceMs)),
      timing_dependent: decision.status === 'unknown' || exact !== undefined || exactProof !== undefined,
      ...(proof === undefined ? {} : { proof }),
    },
    validation: 'passed',
  };
}
