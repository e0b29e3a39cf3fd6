/**
 * The engine the solve tests run on: the real one, native MiniZinc preferred when it is
 * installed (faster to compile), embedded otherwise.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Snapshot } from '../../../src/contract/index.ts';
import { createEngine, type Engine } from '../../../src/engine/index.ts';
import type { PlanningProblem } from '../../../src/planning/problem/index.ts';
import { planManifests, planValidator, type PlanManifestsResult } from '../../../src/planning/solve/index.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export function testEngine(): Promise<Engine> {
  return createEngine({ projectRoot: PROJECT_ROOT, workers: 2, backends: ['native', 'embedded'] });
}

/** The engine of one `describe`: started before its tests, closed after them. */
export function suiteEngine(): () => Engine {
  let engine: Engine | undefined;
  before(async () => {
    engine = await testEngine();
  });
  after(async () => {
    await engine?.close();
  });
  return () => engine!;
}

/**
 * An allowance far above what the solve tests' plans need (well under a second of search each):
 * the search stops by its own budgets, so no assertion depends on the machine's speed.
 */
export const PLAN_OPTIONS = { timeLimitMs: 120_000, seed: 7, solver: 'gecode' };

/** The planner's plan of the problem, checked: the validator passed it, and no duty had to be taken out (a bug). */
export async function validPlan(engine: Engine, snapshot: Snapshot, problem: PlanningProblem): Promise<PlanManifestsResult> {
  const violations: unknown[] = [];
  const result = await planManifests(problem, engine, {
    ...PLAN_OPTIONS,
    validate: planValidator(snapshot, problem),
    logger: { error: (fields) => violations.push(fields) },
  });
  expect(violations, JSON.stringify(violations)).to.deep.equal([]);
  expect(result.evidence.validation).to.equal('passed');
  return result;
}
