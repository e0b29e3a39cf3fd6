/**
 * The exact model is the statement of the problem: every plan the heuristic search returns is a
 * solution of the model with its variables fixed to the plan (presets tiny and small), and on
 * small snapshots the heuristic never serves more legs than the model proves possible.
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { checkPlanExact, solveExact } from '../../../src/planning/exact/index.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { caseOf, exactEngine, releaseExactEngine, smallSnapshot } from './support.ts';

const HEURISTIC = { timeLimitMs: 60_000, seed: 7, solver: 'gecode' };
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
      const check = await checkPlanExact(problem, plan, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS });
      expect({ accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ accepted: true, shape: null });
    });
  }

  it('on 20 small snapshots the heuristic serves no more legs than the model proves possible', async () => {
    const beaten: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const { snapshot, problem } = await caseOf(smallSnapshot(seed, 1 + (seed % 3)));
      const exact = await solveExact(problem, engine, { solver: 'chuffed', timeLimitMs: LIMIT_MS });
      const heuristic = await planManifests(problem, engine, { ...HEURISTIC, validate: planValidator(snapshot, problem) });
      const served = problem.legs.length - heuristic.plan.unplanned.length;
      if (exact.provenOptimal && served > exact.stats.legsServed) beaten.push(`seed ${seed}: heuristic ${served}, model ${exact.stats.legsServed}`);
      const check = await checkPlanExact(problem, heuristic.plan, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS });
      if (check.accepted !== true) beaten.push(`seed ${seed}: heuristic plan not accepted (${check.status} ${check.shape ?? ''})`);
    }
    expect(beaten).to.deep.equal([]);
  });
});
