/**
 * The planning corpus's near-miss twins as booking checks (every leg proposed, none accepted):
 * the twins the relaxation proves are `infeasible_proven` with the conflict it names, the twin a
 * pre-check proves with the pre-check's code, and their feasible twins are `feasible`. (The manifests path's answers on the same cases are in
 * test/planning/solve/shapes.test.ts and left-out-proof.test.ts.)
 */
import { expect } from 'chai';
import { checkBooking } from '../../src/booking/index.ts';
import type { Engine } from '../../src/engine/index.ts';
import { planningCases, type Body } from '../planning/corpus.ts';
import { bookingEngine, estimatedJourney, parseBooking, releaseBookingEngine } from './support.ts';

/** Generous, as in corpus.test.ts: the proof must not depend on a busy machine. */
const ALLOWANCE_MS = 120_000;
/** Twins proven by the relaxation, with the conflict it names. */
const PROVEN: Record<string, string> = {
  // the empty's handling ends by 09:35, before Otley's Nugget may leave (10:00)
  'place-capacity-freed': 'place_full_during_window',
  // d-1 cannot serve both sides of midnight in either order
  'duty-across-midnight': 'sole_driver_conflict',
};

/**
 * Twins a pre-check proves, with its code: the collect of e-1 must start by 06:45 at Harrogate, 45
 * minutes from the only lorries, and no licensed driver may drive before 06:15 (d-1 from 06:00 and
 * the walk-round check). Not `drivers_hours_exhausted`: no counter is spent.
 */
const PRECHECKED: Record<string, string> = {
  'same-nugget-deliver-then-collect': 'window_unreachable',
};

const engine: Engine = await bookingEngine();

async function checkAllProposed(body: Body) {
  const proposed = { ...structuredClone(body), movements: [], new_movements: body.movements };
  const snapshot = parseBooking(proposed);
  return checkBooking({ snapshot, journey: await estimatedJourney(snapshot), engine, solver: 'gecode', allowanceMs: ALLOWANCE_MS, alternatives: false });
}

describe('planning twins as booking checks', function () {
  this.timeout(2 * ALLOWANCE_MS);
  after(releaseBookingEngine);

  for (const [name, reasonCode] of Object.entries(PROVEN)) {
    it(`${name} (twin): infeasible_proven, ${reasonCode}`, async () => {
      const response = await checkAllProposed(planningCases('infeasible').find((entry) => entry.name === name)!.body);
      expect({ status: response.status, reason_code: response.reason_code }, response.reason ?? '').to.deep.equal({ status: 'infeasible_proven', reason_code: reasonCode });
      expect(response.evidence?.planning_engine.status).to.equal('UNSATISFIABLE');
    });

    it(`${name}: feasible`, async () => {
      const response = await checkAllProposed(planningCases('feasible').find((entry) => entry.name === name)!.body);
      expect(response.status, response.reason ?? '').to.equal('feasible');
    });
  }

  for (const [name, reasonCode] of Object.entries(PRECHECKED)) {
    it(`${name} (twin): infeasible_proven by a pre-check, ${reasonCode}`, async () => {
      const response = await checkAllProposed(planningCases('infeasible').find((entry) => entry.name === name)!.body);
      expect({ status: response.status, reason_code: response.reason_code }, response.reason ?? '').to.deep.equal({ status: 'infeasible_proven', reason_code: reasonCode });
    });

    it(`${name}: feasible`, async () => {
      const response = await checkAllProposed(planningCases('feasible').find((entry) => entry.name === name)!.body);
      expect(response.status, response.reason ?? '').to.equal('feasible');
    });
  }
});
