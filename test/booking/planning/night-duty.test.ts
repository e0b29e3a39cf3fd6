/**
 * Booking checks in a night duty across local midnight: the booking path plans with the manifest
 * planner's day loop (src/planning/solve/day-loop.ts), whose operating day is the duties that
 * start on a date, each kept whole past midnight. One driver works 22:00-08:00 with one lorry;
 * a plan exists in which that one duty serves the accepted leg and the new one, on both sides of
 * midnight, so the check answers `feasible` by insertion into the plan of the accepted legs
 * (which serves its accepted leg), with that plan otherwise unchanged.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBooking } from '../../../src/booking/index.ts';
import { prepareCheck } from '../../../src/booking/prepare.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { buildPlanningProblem } from '../../../src/planning/problem/index.ts';
import { bookingEngine, CASES, estimatedJourney, parseBooking, releaseBookingEngine } from '../support.ts';

/** Generous: the answer comes from the insertion, which the clock never cuts on these sizes. */
const ALLOWANCE_MS = 60_000;

type Body = Record<string, any>;

/** The corpus' night-duty case: an accepted leg before midnight (York), a new one after it (Harrogate). */
function nightCase(): Body {
  return JSON.parse(readFileSync(join(CASES, 'feasible', 'booking-night-duty-across-midnight.json'), 'utf8'));
}

/**
 * The other way round: the accepted leg after midnight (Harrogate, 01:30-02:30), the new one
 * picked up before midnight and delivered after it (York, arriving 00:15-01:00).
 */
function acrossMidnightCase(): Body {
  const body = nightCase();
  const [before] = body.movements as Body[];
  const [after] = body.new_movements as Body[];
  body.movements = [after];
  body.new_movements = [
    {
      ...before,
      id: 'across-midnight',
      pickup_window: { start: '2026-03-02T23:00:00Z', end: '2026-03-02T23:30:00Z' },
      arrival_window: { start: '2026-03-03T00:15:00Z', end: '2026-03-03T01:00:00Z' },
    },
  ];
  return body;
}

describe('booking check: a night duty across midnight', function () {
  this.timeout(4 * ALLOWANCE_MS);
  let engine: Engine;
  before(async () => {
    engine = await bookingEngine();
  });
  after(releaseBookingEngine);

  for (const [name, body] of [
    ['new leg after midnight, accepted leg before it', nightCase()],
    ['new leg across midnight, accepted leg after it', acrossMidnightCase()],
  ] as const) {
    it(`${name}: the plan of the accepted legs serves the accepted leg, and the check answers feasible by insertion`, async () => {
      const snapshot = parseBooking(body);
      const journey = await estimatedJourney(snapshot);
      const problem = buildPlanningProblem(snapshot, journey);
      const base = prepareCheck(problem, Date.now() + ALLOWANCE_MS);
      expect(base).to.not.equal(null);
      // the yardstick: the accepted leg is served (a duty cut at midnight could not serve it beside the new one)
      const accepted = problem.legs.filter((leg) => leg.origin === 'accepted').map((leg) => leg.index);
      expect([...base!.accepted.served]).to.deep.equal(accepted);

      const response = await checkBooking({ snapshot, journey, engine, solver: 'chuffed', allowanceMs: ALLOWANCE_MS, alternatives: false });
      expect(response.status, response.reason ?? '').to.equal('feasible');
      expect(response.evidence?.planning_engine.strategy).to.equal('insertion into the plan of the accepted legs');
      expect(response.requires_full_replan).to.equal(false);
    });
  }
});
