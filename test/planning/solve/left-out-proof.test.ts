/**
 * `capacity_conflict_proven`: a manifest plan's left-out legs are labelled proven only when the
 * relaxation proves that every plan leaves out at least as many legs, never on a leg some plan
 * serves alongside every other, and never for some of the left-out legs only.
 */
import { expect } from 'chai';
import type { Plan } from '../../../src/planning/plan/types.ts';
import { proveLeftOut } from '../../../src/planning/solve/left-out-proof.ts';
import { combined, daysLater, inWinter, otherSeason, planningCases, type Body } from '../corpus.ts';
import { caseOf } from '../exact/support.ts';
import { suiteEngine, validPlan } from './support.ts';

const feasible = planningCases('feasible');
const infeasible = planningCases('infeasible');
const named = (name: string) => infeasible.find((entry) => entry.name === name)!.body;
/** Far above what a relaxation run takes here (~0.1-0.5 s): the runs end by their answer, not the clock. */
const AMPLE_MS = 60_000;

describe('left-out legs proven (capacity_conflict_proven)', function () {
  this.timeout(0);
  const engineOf = suiteEngine();

  async function planned(body: Body) {
    const { snapshot, problem } = await caseOf(body);
    const result = await validPlan(engineOf(), snapshot, problem);
    const left = result.plan.unplanned.map((entry) => ({ id: problem.legs[entry.leg]!.id, code: entry.reasonCode, detail: entry.detail ?? '' }));
    return { result, left };
  }

  for (const [season, of] of [['winter', inWinter], ['summer', otherSeason]] as const) {
    it(`the only driver cannot serve both sides of midnight (${season}): the leg left out is proven, the driver and legs named`, async () => {
      const { result, left } = await planned(of(named('duty-across-midnight')));
      expect(left).to.have.length(1);
      expect(left[0]!.code).to.equal('capacity_conflict_proven');
      expect(left[0]!.detail).to.include('driver d-1').and.include('before-midnight').and.include('after-midnight');
      expect(result.evidence.planning_engine.models).to.include('booking-relaxation.mzn');
      expect(result.evidence.planning_engine.proof).to.match(/no plan serves more legs/);
    });
  }

  it('two disjoint conflicts, two legs left out: both proven', async () => {
    // the same night's work two nights running, each night's driver the only one available for it
    const night = inWinter(named('duty-across-midnight'));
    const { left } = await planned(combined([night, daysLater(night, 1)]));
    expect(left.map((entry) => entry.code)).to.deep.equal(['capacity_conflict_proven', 'capacity_conflict_proven']);
    expect(left[0]!.detail).to.match(/at least 2 of the 4 offered legs/);
  });

  for (const [season, of] of [['winter', inWinter], ['summer', otherSeason]] as const) {
    it(`a delivery whose handling ends before the place's Nugget may leave (${season}): proven, the place and leg named`, async () => {
      const { left } = await planned(of(named('place-capacity-freed')));
      expect(left.map((entry) => [entry.id, entry.code])).to.deep.equal([['deliver-otley', 'capacity_conflict_proven']]);
      expect(left[0]!.detail).to.include('cust-otley').and.include('deliver-otley');
    });
  }

  it('two twins in one request, two disjoint conflicts of different kinds: both legs proven', async () => {
    const { left } = await planned(combined([inWinter(named('duty-across-midnight')), inWinter(named('place-capacity-freed'))]));
    expect(left.map((entry) => entry.code)).to.deep.equal(['capacity_conflict_proven', 'capacity_conflict_proven']);
  });

  it('four legs left out and only one conflict proven: none is labelled proven', async () => {
    // a plan with no duties over the midnight twin and the feasible place-capacity case: only the
    // midnight pair is a conflict, so one proof cannot cover four left-out legs
    const feasiblePlace = feasible.find((entry) => entry.name === 'place-capacity-freed')!.body;
    const { problem } = await caseOf(combined([inWinter(named('duty-across-midnight')), inWinter(feasiblePlace)]));
    const nothing: Plan = { duties: [], unplanned: problem.legs.map((leg) => ({ leg: leg.index, reasonCode: 'not_planned_within_allowance' as const })) };
    const proof = await proveLeftOut(problem, nothing, { engine: engineOf(), solver: 'gecode', deadline: Date.now() + AMPLE_MS });
    expect(proof.plan.unplanned.map((left) => left.reasonCode)).to.deep.equal(problem.legs.map(() => 'not_planned_within_allowance'));
    expect(proof.runs).to.be.greaterThan(0);
  });

  // soundness: a plan that leaves out legs some plan serves (here: every leg, from a plan with no
  // duties) must keep the search's code
  for (const entry of feasible) {
    it(`${entry.name}: a plan that leaves out legs a plan could serve gets no proof`, async () => {
      const { problem } = await caseOf(entry.body);
      const nothing: Plan = { duties: [], unplanned: problem.legs.map((leg) => ({ leg: leg.index, reasonCode: 'not_planned_within_allowance' as const })) };
      const proof = await proveLeftOut(problem, nothing, { engine: engineOf(), solver: 'gecode', deadline: Date.now() + AMPLE_MS });
      expect(proof.plan.unplanned.map((left) => left.reasonCode)).to.deep.equal(problem.legs.map(() => 'not_planned_within_allowance'));
      expect(proof.runs).to.be.greaterThan(0);
    });
  }
});
