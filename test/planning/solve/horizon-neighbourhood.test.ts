/**
 * The model neighbourhood (src/planning/solve/horizon-neighbourhood.ts): models/horizon.mzn
 * re-plans a few duties, or gives an idle driver a lorry, together with a leg the TypeScript
 * search left out; a plan that serves more legs is taken only when the validator passes it whole.
 *
 * The case: the differential test's snapshot of seed 38 (8 legs, 2 drivers, a winter Monday), on
 * which the search leaves one leg out although a driver stays idle; the neighbourhood of that leg
 * (the idle driver, a lorry of their choosing) serves it. Behaviour only: each model run is ended
 * by its failure limit, the allowance is far above what the run needs.
 */
import { expect } from 'chai';
import { modelSolverOf } from '../../../src/planning/solve/engine-solver.ts';
import { planValidator, planWithSolver } from '../../../src/planning/solve/index.ts';
import { caseOf, differentialSnapshot } from '../exact/support.ts';
import { PLAN_OPTIONS, suiteEngine } from './support.ts';

describe('planning/solve horizon neighbourhood', function () {
  this.timeout(300_000);
  const engine = suiteEngine();

  it('serves a leg the search left out, with the plan validated whole', async () => {
    const { snapshot, problem } = await caseOf(differentialSnapshot(38));
    const validate = planValidator(snapshot, problem);
    const solver = modelSolverOf(engine());
    const searchOnly = await planWithSolver(problem, solver, { ...PLAN_OPTIONS, validate, policy: { horizonNeighbourhood: false } });
    expect(searchOnly.plan.unplanned.length, 'the search alone leaves a leg out').to.be.greaterThan(0);

    const repaired = await planWithSolver(problem, solver, { ...PLAN_OPTIONS, validate, policy: { horizonNeighbourhood: true } });
    expect(repaired.evidence.validation).to.equal('passed');
    expect(validate(repaired.plan)).to.deep.equal([]);
    expect(repaired.plan.unplanned.length, 'legs left out with the neighbourhood').to.be.lessThan(searchOnly.plan.unplanned.length);
    const left = new Set(repaired.plan.unplanned.map((entry) => entry.leg));
    expect(searchOnly.plan.unplanned.some((entry) => !left.has(entry.leg)), 'a leg the search left out is planned').to.equal(true);
    const profile = repaired.strategies.find((entry) => entry.strategy === 'horizon neighbourhood');
    expect(profile?.improved).to.be.greaterThan(0);
    expect(repaired.evidence.planning_engine.models).to.include('horizon.mzn');
  });

  it('is not run when the policy leaves it off', async () => {
    const { snapshot, problem } = await caseOf(differentialSnapshot(38));
    const result = await planWithSolver(problem, modelSolverOf(engine()), { ...PLAN_OPTIONS, validate: planValidator(snapshot, problem), policy: { horizonNeighbourhood: false } });
    expect(result.strategies.map((entry) => entry.strategy)).to.not.include('horizon neighbourhood');
  });
});
