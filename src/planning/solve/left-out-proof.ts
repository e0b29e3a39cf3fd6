/**
 * Whether the legs a manifest plan leaves out had to be left out: a lower bound on how many legs
 * every plan leaves out, from the relaxation model (models/booking-relaxation.mzn, which admits
 * every real plan: its UNSATISFIABLE over a set of legs proves that no plan serves all of them).
 *
 * Sets of offered legs that are pairwise disjoint and each proven unservable together force every
 * plan to leave out at least one leg of each set. When there are as many such sets as the plan
 * leaves legs out, no plan serves more legs than this one, and each leg it left out gets
 * `capacity_conflict_proven` with the conflicts that prove it. The sets tried, cheapest first:
 * the conflicts the relaxation's data shows on its own (a delivery into a place full whenever it
 * could be unloaded; two tasks of the only able driver or lorry that fit in no order), each on
 * its own, then all the offered legs not in a proven set, as one set.
 *
 * Only UNSATISFIABLE counts, and only from the engine's judged solves (a claim no trusted solver
 * confirmed is no proof); a solution, a time-out or an error leave the code as it was.
 */
import { precheckContext, type PrecheckContext } from '../prechecks/context.ts';
import type { PlanningProblem } from '../problem/index.ts';
import type { Plan, UnplannedLeg } from '../plan/types.ts';
import { relaxationData, type StaticFacts } from '../relaxation/data.ts';
import { proofOf } from '../relaxation/reason.ts';
import { runRelaxation, type RelaxationRun } from '../relaxation/run.ts';
import type { SolvingEngine } from './engine-solver.ts';
import { LEFT_OUT_PROOF } from './search-parameters.ts';

export interface LeftOutProofSettings {
  engine: SolvingEngine;
  solver: string;
  /** Epoch ms by which the proof must have answered (the request's deadline less its reserve). */
  deadline: number;
  signal?: AbortSignal;
}

export interface LeftOutProof {
  /** The plan, its left-out legs relabelled where the proof holds. */
  plan: Plan;
  /** The proof line for evidence, when the legs were proven. */
  proof?: string;
  /** Relaxation runs made (the model is then among the evidence's models). */
  runs: number;
  /** Whether a run was cut by the clock (the answer could differ with more time). */
  cutByTime: boolean;
  /** The first run's solver identity and MiniZinc version, for evidence. */
  solver?: string;
  minizincVersion?: string;
}

/** A set of offered legs that no plan serves together, and why. */
interface ProvenSet {
  legs: number[];
  detail: string;
}

/** The plan with its left-out legs labelled `capacity_conflict_proven` where a lower bound proves it. */
export async function proveLeftOut(problem: PlanningProblem, plan: Plan, settings: LeftOutProofSettings): Promise<LeftOutProof> {
  const unchanged: LeftOutProof = { plan, runs: 0, cutByTime: false };
  const leftOut = plan.unplanned.filter((entry) => entry.reasonCode === 'not_planned_within_allowance').map((entry) => entry.leg);
  if (leftOut.length === 0 || leftOut.length > LEFT_OUT_PROOF.maxLeftOut) return unchanged;
  const refused = new Set(plan.unplanned.filter((entry) => entry.reasonCode !== 'not_planned_within_allowance').map((entry) => entry.leg));
  const offered = problem.legs.filter((leg) => leg.origin === 'accepted' && !refused.has(leg.index)).map((leg) => leg.index);
  if (offered.length > LEFT_OUT_PROOF.maxOfferedLegs) return unchanged;

  const context = precheckContext(problem);
  const stopAt = Math.min(settings.deadline, Date.now() + LEFT_OUT_PROOF.limitMs);
  const proven: ProvenSet[] = [];
  let runs = 0;
  let cutByTime = false;
  let identity: Pick<LeftOutProof, 'solver' | 'minizincVersion'> = {};
  const prove = async (legs: number[], scope: string): Promise<ProvenSet | null> => {
    const limit = stopAt - Date.now();
    if (limit < LEFT_OUT_PROOF.minRunMs || settings.signal?.aborted) {
      cutByTime = true;
      return null;
    }
    runs += 1;
    const run: RelaxationRun = await runRelaxation(settings.engine, problem, context, legs, {
      solver: settings.solver,
      timeLimitMs: limit,
      failLimit: LEFT_OUT_PROOF.failLimit,
      ...(settings.signal === undefined ? {} : { signal: settings.signal }),
    });
    if (run.stop === 'time_limit') cutByTime = true;
    if (runs === 1) identity = { solver: run.solver, minizincVersion: run.minizincVersion };
    return run.outcome === 'infeasible' ? { legs, detail: proofOf(run.facts, scope).detail } : null;
  };

  for (const legs of staticConflictSets(problem, offered, context)) {
    if (proven.length >= leftOut.length) break;
    const found = await prove(legs, `movements ${legs.map((leg) => problem.legs[leg]!.id).join(', ')} together`);
    if (found !== null) proven.push(found);
  }
  const inSets = new Set(proven.flatMap((set) => set.legs));
  const rest = offered.filter((leg) => !inSets.has(leg));
  if (proven.length < leftOut.length && rest.length > 0) {
    const found = await prove(rest, `the ${rest.length} offered legs${proven.length === 0 ? '' : ' outside the conflicts above'} together`);
    if (found !== null) proven.push(found);
  }
  // more disjoint unservable sets than legs left out would mean the plan serves what no plan can:
  // a bug in the relaxation or the validator, never a proof
  if (proven.length !== leftOut.length) return { ...unchanged, runs, cutByTime, ...identity };

  const bound = `every plan leaves out at least ${proven.length} of the ${offered.length} offered legs: ${proven.map((set) => set.detail).join('; ')}`;
  const relabelled: UnplannedLeg[] = plan.unplanned.map((entry) =>
    entry.reasonCode === 'not_planned_within_allowance' ? { leg: entry.leg, reasonCode: 'capacity_conflict_proven', detail: bound } : entry,
  );
  return {
    plan: { ...plan, unplanned: relabelled },
    proof: `the ${leftOut.length} left-out leg(s): no plan serves more legs (relaxation UNSATISFIABLE on ${proven.length} disjoint set(s) of legs)`,
    runs,
    cutByTime,
    ...identity,
  };
}

/**
 * The conflicts the relaxation's data over the offered legs shows on its own, as disjoint sets of
 * legs (each expected UNSATISFIABLE alone): deliveries into a place full whenever they could be
 * unloaded, then pairs of tasks of the only able driver or lorry that fit in no order; a set that
 * shares a leg with one taken before is skipped.
 */
function staticConflictSets(problem: PlanningProblem, offered: readonly number[], context: PrecheckContext): number[][] {
  const facts: StaticFacts = relaxationData(problem, offered, context).facts;
  const indexOf = new Map(offered.map((leg) => [problem.legs[leg]!.id, leg]));
  const candidates: number[][] = [
    ...facts.placeConflicts.map((conflict) => [conflict.legId]),
    ...facts.unaryConflicts.map((conflict) => [...new Set(conflict.legIds)]),
  ].map((ids) => ids.map((id) => indexOf.get(id)!).sort((a, b) => a - b));
  const taken = new Set<number>();
  const sets: number[][] = [];
  for (const legs of candidates) {
    if (legs.some((leg) => leg === undefined || taken.has(leg))) continue;
    for (const leg of legs) taken.add(leg);
    sets.push(legs);
  }
  return sets;
}
