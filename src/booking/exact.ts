/**
 * The exact model (models/horizon.mzn, issue 18's bridge `solveExact`) on a small booking check:
 * it plans every leg the check may serve, the mandatory and new ones required. A plan it finds
 * passes the independent validator before it counts.
 *
 * Its UNSATISFIABLE is a proof only where the exactness certificate
 * (src/planning/exact/exactness.ts) shows that none of the restrictions its header lists loses a
 * plan on this instance, and only once a second solver backend agrees (the engine's confirmation,
 * or a raw re-solve on another backend when the engine trusted the claim without one): no single
 * backend's UNSATISFIABLE is taken on trust (embedded Chuffed was once caught claiming it on a
 * satisfiable model). Elsewhere it says nothing about plans of another shape.
 */
import { HORIZON_MODEL, solveExact, type ExactEngine, type ExactResult } from '../planning/exact/index.ts';
import type { Plan } from '../planning/plan/types.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import { BOOKING } from '../planning/solve/search-parameters.ts';

/** Above these sizes the exact model is not tried (it rarely answers within a booking allowance; the budget policy, search-parameters.ts). */
export const EXACT_LIMITS = BOOKING.exactLimits;

export const EXACT_MODEL = HORIZON_MODEL.split('/').pop()!;

export interface ExactPlan {
  plan: Plan;
  /** A plan comes only with these. */
  status: 'OPTIMAL' | 'SATISFIED';
  /** Solver identity, e.g. "Chuffed 0.14.0 (embedded)". */
  solver: string;
}

/**
 * The solver the exact model searches with: the check's own when it is Gecode or Chuffed (pinned
 * or not); otherwise Chuffed (the model's search is written for the CP solvers with search
 * annotations, and a plan found by any solver is validated all the same).
 */
export function exactSolverFor(solver: string): string {
  const id = solver.split(':').pop();
  return id === 'gecode' || id === 'chuffed' ? solver : 'chuffed';
}

export function smallEnoughForExact(problem: PlanningProblem): boolean {
  return problem.legs.length <= EXACT_LIMITS.legs && problem.drivers.length <= EXACT_LIMITS.drivers && problem.lorries.length <= EXACT_LIMITS.lorries;
}

/** An UNSATISFIABLE answer of the exact model and who stands behind it. */
export interface ExactUnsatisfiable {
  /** Solver identity of the claim, e.g. "Chuffed 0.14.0 (embedded)". */
  solver: string;
  minizincVersion: string;
  /** The engine's proof summary, with the second backend's agreement. */
  proof: string;
  /** `backend:id` of the backend that agreed (a confirmation, or the raw re-solve). */
  confirmedBy: string;
}

export type ExactOutcome = { plan: ExactPlan } | { unsatisfiable: ExactUnsatisfiable } | null;

export interface ExactOptions {
  solver: string;
  timeLimitMs: number;
  legs: readonly number[];
  required: readonly number[];
  rejected: Parameters<typeof solveExact>[2]['rejected'];
  signal: AbortSignal;
  /** Epoch ms by which a second backend's re-solve must end. */
  deadline: number;
  /** Whether an UNSATISFIABLE could be a proof here (the exactness certificate holds): only then is it confirmed and returned. */
  proofWanted: boolean;
}

/**
 * The exact model over the check: a plan serving every leg of `required`, offered `legs` (every
 * leg the check does not reject, so the plan lists the others unplanned); or its UNSATISFIABLE,
 * confirmed by a second backend; or null (none found in time, an error, an unconfirmed claim).
 * Whether the UNSATISFIABLE is a proof for every plan is the caller's (the exactness certificate).
 */
export async function exactSearch(problem: PlanningProblem, engine: ExactEngine, options: ExactOptions): Promise<ExactOutcome> {
  if (options.timeLimitMs <= 0) return null;
  try {
    const result = await solveOver(problem, engine, options, options.solver, Math.round(options.timeLimitMs), 'checked');
    if (result.status === 'UNSATISFIABLE') return options.proofWanted ? await confirmed(problem, engine, options, result) : null;
    if (result.plan === null || (result.status !== 'OPTIMAL' && result.status !== 'SATISFIED')) return null;
    return { plan: { plan: result.plan, status: result.status, solver: result.stats.solver } };
  } catch {
    return null;
  }
}

function solveOver(problem: PlanningProblem, engine: ExactEngine, options: ExactOptions, solver: string, timeLimitMs: number, proofs: 'checked' | 'raw'): Promise<ExactResult> {
  return solveExact(problem, engine, {
    solver,
    timeLimitMs,
    legs: options.legs,
    required: options.required,
    ...(options.rejected === undefined ? {} : { rejected: options.rejected }),
    signal: options.signal,
    proofs,
  });
}

/** The backend that checks a claim of `claimant` (`backend:id` or an id): Gecode for Chuffed's, Chuffed for anyone else's. */
export function secondSolverFor(claimant: string): string {
  return claimant.split(':').pop() === 'chuffed' ? 'gecode' : 'chuffed';
}

/**
 * An UNSATISFIABLE the engine either confirmed on a second backend (proof basis `confirmed`), or
 * trusted on its model class alone: then the model is re-solved raw on another backend, which must
 * also answer UNSATISFIABLE. Anything else (unconfirmed, refuted, out of time) is null.
 */
async function confirmed(problem: PlanningProblem, engine: ExactEngine, options: ExactOptions, result: ExactResult): Promise<ExactOutcome> {
  const claim = { solver: result.stats.solver, minizincVersion: result.stats.minizincVersion };
  if (result.stats.proofBasis === 'confirmed' && result.stats.proofChecker !== null) {
    return { unsatisfiable: { ...claim, proof: result.stats.proof ?? 'UNSATISFIABLE, confirmed', confirmedBy: result.stats.proofChecker } };
  }
  if (result.stats.proofBasis !== 'trusted' || result.stats.proofClaimant === null) return null;
  const second = secondSolverFor(result.stats.proofClaimant);
  const left = options.deadline - Date.now();
  if (left <= 0) return null;
  const check = await solveOver(problem, engine, options, second, Math.round(left), 'raw');
  if (check.status !== 'UNSATISFIABLE') return null;
  return { unsatisfiable: { ...claim, proof: `${result.stats.proof ?? 'UNSATISFIABLE'}; ${check.stats.solver} also UNSATISFIABLE (raw re-solve)`, confirmedBy: check.stats.solver } };
}
