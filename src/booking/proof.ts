/**
 * The proof side of a booking check: the relaxation model over a set of legs that every plan
 * must serve, and the reason an UNSATISFIABLE answer gives. Serving fewer legs is a weaker
 * demand, so a proof over the new legs alone (run before the plan of the accepted legs exists)
 * holds for every plan that also serves the accepted ones.
 */
import type { PrecheckContext } from '../planning/prechecks/context.ts';
import type { PlanningProblem } from '../planning/problem/index.ts';
import type { SolvingEngine } from '../planning/solve/index.ts';
import { runRelaxation, type RelaxationRun } from '../planning/relaxation/run.ts';
import type { RelaxationData } from '../planning/relaxation/data.ts';

export interface ProofSettings {
  engine: SolvingEngine;
  solver: string;
  /** Longest the model may run (it is also cut at the deadline). */
  timeLimitMs: number;
  onRun?: (run: RelaxationRun) => void;
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
