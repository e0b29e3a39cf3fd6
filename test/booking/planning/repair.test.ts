/**
 * The local repair after a failed insertion (src/booking/planning/repair.ts): on the platform's
 * own request of the data-gen medium preset, seed 4 with one new leg, every crew able to serve
 * the new leg has a full route in the plan of the accepted legs, so inserting it fails; moving
 * accepted legs to nearby routes makes room. The plan found keeps every accepted leg served and
 * passes the independent validator.
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import { proposedLegs, tryInsertion, type DecideContext } from '../../../src/booking/decide.ts';
import { prepareCheck } from '../../../src/booking/prepare.ts';
import { bookingPlanValidator } from '../../../src/booking/validate.ts';
import { buildPlanningProblem } from '../../../src/planning/problem/index.ts';
import { estimatedJourney, parseBooking } from '../support.ts';

/** Generous: the search stops on its move budget, not on a busy machine's clock. */
const ALLOWANCE_MS = 120_000;

describe('booking local repair', function () {
  this.timeout(4 * ALLOWANCE_MS);

  it('fits a new leg whose able crews are all busy by moving accepted legs nearby, every accepted leg still served, validated', async () => {
    const snapshot = parseBooking(JSON.parse(toJson(generate({ preset: 'medium', seed: 4, booking: 1 }).snapshot)));
    const problem = buildPlanningProblem(snapshot, await estimatedJourney(snapshot));
    const base = prepareCheck(problem, Date.now() + ALLOWANCE_MS);
    expect(base).to.not.equal(null);
    const validate = bookingPlanValidator(snapshot, problem);
    const context: DecideContext = { ...base!, validate, deadline: Date.now() + ALLOWANCE_MS };

    // the insertion alone finds no room (the premise of the case)
    expect(tryInsertion(context)).to.equal(null);

    const decision = tryInsertion(context, true);
    expect(decision?.status).to.equal('feasible');
    if (decision?.status !== 'feasible') return;
    expect(decision.step).to.equal('repair');
    // accepted legs changed routes: the day's manifests change by more than the new stops
    expect(decision.requiresFullReplan).to.equal(true);
    const unplanned = new Set(decision.plan.unplanned.map((entry) => entry.leg));
    for (const leg of [...base!.accepted.served, ...proposedLegs(problem)]) expect(unplanned.has(leg), `leg ${problem.legs[leg]!.id}`).to.equal(false);
    expect(validate(decision.plan)).to.deep.equal([]);
  });
});
