/**
 * The exact model (models/horizon.mzn) as the planner and the booking check use it:
 * `solveExact` plans a (small) problem whole, proving optimality when the solver finishes;
 * `checkPlanExact` asks whether a plan of the service is a solution of the model.
 */
import type { ProofBasis, SolutionEvent, SolveRequest, SolveResult } from '../../engine/types.ts';
import type { Plan, UnplannedLeg } from '../plan/types.ts';
import { precheckLegs } from '../prechecks/index.ts';
import { modelPath } from '../solve/model-solver.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { exactData, type ExactInstance } from './data.ts';
import { decodeSolution, type HorizonSolution } from './decode.ts';
import { fixedData, PlanShapeError, slotsNeeded, warmData } from './fix.ts';

/** Absolute path of the model (the engine's project root may be elsewhere). */
export const HORIZON_MODEL = modelPath('horizon.mzn');

/** What the bridge needs of the engine (src/engine `createEngine(...)`). */
export interface ExactEngine {
  solve(request: SolveRequest): Promise<SolveResult>;
}

export interface SolveExactOptions {
  /** `gecode`, `chuffed`, ... (or pinned: `native:gecode`). */
  solver: string;
  timeLimitMs: number;
  /**
   * End the search after this many failures (Gecode only; other solvers ignore it): a run it
   * ends repeats exactly, unlike one the clock ends (`stats.stop` is then `search_limit`).
   */
  failLimit?: number;
  seed?: number;
  signal?: AbortSignal;
  /** Legs the model may serve; default every accepted leg the pre-checks do not reject. */
  legs?: readonly number[];
  /** Legs that must be served (a booking check): UNSATISFIABLE then proves no plan of the model's shape serves them. */
  required?: readonly number[];
  /** Pre-check rejections (default `precheckLegs(problem)`), listed unplanned with their reasons. */
  rejected?: readonly UnplannedLeg[];
  /** Duty slots per driver availability window (default 1; 2 lets a driver change lorry in a window). */
  slotsPerWindow?: number;
  /**
   * `checked` (default): OPTIMAL and UNSATISFIABLE only as the engine's trust policy allows
   * (a second backend confirms a claim on a model class the solver is not trusted on), so an
   * UNSATISFIABLE is a proof; `raw`: the solver's own answer (the differential tests, which
   * compare the solvers themselves).
   */
  proofs?: 'checked' | 'raw';
  /**
   * A plan the search follows first (models/horizon/warm.mzn): a plan the model accepts is its
   * first solution, the rest of the search improves on it. Given more duties per window than
   * `slotsPerWindow`, the model gets the slots the plan needs. A plan the model cannot state
   * (`PlanShapeError`) gives no warm start (`stats.warmStart` says why).
   */
  warmStart?: Plan;
  /**
   * End the search at the first solution that serves every leg offered (a caller that needs only
   * to know whether the model serves them all); `stats.allServedStop` then says it stopped so.
   */
  stopWhenAllServed?: boolean;
  /**
   * Gecode only: after the first solution, each restart keeps this percentage of the best plan's
   * successors and searches the rest again (large-neighbourhood search, models/horizon/warm.mzn).
   * The search is then incomplete: OPTIMAL and UNSATISFIABLE prove nothing, and are reported as
   * SATISFIED and UNKNOWN. Default 0 (off).
   */
  neighbourhoodKeepPercent?: number;
}

/**
 * `none`: no warm start asked; `first`: the search's first solution is the plan (its routes,
 * places, lorries, breaks and times: the model accepts the plan); `other`: the first solution is
 * another plan (the model does not accept the plan as it is, or its search left it); `unreached`:
 * no solution by the end; `shape: ...`: the plan cannot be written as the model's variables.
 * `other` says the model rejects the plan only on a solver that follows the search annotation
 * depth-first (Gecode, Chuffed: the plan's values are tried first and left only once no solution
 * has them); CP-SAT reads the annotation as a strategy and hands over its first and its last solution only.
 */
export type WarmStartOutcome = 'none' | 'first' | 'other' | 'unreached' | `shape: ${string}`;

export type ExactStatus = 'OPTIMAL' | 'SATISFIED' | 'UNSATISFIABLE' | 'UNKNOWN' | 'ERROR';

