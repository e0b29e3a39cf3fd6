/**
 * The exact model (models/horizon.mzn) on a small manifests request (exact-request.ts): it runs
 * only where the planner left legs out without a proof, from the planner's plan; its plan
 * replaces the planner's only when valid and better; its OPTIMAL is reported with what it proves;
 * and it gives a left-out leg a proven reason only where its exactness certificate holds.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REASON_CATALOGUE } from '../../../src/contract/reasons.ts';
import { precheckLegs } from '../../../src/planning/prechecks/index.ts';
import { modelSolverOf, planManifests, planValidator, planWithSolver } from '../../../src/planning/solve/index.ts';
import { compareScores, planScore } from '../../../src/planning/solve/exact-request.ts';
import { caseOf, differentialSnapshot, smallSnapshot } from '../exact/support.ts';
import { PLAN_OPTIONS, suiteEngine } from './support.ts';
import { exactness } from '../../../src/planning/exact/exactness.ts';
import { CASES } from '../../booking/support.ts';

/**
 * The booking corpus's lorry-load-along-route as a manifests request: both legs accepted, one
 * driver 07:00-11:00, one lorry with room for 2 Nuggets; both legs load 2 at Leeds by 07:45 and
 * deliver from 08:30, so only one can be served. The relaxation forgets the load.
 */
function loadAlongRoute(driverUntil = '2026-03-02T11:00:00Z', driverFrom = '2026-03-02T07:00:00Z'): Record<string, any> {
  const body = JSON.parse(readFileSync(join(CASES, 'infeasible', 'lorry-load-along-route.json'), 'utf8'));
  body.movements.push(...body.new_movements);
  delete body.new_movements;
  body.drivers[0].availability = [{ start: driverFrom, end: driverUntil }];
  return body;
}

