/**
 * Legs that follow another leg of the same day (src/planning/solve/chains.ts): the windows that
 * keep a Nugget's moves in order without cross-route constraints.
 */
import { expect } from 'chai';
import { createHoursCalendar, HoursTracker } from '../../../src/planning/hours/index.ts';
import { buildDayInstance, daySlots, initialPlanningState } from '../../../src/planning/solve/index.ts';
import { followingLegs, carriedNuggets, leaveTimeForFollowers, withFollowingWave } from '../../../src/planning/solve/chains.ts';
import { baseSnapshot, problemOf, window } from '../fixtures.ts';

/** n-1 at wh-a: mv-1 takes it to cust-x (any time), mv-2 on to hp-z (pickup 07:00-10:00 UTC). */
function chainedDay() {
  const body = baseSnapshot();
  body.nuggets = [{ id: 'n-1', availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-1' }];
  const move = (id: string, origin: string, destination: string, to: string) => ({
    type: 'move_nugget',
    id,
    nugget_ids: ['n-1'],
    origin_id: origin,
    destination_id: destination,
    pickup_window: window('2026-03-02T07:00:00Z', `2026-03-02T${to}:00Z`),
  });
  body.movements = [move('mv-1', 'wh-a', 'cust-x', '17:00'), move('mv-2', 'cust-x', 'hp-z', '10:00')];
  const { problem } = problemOf(body, 30);
  const span = problem.calendar.days[0]!;
  const state = initialPlanningState(problem);
  const trackers = problem.drivers.map((driver) => new HoursTracker(driver.hours, createHoursCalendar(problem.timezone, problem.originEpochMs)));
  const slots = daySlots(problem, span, { readyAt: problem.drivers.map(() => null) }, problem.units);
  const day = buildDayInstance(problem, span, slots, [0, 1], state, trackers);
  return { problem, span, state, trackers, day };
}

describe('planning/solve/chains', () => {
  it('offers first only the leg whose Nugget is in place, and finds the leg that follows it', () => {
    const { problem, day } = chainedDay();
    expect(day.instance.requests.map((request) => problem.legs[request.group]!.id)).to.deep.equal(['mv-1']);
    expect(followingLegs(problem, day, [0, 1], carriedNuggets(day)).map((leg) => problem.legs[leg]!.id)).to.deep.equal(['mv-2']);
  });

  it("asks the bringing leg to unload in time for the following leg's pickup window", () => {
    const { problem, span, day } = chainedDay();
    const tightened = leaveTimeForFollowers(problem, span, day, [1]);
    const unloading = day.instance.requests[0]!.deliveryService;
    // mv-2 is picked up by 10:00 (minute 600): mv-1's unloading must start by 600 - its length
    expect(tightened.instance.requests[0]!.deliveryWindow.latest).to.equal(600 - unloading);
    expect(day.instance.requests[0]!.deliveryWindow.latest).to.be.greaterThan(600);
  });

  it('keeps the served leg compulsory and no later, and lets the following leg load only after the unloading', () => {
    const { problem, span, state, trackers, day } = chainedDay();
    // as if mv-1 had been unloaded at cust-x from minute 500 to 510
    const arrivals = new Map([[0, { unloadings: [{ request: 0, start: 500 }], end: 510 }]]);
    const wave = withFollowingWave(problem, span, day, [0], arrivals, [1], state, trackers, new Map([[0, { pickupStart: 450, deliveryEnd: 510 }]]))!;
    const [first, second] = wave.instance.requests;
    expect(first!.droppable).to.equal(false);
    expect(first!.deliveryWindow.latest).to.equal(500);
    expect(problem.legs[second!.group]!.id).to.equal('mv-2');
    expect(second!.pickupWindow.earliest).to.equal(510);
    expect(wave.requests[1]!.pickupPlace).to.equal(wave.requests[0]!.deliveryPlace);
  });

  it('closes the following leg when the Nugget arrives after its pickup window', () => {
    const { problem, span, state, trackers, day } = chainedDay();
    const arrivals = new Map([[0, { unloadings: [{ request: 0, start: 700 }], end: 710 }]]);
    expect(withFollowingWave(problem, span, day, [0], arrivals, [1], state, trackers, new Map([[0, { pickupStart: 650, deliveryEnd: 710 }]]))).to.equal(null);
  });
});
