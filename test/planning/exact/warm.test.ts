/**
 * The exact model from a known plan (solveExact's `warmStart`, models/horizon/warm.mzn): the
 * planner's plan, which the model accepts, is the search's first solution; a plan it does not
 * accept is not reported as followed; the search can stop at its first plan serving every leg,
 * or at a failure limit; and the large-neighbourhood search on Gecode never claims a proof.
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { checkPlanExact, solveExact } from '../../../src/planning/exact/index.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { caseOf, exactEngine, HEURISTIC, pickupOutOfWindow, releaseExactEngine } from './support.ts';

const LIMIT_MS = 120_000;

const engine: Engine = await exactEngine();

describe('exact model: a warm start from a known plan', function () {
  this.timeout(0);
  after(releaseExactEngine);

  async function tiny() {
    const { snapshot, problem } = await caseOf(JSON.parse(toJson(generate({ preset: 'tiny', seed: 1 }).snapshot)));
    const validate = planValidator(snapshot, problem);
    const { plan } = await planManifests(problem, engine, { ...HEURISTIC, validate });
    // the legs the plan serves: the model is offered these (the others listed as the plan lists them), so its search can stop at the first plan serving them all
    const served = problem.legs.filter((leg) => !plan.unplanned.some((entry) => entry.leg === leg.index)).map((leg) => leg.index);
    return { problem, validate, plan, legs: served };
  }

  for (const solver of ['gecode', 'chuffed']) {
    it(`${solver}: the planner's plan (accepted by the model) is the first solution, and the search stops at it once every leg is served`, async () => {
      const { problem, validate, plan, legs } = await tiny();
      const check = await checkPlanExact(problem, plan, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw' });
      expect(check.accepted, check.status).to.equal(true);
      expect(plan.duties.length).to.be.above(0);
      const result = await solveExact(problem, engine, { solver, timeLimitMs: LIMIT_MS, proofs: 'raw', legs, rejected: plan.unplanned, warmStart: plan, stopWhenAllServed: true });
      expect({ warmStart: result.stats.warmStart, allServedStop: result.stats.allServedStop }).to.deep.equal({ warmStart: 'first', allServedStop: true });
      expect(validate(result.plan!)).to.deep.equal([]);
    });
  }

  it('a plan moved out of its pickup window is not the first solution', async () => {
    const { problem, plan, legs } = await tiny();
    const moved = pickupOutOfWindow(problem, plan);
    expect(moved, 'a pickup with a window closing before the end of the period').to.not.equal(undefined);
    const result = await solveExact(problem, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw', legs, warmStart: moved!, stopWhenAllServed: true });
    expect(result.stats.warmStart).to.be.oneOf(['other', 'unreached']);
  });

  // what a manifests request relies on (src/planning/solve/exact-request.ts): counted, not timed
  it('a failure limit ends the search on Gecode with the same plan every time (stop search_limit)', async () => {
    const { problem, validate, plan } = await tiny();
    const run = () => solveExact(problem, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, failLimit: 2_000, warmStart: plan });
    const [first, second] = [await run(), await run()];
    expect({ stop: first.stats.stop, status: first.status, warmStart: first.stats.warmStart }).to.deep.equal({ stop: 'search_limit', status: 'SATISFIED', warmStart: 'first' });
    expect(first.stats.firstSolutionMs).to.be.a('number');
    expect(second.plan).to.deep.equal(first.plan);
    expect(validate(first.plan!)).to.deep.equal([]);
  });

  it('with the large-neighbourhood search on (Gecode), no OPTIMAL or UNSATISFIABLE is claimed', async () => {
    const { problem, validate, plan } = await tiny();
    const result = await solveExact(problem, engine, { solver: 'gecode', timeLimitMs: 3_000, proofs: 'raw', warmStart: plan, neighbourhoodKeepPercent: 80 });
    expect(['SATISFIED', 'UNKNOWN']).to.include(result.status);
    expect(result.provenOptimal).to.equal(false);
    if (result.plan !== null) expect(validate(result.plan)).to.deep.equal([]);
  });
});
