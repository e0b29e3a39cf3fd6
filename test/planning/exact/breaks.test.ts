/**
 * The breaks argument of the exactness certificate (src/planning/exact/exactness-breaks.ts,
 * `breaksPerJourney`), checked with the hours engine the validator uses (checkHours): on seeded
 * random duties (journeys of up to 270 min, duties that reach D1 and D2, pending splits, stops of
 * no minutes, drives back to base, idle time ending the duty, nights where W3 cannot bite),
 * every layout of breaks, waits and gaps the engine accepts, rewritten in the canonical form
 * (breaks/canonical.ts), is still accepted, keeps its stops' times, leaves each stop no later,
 * and has the model's shape: at most three breaks per journey with no wait between two of them
 * (a wait before the first or after the driving), one in the idle time that ends the duty.
 * Duties the certificate's guards leave out (a fixed-week start inside, a night with more than
 * 600 min of possible working time) are skipped, counted.
 */
import { expect } from 'chai';
import { Random } from '../../../data-gen/random.ts';
import { checkHours, createHoursCalendar, LIMITS } from '../../../src/planning/hours/index.ts';
import { canonical } from './breaks/canonical.ts';
import { activitiesOf, breakBlocks, departure, minutesOf, type Duty, type Piece } from './breaks/duty.ts';
import { randomDuty } from './breaks/generate.ts';

/** Monday 2 March 2026 00:00 London (minute 0); the next fixed week starts at minute 10080. */
const calendar = createHoursCalendar('Europe/London', Date.parse('2026-03-02T00:00:00Z'));
const ACCEPTED = 3000;

/** The model's shape of a journey: [wait] (drive | break)* [wait], breaks apart only with driving between. */
function shapeOf(pieces: readonly Piece[]): string {
  const tokens = pieces.filter((piece) => piece.minutes > 0).map((piece) => (piece.kind === 'drive' ? 'd' : piece.kind === 'break' ? 'b' : piece.kind === 'wait' ? 'w' : 'g'));
  return tokens.join('').replace(/b+/g, 'B').replace(/d+/g, 'd').replace(/w+/g, 'w');
}
const modelShape = /^w?(d?B)*d?w?$/;

/** Minutes from the duty's start to its stops (the end of each journey). */
function stopTimes(duty: Duty): number[] {
  let time = duty.start + duty.check;
  return duty.journeys.map((journey) => {
    time += minutesOf(journey.pieces);
    const at = time;
    time += journey.handling;
    return at;
  });
}

describe('the breaks argument: no plan needs more than three breaks per journey of at most 270 min', function () {
  this.timeout(60_000);

  it(`rewrites ${ACCEPTED} accepted random layouts (seeded) into accepted ones of the model's shape`, () => {
    const rng = Random.fromSeed(18);
    const seen = { tried: 0, guarded: 0, reachD1: 0, three: 0, pendingSplit: 0, zeroStop: 0, night: 0, back: 0, endIdle: 0, atStop: 0 };
    let accepted = 0;
    while (accepted < ACCEPTED) {
      seen.tried += 1;
      expect(seen.tried, 'too few layouts accepted').to.be.below(ACCEPTED * 100);
      const dutyStart = rng.weighted([[360, 8], [rng.int(1200, 1439), 2], [rng.int(9600, 10079), 1]] as const);
      const { duty, start } = randomDuty(rng, dutyStart);
      const activities = activitiesOf(duty);
      const end = activities[activities.length - 1]!.end;
      const carriedWorking = start.rested ? 0 : Math.max(start.counters.drivingToday, start.counters.workingSinceBreak);
      // the certificate's guards: no fixed-week start inside; W3 cannot bite where a night is met
      if (calendar.nextWeekStart(duty.start) < end || (calendar.touchesNight(duty.start, end) && carriedWorking + end - duty.start > LIMITS.nightDutyWorking)) {
        seen.guarded += 1;
        continue;
      }
      if (checkHours(start, activities, calendar).length > 0) continue;
      accepted += 1;
      const rewritten = canonical(duty, start, calendar);
      const violations = checkHours(start, activitiesOf(rewritten), calendar);
      const context = JSON.stringify({ start: start.counters, rested: start.rested, duty, rewritten });
      expect(violations.map((violation) => violation.message), context).to.deep.equal([]);
      expect(stopTimes(rewritten), context).to.deep.equal(stopTimes(duty));
      rewritten.journeys.forEach((journey, index) => {
        const plan = duty.journeys[index]!;
        expect(journey.pieces.filter((piece) => piece.kind === 'drive').reduce((sum, piece) => sum + piece.minutes, 0), context).to.equal(journey.drive);
        expect(breakBlocks(journey.pieces), context).to.be.at.most(3);
        expect(shapeOf(journey.pieces), context).to.match(modelShape);
        // the lorry leaves no later than in the plan (a collection's must_clear_by)
        if (journey.drive > 0) expect(departure(journey.pieces), context).to.be.at.most(departure(plan.pieces));
        if (breakBlocks(journey.pieces) === 3) seen.three += 1;
        if (journey.drive > 0 && journey.pieces[0]!.kind === 'break') seen.atStop += 1;
        if (plan.handling === 0) seen.zeroStop += 1;
        if (plan.pieces.some((piece) => piece.kind === 'break' && piece.minutes >= 15 && piece.minutes < 30)) seen.pendingSplit += 1;
      });
      expect(minutesOf(rewritten.finish), context).to.be.at.most(minutesOf(duty.finish));
      expect(breakBlocks(rewritten.finish), context).to.be.at.most(1);
      expect(shapeOf(rewritten.finish), context).to.match(/^w?B?w?$/);
      const driving = duty.journeys.reduce((sum, journey) => sum + journey.drive, 0);
      if (start.counters.drivingSinceBreak * (start.rested ? 0 : 1) + driving > LIMITS.drivingBeforeBreak) seen.reachD1 += 1;
      if (calendar.touchesNight(duty.start, end)) seen.night += 1;
      if (duty.finish.length === 0 && duty.journeys[duty.journeys.length - 1]!.handling === 0) seen.back += 1;
      if (rewritten.finish.some((piece) => piece.kind === 'break')) seen.endIdle += 1;
    }
    // the sample reaches the cases the argument is about
    for (const [what, count] of Object.entries(seen)) expect(count, `${what}: ${JSON.stringify(seen)}`).to.be.above(0);
    expect(seen.reachD1, JSON.stringify(seen)).to.be.above(ACCEPTED / 5);
    if (process.env.BREAKS_STATS === '1') console.log(JSON.stringify(seen));
  });
});
