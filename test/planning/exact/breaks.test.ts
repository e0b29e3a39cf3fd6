/**
 * The breaks argument of the exactness certificate (src/planning/exact/exactness-breaks.ts,
 * `breaksPerJourney`), checked with the hours engine the validator uses (checkHours): on seeded
 * random duties whose driving cannot reach D1, every layout of breaks, waits and gaps the engine
 * accepts, rewritten in the canonical form (breaks/canonical.ts), is still accepted, keeps its
 * stops' times and has at most two breaks per journey (the model's two) and one in the idle time
 * that ends the duty.
 */
import { expect } from 'chai';
import { Random } from '../../../data-gen/random.ts';
import { checkHours, createHoursCalendar } from '../../../src/planning/hours/index.ts';
import { canonical } from './breaks/canonical.ts';
import { activitiesOf, breakBlocks, departure, minutesOf } from './breaks/duty.ts';
import { randomDuty } from './breaks/generate.ts';

/** Monday 2 March 2026 00:00 London: duties start at 06:00 so that none meets a night (00:00-04:00) or a week start. */
const calendar = createHoursCalendar('Europe/London', Date.parse('2026-03-02T00:00:00Z'));
const DUTY_START = 360;
const ACCEPTED = 3000;

describe('the breaks argument: no plan needs more than two breaks per journey where D1 cannot be reached', function () {
  this.timeout(120_000);

  it(`rewrites ${ACCEPTED} accepted random layouts (seeded) into accepted ones with at most two breaks per journey`, () => {
    const rng = Random.fromSeed(18);
    let accepted = 0;
    let tried = 0;
    let withTwo = 0;
    while (accepted < ACCEPTED) {
      tried += 1;
      expect(tried, 'too few layouts accepted').to.be.below(ACCEPTED * 200);
      const { duty, start } = randomDuty(rng, DUTY_START);
      if (checkHours(start, activitiesOf(duty), calendar).length > 0) continue;
      accepted += 1;
      const rewritten = canonical(duty, start, calendar);
      const violations = checkHours(start, activitiesOf(rewritten), calendar);
      expect(violations.map((violation) => violation.message), JSON.stringify({ start: start.counters, rested: start.rested, duty })).to.deep.equal([]);
      rewritten.journeys.forEach((journey, index) => {
        expect(minutesOf(journey.pieces)).to.equal(minutesOf(duty.journeys[index]!.pieces));
        expect(journey.pieces.filter((piece) => piece.kind === 'drive').reduce((sum, piece) => sum + piece.minutes, 0)).to.equal(journey.drive);
        expect(breakBlocks(journey.pieces)).to.be.at.most(2);
        // the lorry leaves no later than in the plan (a collection's must_clear_by)
        if (journey.drive > 0) expect(departure(journey.pieces)).to.be.at.most(departure(duty.journeys[index]!.pieces));
        if (breakBlocks(journey.pieces) === 2) withTwo += 1;
      });
      expect(minutesOf(rewritten.finish)).to.be.at.most(minutesOf(duty.finish));
      expect(breakBlocks(rewritten.finish)).to.be.at.most(1);
    }
    // the sample reaches the case the argument is about: W1 asking for a break en route
    expect(withTwo).to.be.above(0);
  });
});