export interface ExactStats {
  units: number;
  duties: number;
  solveMs: number;
  solver: string;
  minizincVersion: string;
  stop: SolveResult['stop'];
  objective: number | null;
  /** Legs served (of the offered ones). */
  legsServed: number;
  legsOffered: number;
  /** Search failures the solver reports (a measure of work that does not depend on the machine), or null. */
  failures: number | null;
  /** Who proved the claim of OPTIMAL or UNSATISFIABLE, on which basis (the engine's proof record), or null. */
  proof: string | null;
  /** On which basis the claim stands (the engine's proof record: `confirmed` when a second backend agreed), or null. */
  proofBasis: ProofBasis | null;
  /** `backend:id` of the solver that made the claim, and of the one that checked it (null when none). */
  proofClaimant: string | null;
  proofChecker: string | null;
  /** What became of the warm start (`WarmStartOutcome`). */
  warmStart: WarmStartOutcome;
  /** The search was ended at its first solution serving every offered leg (`stopWhenAllServed`). */
  allServedStop: boolean;
  /** Milliseconds from the call to the first solution (compile included), or null when none came. */
  firstSolutionMs: number | null;
}

export interface ExactResult {
  status: ExactStatus;
  /** The best plan found (null when none: UNSATISFIABLE, UNKNOWN or ERROR). */
  plan: Plan | null;
  /** OPTIMAL: no plan of the model's shape serves more legs (then less driving, then fewer duties). */
  provenOptimal: boolean;
  stats: ExactStats;
  error?: string;
}

/** Plans the problem whole with the exact model. */
export async function solveExact(problem: PlanningProblem, engine: ExactEngine, options: SolveExactOptions): Promise<ExactResult> {
  const rejected = options.rejected ?? precheckLegs(problem);
  const rejectedLegs = new Set(rejected.map((entry) => entry.leg));
  const legs = options.legs ?? problem.legs.filter((leg) => leg.origin === 'accepted' && !rejectedLegs.has(leg.index)).map((leg) => leg.index);
  const slotsPerWindow = Math.max(options.slotsPerWindow ?? 1, options.warmStart === undefined ? 1 : slotsNeeded(problem, options.warmStart));
  const instance = exactData(problem, { legs, required: options.required ?? [], slotsPerWindow });
  let warmStart: WarmStartOutcome = 'none';
  let warm: Record<string, number[]> = {};
  if (options.warmStart !== undefined) {
    try {
      warm = warmData(problem, instance, options.warmStart);
      warmStart = 'unreached';
    } catch (error) {
      if (!(error instanceof PlanShapeError)) throw error;
      warmStart = `shape: ${error.message}`;
    }
  }
  // the first solution serving every offered leg ends the search when the caller asks
  const enough = options.stopWhenAllServed === true ? new AbortController() : null;
  let allServedStop = false;
  let solutions = 0;
  let firstSolutionMs: number | null = null;
  const onSolution = (event: SolutionEvent) => {
    solutions += 1;
    if (solutions === 1) firstSolutionMs = event.elapsedMs;
    if (solutions === 1 && warmStart === 'unreached') warmStart = followsWarmStart(warm, event.solution) ? 'first' : 'other';
    const served = event.solution.served as boolean[] | undefined;
    if (enough === null || served === undefined || allServedStop) return;
    if (legs.every((leg) => problem.legs[leg]!.units.every((unit) => served[instance.layout.unitOf.get(unit)!] === true))) {
      allServedStop = true;
      enough.abort();
    }
  };
  const signal = enough === null ? options.signal : options.signal === undefined ? enough.signal : AbortSignal.any([options.signal, enough.signal]);
  const result = await engine.solve({
    model: HORIZON_MODEL,
    data: { ...instance.data, ...warm, lns_keep: options.neighbourhoodKeepPercent ?? 0 },
    solver: options.solver,
    timeLimitMs: options.timeLimitMs,
    seed: options.seed ?? 1,
    proofs: options.proofs ?? 'checked',
    ...(options.failLimit === undefined ? {} : { failLimit: options.failLimit }),
    onSolution,
    ...(signal === undefined ? {} : { signal }),
  });
  // a large-neighbourhood search proves nothing
  const incomplete = (options.neighbourhoodKeepPercent ?? 0) > 0;
  const status: ExactStatus = !incomplete ? result.status : result.status === 'OPTIMAL' ? 'SATISFIED' : result.status === 'UNSATISFIABLE' ? 'UNKNOWN' : result.status;
  const stats: ExactStats = {
    units: instance.layout.units.length,
    duties: instance.layout.slots.length,
    solveMs: result.elapsedMs,
    solver: `${result.solver.name} ${result.solver.version} (${result.backend})`,
    minizincVersion: result.minizincVersion,
    stop: result.stop,
    objective: result.objective,
    legsServed: 0,
    legsOffered: legs.length,
    failures: typeof result.statistics.failures === 'number' ? result.statistics.failures : null,
    proof: result.proof?.summary ?? null,
    proofBasis: result.proof?.basis ?? null,
    proofClaimant: result.proof?.provedBy ?? null,
    proofChecker: result.proof?.checkedBy ?? null,
    warmStart,
    allServedStop,
    firstSolutionMs,
  };
  if (result.solution === null || (status !== 'OPTIMAL' && status !== 'SATISFIED')) {
    return { status, plan: null, provenOptimal: false, stats, ...(result.error ? { error: result.error.message } : {}) };
  }
  const decoded = decodeSolution(problem, instance.layout, result.solution as unknown as HorizonSolution);
  const servedUnits = new Set(decoded.servedUnits);
  const unplanned: UnplannedLeg[] = [...rejected];
  for (const leg of legs) {
    if (problem.legs[leg]!.units.every((unit) => servedUnits.has(unit))) stats.legsServed++;
    else unplanned.push({ leg, reasonCode: 'not_planned_within_allowance' });
  }
  unplanned.sort((a, b) => a.leg - b.leg);
  return { status, plan: { duties: decoded.duties, unplanned }, provenOptimal: status === 'OPTIMAL', stats };
}

