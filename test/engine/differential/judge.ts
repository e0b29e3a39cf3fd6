/**
 * Judges the raw answers of every backend on one model of the differential suite: every
 * solution is checked by evaluation, no backend may call a satisfiable model UNSATISFIABLE,
 * and every OPTIMAL must be the best objective any backend's valid solution reached.
 * Claims that another backend made too are "agreed": the predicates of their FlatZinc are
 * what the suite covers for the trust policy (src/engine/trust/covered.ts).
 */
import type { SolveResult } from '../../../src/engine/index.ts';
import { objectiveValue, violation } from './evaluate.ts';
import type { Model } from './model.ts';

export interface Verdict {
  /** What went wrong, one line per fault; empty when the backends are consistent. */
  faults: string[];
  /** Backend key -> FlatZinc predicates of its agreed claims. */
  agreed: Map<string, string[]>;
}

export const keyOf = (result: SolveResult) => `${result.backend}:${result.solver.id}`;

function better(model: Model, a: number, b: number): boolean {
  return model.objective?.sense === 'maximize' ? a > b : a < b;
}

export function judge(model: Model, results: SolveResult[]): Verdict {
  const faults: string[] = [];
  let best: number | null = null;
  let satisfiable = false;
  for (const result of results) {
    if (result.solution === null) continue;
    const fault = violation(model, result.solution);
    if (fault !== null) {
      faults.push(`${keyOf(result)} returned a solution that is not one (${fault}): ${JSON.stringify(result.solution)}`);
      continue;
    }
    satisfiable = true;
    const value = objectiveValue(model, result.solution);
    if (value !== result.objective) faults.push(`${keyOf(result)} reported objective ${result.objective} for a solution worth ${value}`);
    if (value !== null && (best === null || better(model, value, best))) best = value;
  }
  for (const result of results) {
    if (result.status === 'UNSATISFIABLE' && satisfiable) faults.push(`${keyOf(result)} claimed UNSATISFIABLE on a satisfiable model`);
    if (result.status === 'OPTIMAL' && best !== null && result.objective !== best) faults.push(`${keyOf(result)} claimed OPTIMAL ${result.objective}, but ${best} was reached`);
  }
  const agreed = new Map<string, string[]>();
  if (faults.length === 0) {
    for (const result of results) {
      const claim = result.status === 'UNSATISFIABLE' || result.status === 'OPTIMAL';
      const seconded = results.some((other) => other !== result && other.status === result.status && other.objective === result.objective);
      if (claim && seconded) agreed.set(keyOf(result), result.flatzincConstraints ?? []);
    }
  }
  return { faults, agreed };
}
