/**
 * The exact model is the statement of the problem: every plan the heuristic search returns is a
 * solution of the model with its variables fixed to the plan (presets tiny and small).
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { checkPlanExact } from '../../../src/planning/exact/index.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { caseOf, exactEngine, HEURISTIC, pickupOutOfWindow, releaseExactEngine } from './support.ts';

const LIMIT_MS = 120_000;

const engine: Engine = await exactEngine();

describe('exact model: the heuristic plans are its solutions', function () {
  this.timeout(0);
  after(releaseExactEngine);

  const presets: [preset: 'tiny' | 'small', seed: number][] = [['tiny', 1], ['tiny', 2], ['tiny', 3], ['small', 1]];
  for (const [preset, seed] of presets) {
    it(`${preset} seed ${seed}: the heuristic's plan, fixed in the model, is accepted`, async () => {
      const { snapshot, problem } = await caseOf(JSON.parse(toJson(generate({ preset, seed }).snapshot)));
      const { plan } = await planManifests(problem, engine, { ...HEURISTIC, validate: planValidator(snapshot, problem) });
      expect(plan.duties.length).to.be.above(0);
      const check = await checkPlanExact(problem, plan, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw' });
      expect({ accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ accepted: true, shape: null });
    });
  }

  it('rejects a plan with a pickup moved out of its window (the check is not vacuous)', async () => {
    const { snapshot, problem } = await caseOf(JSON.parse(toJson(generate({ preset: 'tiny', seed: 1 }).snapshot)));
    const { plan } = await planManifests(problem, engine, { ...HEURISTIC, validate: planValidator(snapshot, problem) });
    const moved = pickupOutOfWindow(problem, plan);
    expect(moved, 'a pickup with a window closing before the end of the period').to.not.equal(undefined);
    const check = await checkPlanExact(problem, moved!, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw' });
    expect(check.accepted, check.status).to.equal(false);
  });
});