/** The variables of the solution the warm start names (fixed.mzn's conventions) have its values. */
function followsWarmStart(warm: Record<string, number[]>, solution: Record<string, unknown>): boolean {
  const names: [warm: string, variable: string, free: number][] = [
    ['warm_succ', 'succ', 0],
    ['warm_loc', 'loc', 0],
    ['warm_time', 'time', -1],
    ['warm_depart', 'depart', -1],
    ['warm_break', 'break_len', -1],
    ['warm_before_break', 'before_break', -1],
    ['warm_second_break', 'second_break', -1],
    ['warm_before_second_break', 'before_second_break', -1],
    ['warm_third_break', 'third_break', -1],
    ['warm_before_third_break', 'before_third_break', -1],
    ['warm_lorry', 'lorry', -1],
    ['warm_returns', 'returns_to_base', -1],
  ];
  return names.every(([name, variable, free]) => {
    const values = solution[variable] as (number | boolean)[] | undefined;
    return (warm[name] ?? []).every((value, index) => value <= free || Number(values?.[index]) === value);
  });
}

export interface PlanCheck {
  /** SATISFIED/OPTIMAL: the model accepts the plan; UNSATISFIABLE: it does not; otherwise undecided. */
  status: ExactStatus;
  accepted: boolean | null;
  /** Why the plan could not be written as the model's variables (then `accepted` is false). */
  shape?: string;
}

/** Whether the model, with its variables fixed to the plan, has a solution. */
export async function checkPlanExact(
  problem: PlanningProblem,
  plan: Plan,
  engine: ExactEngine,
  options: { solver: string; timeLimitMs: number; legs?: readonly number[]; proofs?: 'checked' | 'raw' },
): Promise<PlanCheck> {
  const served = new Set(plan.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities.flatMap((activity) => ('unit' in activity && activity.unit !== null ? [problem.units[activity.unit]!.leg] : [])))));
  const legs = options.legs ?? [...served].sort((a, b) => a - b);
  let instance: ExactInstance;
  let fixed: Record<string, number[]>;
  try {
    instance = exactData(problem, { legs, required: [...served], slotsPerWindow: slotsNeeded(problem, plan) });
    fixed = fixedData(problem, instance, plan);
  } catch (error) {
    return { status: 'ERROR', accepted: false, shape: (error as Error).message };
  }
  const result = await engine.solve({
    model: HORIZON_MODEL,
    data: { ...instance.data, ...fixed },
    solver: options.solver,
    timeLimitMs: options.timeLimitMs,
    proofs: options.proofs ?? 'checked',
  });
  const accepted = result.status === 'OPTIMAL' || result.status === 'SATISFIED' ? true : result.status === 'UNSATISFIABLE' ? false : null;
  return { status: result.status, accepted, ...(result.error ? { shape: result.error.message } : {}) };
}