describe('the exact model on a small manifests request', function () {
  this.timeout(300_000);
  const engine = suiteEngine();

  // the differential test's seed 50 (2 drivers, 3 legs): the planner's routes drive back to base
  // and leave a leg out; a duty of the model may end at its last stop, which serves all three
  it('serves the leg the planner left out, validated, with horizon.mzn in evidence and its optimality scoped to the model\'s shape', async () => {
    const { snapshot, problem } = await caseOf(differentialSnapshot(50));
    const validate = planValidator(snapshot, problem);
    const rejected = precheckLegs(problem);
    const offered = problem.legs.filter((leg) => leg.origin === 'accepted').length - rejected.length;
    const searched = await planWithSolver(problem, modelSolverOf(engine()), { ...PLAN_OPTIONS, rejected, validate });
    expect(searched.plan.unplanned.length - rejected.length, 'the planner alone leaves a leg out').to.be.greaterThan(0);

    const bugs: unknown[] = [];
    const planned = await planManifests(problem, engine(), { ...PLAN_OPTIONS, rejected, validate, logger: { error: (fields) => bugs.push(fields) } });
    expect(bugs).to.deep.equal([]);
    expect(validate(planned.plan)).to.deep.equal([]);
    expect(planned.plan.unplanned).to.deep.equal(rejected.filter((entry) => problem.legs[entry.leg]!.origin === 'accepted'));
    expect(offered).to.be.greaterThan(0);
    const evidence = planned.evidence.planning_engine;
    expect(planned.evidence.validation).to.equal('passed');
    expect(evidence.models).to.include('horizon.mzn');
    // the model leaves some plans out (its header), so its OPTIMAL is no proof over every plan
    expect(evidence).to.deep.include({ status: 'SATISFIED', proven_optimal: false, bound: null, timing_dependent: false });
    expect(evidence.objective).to.equal(planScore(problem, planned.plan).driving);
    // the model's plan replaced the search's: only the model's proof line stands
    expect(evidence.proof).to.match(/^exact model \(horizon\.mzn\): OPTIMAL .*no plan of the shape models\/horizon\.mzn states[^;]*$/);
  });

  it('gives the same answer for the same request (the model is ended by failures, not the clock)', async () => {
    const { snapshot, problem } = await caseOf(differentialSnapshot(50));
    const options = { ...PLAN_OPTIONS, validate: planValidator(snapshot, problem) };
    const first = await planManifests(problem, engine(), options);
    const second = await planManifests(problem, engine(), options);
    expect(second.plan).to.deep.equal(first.plan);
    expect(second.evidence.planning_engine.proof).to.equal(first.evidence.planning_engine.proof);
  });

  it('leaves a request the planner plans in full to the planner (no model run)', async () => {
    const { snapshot, problem } = await caseOf(smallSnapshot(1, 3));
    const planned = await planManifests(problem, engine(), { ...PLAN_OPTIONS, validate: planValidator(snapshot, problem) });
    expect(planned.plan.unplanned.filter((entry) => entry.reasonCode === 'not_planned_within_allowance')).to.deep.equal([]);
    expect(planned.evidence.planning_engine.models).to.not.include('horizon.mzn');
  });

  // the differential test's generator, seed 6 with 4 legs (1 driver, 3 offered): the planner
  // serves 2, the relaxation does not prove the third unservable, and the model (within its
  // failure budget) serves no more (it finds a plan that drives 2 minutes less): the leg keeps the
  // reason that claims no proof
  it('serves no more legs where the model finds none, and the leg keeps a reason that claims no proof', async () => {
    const { snapshot, problem } = await caseOf(differentialSnapshot(6, 4));
    const validate = planValidator(snapshot, problem);
    const searched = await planWithSolver(problem, modelSolverOf(engine()), { ...PLAN_OPTIONS, validate });
    const planned = await planManifests(problem, engine(), { ...PLAN_OPTIONS, validate });
    expect(planned.evidence.validation).to.equal('passed');
    expect(planned.evidence.planning_engine.models).to.include('horizon.mzn');
    // the same legs: the model's plan only where it drives less (then uses fewer duties)
    const [exact, search] = [planScore(problem, planned.plan), planScore(problem, searched.plan)];
    expect(exact.served).to.equal(search.served);
    expect(compareScores(exact, search)).to.be.at.most(0);
    expect(validate(planned.plan)).to.deep.equal([]);
    // a search's proof line stands only beside the search's own plan
    if (compareScores(exact, search) < 0) expect(planned.evidence.planning_engine.proof).to.equal(undefined);
    else expect(planned.evidence.planning_engine.proof).to.equal(searched.evidence.planning_engine.proof);
    const leftOut = planned.plan.unplanned.filter((entry) => REASON_CATALOGUE[entry.reasonCode].kind !== 'precheck');
    expect(leftOut.map((entry) => entry.reasonCode)).to.deep.equal(['not_planned_within_allowance']);
    expect(planned.evidence.planning_engine).to.deep.include({ status: 'SATISFIED', proven_optimal: false });
  });

  it('proves the left-out leg where the exactness certificate holds: proven_optimal, a bound, left_out_proven_by_exact_model', async () => {
    const { snapshot, problem } = await caseOf(loadAlongRoute());
    expect(exactness(problem, { legs: [0, 1] })).to.deep.equal({ exact: true });
    const validate = planValidator(snapshot, problem);
    const planned = await planManifests(problem, engine(), { ...PLAN_OPTIONS, validate });
    expect(validate(planned.plan)).to.deep.equal([]);
    expect(planned.plan.unplanned.map((entry) => entry.reasonCode)).to.deep.equal(['left_out_proven_by_exact_model']);
    expect(planned.plan.unplanned[0]!.detail).to.match(/^exact model OPTIMAL, confirmed by /);
    const evidence = planned.evidence.planning_engine;
    expect(evidence).to.deep.include({ status: 'OPTIMAL', proven_optimal: true, bound: evidence.objective });
    expect(evidence.objective).to.equal(planScore(problem, planned.plan).driving);
    expect(evidence.proof).to.match(/exact model \(horizon\.mzn\): OPTIMAL .*confirmed.*: no plan serves more legs, then drives less, then uses fewer duties \(the exactness certificate/);
  });

  it('keeps the reason that claims no proof on the twin where a restriction may bite (a window that may hold a daily rest)', async () => {
    const { snapshot, problem } = await caseOf(loadAlongRoute('2026-03-02T19:30:00Z', '2026-03-02T06:00:00Z'));
    expect(exactness(problem, { legs: [0, 1] }).exact).to.equal(false);
    const validate = planValidator(snapshot, problem);
    const planned = await planManifests(problem, engine(), { ...PLAN_OPTIONS, validate });
    expect(planned.plan.unplanned.map((entry) => entry.reasonCode)).to.deep.equal(['not_planned_within_allowance']);
    expect(planned.evidence.planning_engine).to.deep.include({ status: 'SATISFIED', proven_optimal: false, bound: null });
  });

  it('leaves a request above the size threshold to the planner', async () => {
    // seed 40 (3 drivers, 8 legs): the planner serves 7 (a plan serving all 8 exists)
    const { snapshot, problem } = await caseOf(differentialSnapshot(40));
    const planned = await planManifests(problem, engine(), { ...PLAN_OPTIONS, validate: planValidator(snapshot, problem) });
    expect(planned.plan.unplanned.some((entry) => entry.reasonCode === 'not_planned_within_allowance')).to.equal(true);
    expect(planned.evidence.planning_engine.models).to.not.include('horizon.mzn');
  });
});

describe('plan scores', () => {
  it('rank more legs served first, then less driving, then fewer duties', () => {
    expect(compareScores({ served: 3, driving: 500, duties: 3 }, { served: 2, driving: 10, duties: 1 })).to.be.lessThan(0);
    expect(compareScores({ served: 2, driving: 90, duties: 2 }, { served: 2, driving: 100, duties: 1 })).to.be.lessThan(0);
    expect(compareScores({ served: 2, driving: 90, duties: 1 }, { served: 2, driving: 90, duties: 2 })).to.be.lessThan(0);
    expect(compareScores({ served: 2, driving: 90, duties: 1 }, { served: 2, driving: 90, duties: 1 })).to.equal(0);
  });
});
