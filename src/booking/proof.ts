/**
 * The proof side of a booking check: the relaxation model over a set of legs that every plan
 * must serve, and the reason an UNSATISFIABLE answer gives. Serving fewer legs is a weaker
 * demand, so a proof over the new legs alone (run before the plan of the accepted legs exists)
 * holds for every plan that also serves the accepted ones.
 */
import type { ReasonCode } from '../contract/reasons.ts';
import type { PrecheckContext } from '../planning/prechecks/context.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import type { SolvingEngine } from '../planning/solve/index.ts';
import { runRelaxation, type RelaxationRun } from './relaxation/run.ts';
import type { RelaxationData, StaticFacts } from './relaxation/data.ts';

export interface ProofSettings {
  engine: SolvingEngine;
  solver: string;
  /** Longest the model may run (it is also cut at the deadline). */
  timeLimitMs: number;
  onRun?: (run: RelaxationRun) => void;
}

export interface Proof {
  reasonCode: ReasonCode;
  detail: string;
}

/** Runs the relaxation over `legs` until `deadline` (or the signal); null when no time is left or the engine failed. */
export function startProof(
  settings: ProofSettings,
  problem: PlanningProblem,
  context: PrecheckContext,
  legs: readonly number[],
  deadline: number,
  signal: AbortSignal,
  prepared?: RelaxationData,
): Promise<RelaxationRun | null> {
  const timeLimitMs = Math.min(settings.timeLimitMs, deadline - Date.now());
  if (timeLimitMs <= 0 || legs.length === 0) return Promise.resolve(null);
  return runRelaxation(settings.engine, problem, context, legs, { solver: settings.solver, timeLimitMs, signal }, prepared).then(
    (run) => {
      settings.onRun?.(run);
      return run;
    },
    () => null,
  );
}

/**
 * The reason of an UNSATISFIABLE run. A static conflict found in the model's data (two tasks of
 * the only able driver or lorry that fit in no order; a delivery into a place full whenever it
 * could be unloaded) is on its own enough for the model to be UNSATISFIABLE, so it names the
 * blocking resource; otherwise the reason is the relaxation as a whole, with what it knows.
 */
export function proofOf(facts: StaticFacts, scope: string): Proof {
  const unary = facts.unaryConflicts[0];
  if (unary !== undefined) {
    const [a, b] = unary.legIds;
    const legs = a === b ? `movement ${a}` : `movements ${a} and ${b}`;
    return {
      reasonCode: unary.kind === 'driver' ? 'sole_driver_conflict' : 'sole_lorry_conflict',
      detail: `${unary.kind} ${unary.memberId} is the only one able to serve ${legs}, and neither order fits`,
    };
  }
  const place = facts.placeConflicts[0];
  if (place !== undefined) {
    return {
      reasonCode: 'place_full_during_window',
      detail: `place ${place.placeId} (capacity ${place.capacity}) still holds ${place.present} Nugget(s) whenever the ${place.nuggets} of movement ${place.legId} could be unloaded`,
    };
  }
  const parts = [scope];
  const window = facts.emptyWindows[0];
  if (window !== undefined) parts.push(`the ${window.stop} of movement ${window.legId} cannot meet its window`);
  for (const over of facts.overfilledPlaces) parts.push(`place ${over.placeId} would hold ${over.staying + over.arrivals} Nuggets (capacity ${over.capacity})`);
  if (facts.drivingNeeded > facts.drivingCapacity) parts.push(`at least ${facts.drivingNeeded} min of driving, drivers can do at most ${facts.drivingCapacity}`);
  return { reasonCode: 'relaxation_infeasible', detail: parts.join('; ') };
}
