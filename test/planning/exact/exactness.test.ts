/**
 * The exactness certificate of models/horizon.mzn (src/planning/exact/exactness.ts): on a small
 * booking check that meets every condition it holds; each condition, broken on its own, names
 * its restriction (and only that one), and a near variant that keeps the condition still holds.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exactness, type Restriction } from '../../../src/planning/exact/exactness.ts';
import { breaksPerJourney } from '../../../src/planning/exact/exactness-breaks.ts';
import { createHoursCalendar } from '../../../src/planning/hours/index.ts';
import { buildPlanningProblem, type PlanningProblem } from '../../../src/planning/problem/index.ts';
import { CASES, estimatedJourney, parseBooking } from '../../booking/support.ts';

type Body = Record<string, any>;

/** One driver 07:00-11:00, one lorry, two move_nugget legs from Leeds (the booking corpus case). */
const base = (): Body => JSON.parse(readFileSync(join(CASES, 'infeasible', 'lorry-load-along-route.json'), 'utf8'));

async function problemOf(body: Body): Promise<PlanningProblem> {
  const snapshot = parseBooking(body);
  return buildPlanningProblem(snapshot, await estimatedJourney(snapshot));
}

const everyLeg = (problem: PlanningProblem) => problem.legs.map((leg) => leg.index);

/** The restrictions that may bite, each once. */
function biting(problem: PlanningProblem): Restriction[] {
  const result = exactness(problem, { legs: everyLeg(problem) });
  return result.exact ? [] : [...new Set(result.mayBite.map((entry) => entry.restriction))];
}

const window = (start: string, end: string) => ({ start: `2026-03-02T${start}:00Z`, end: `2026-03-02T${end}:00Z` });

describe('exactness certificate of the exact model', function () {
  this.timeout(30_000);

  it('holds on one driver window of 4 h, one lorry, move_nugget legs and journeys obeying the triangle inequality', async () => {
    expect(exactness(await problemOf(base()), { legs: [0, 1] })).to.deep.equal({ exact: true });
  });

  it('duties per window: a second lorry the window may use could take over mid-window; not when its availability is elsewhere', async () => {
    const body = base();
    body.lorries.push({ ...body.lorries[0], id: 'l-2' });
    expect(biting(await problemOf(body))).to.deep.equal(['duties_per_window']);
    body.lorries[1].availability = [window('12:00', '19:00')];
    expect(biting(await problemOf(body))).to.deep.equal([]);
    // one lorry, but two of its windows inside the driver's: a duty lies inside one lorry window
    body.lorries.pop();
    body.lorries[0].availability = [window('07:00', '09:00'), window('09:30', '19:00')];
    expect(biting(await problemOf(body))).to.deep.equal(['duties_per_window']);
  });

  it('carry: a lorry two driver windows may use could carry a unit overnight or between drivers; not when the second window is outside its availability', async () => {
    const body = base();
    body.drivers.push({ ...body.drivers[0], id: 'd-2', availability: [window('12:00', '15:00')] });
    expect(biting(await problemOf(body))).to.deep.equal(['carry']);
    body.lorries[0].availability = [window('07:00', '11:30')];
    expect(biting(await problemOf(body))).to.deep.equal([]);
  });

  it('collected empties: an offered collect_empty one duty could unload might be left on board at the end; not when it is not offered', async () => {
    const body = base();
    body.nuggets.push({ id: 'e-1', availability: 'in_service', location_id: 'cust-york' });
    body.new_movements.push({ type: 'collect_empty', id: 'collect-york', booking_id: 'bk-new', nugget_id: 'e-1', location_id: 'cust-york', window: window('08:30', '10:30'), handling_method: 'forklift' });
    const problem = await problemOf(body);
    expect(biting(problem)).to.deep.equal(['collected_empty_on_board']);
    const withoutCollection = everyLeg(problem).filter((leg) => problem.legs[leg]!.type !== 'collect_empty');
    expect(exactness(problem, { legs: withoutCollection })).to.deep.equal({ exact: true });
  });

  it('collected empties: a collection no duty could unload (the model may keep it on board, kept.mzn) does not bite', async () => {
    // York is 62 min from Leeds, the only warehouse: collected at 10:30 at the earliest, the empty
    // reaches Leeds after d-1's window ends (11:00)
    const body = base();
    body.nuggets.push({ id: 'e-1', availability: 'in_service', location_id: 'cust-york' });
    body.new_movements.push({ type: 'collect_empty', id: 'collect-york', booking_id: 'bk-new', nugget_id: 'e-1', location_id: 'cust-york', window: window('10:30', '10:45'), handling_method: 'forklift' });
    expect(biting(await problemOf(body))).to.deep.equal([]);
    // open from 10:00: collected at 10:00, unloaded at Leeds at 11:07 at the earliest, still after 11:00
    body.new_movements[body.new_movements.length - 1].window = window('10:00', '10:45');
    expect(biting(await problemOf(body))).to.deep.equal([]);
    // from 09:00: one duty could unload it (09:05 + 62 min), so it bites
    body.new_movements[body.new_movements.length - 1].window = window('09:00', '10:45');
    expect(biting(await problemOf(body))).to.deep.equal(['collected_empty_on_board']);
  });

  it('repositioning: a detour shorter than the direct journey, or a driver with a second window, may need a drive to an idle place', async () => {
    const problem = await problemOf(base());
    const [leeds, york] = ['wh-leeds', 'cust-york'].map((id) => problem.places.findIndex((place) => place.id === id));
    problem.travelMinutes[leeds!]![york!] = 200;
    const result = exactness(problem, { legs: everyLeg(problem) });
    expect(result.exact).to.equal(false);
    expect(!result.exact && result.mayBite.map((entry) => entry.restriction)).to.deep.equal(['repositioning']);
    expect(!result.exact && result.mayBite[0]!.why).to.match(/wh-leeds -> cust-york takes 200 min, via cust-harrogate 100 min/);

    const twoWindows = base();
    twoWindows.planning_period.end = '2026-03-03T20:00:00Z';
    twoWindows.drivers[0].availability.push({ start: '2026-03-03T07:00:00Z', end: '2026-03-03T11:00:00Z' });
    expect(biting(await problemOf(twoWindows))).to.include('repositioning');
  });

  it('repositioning: a collection under a must_clear_by where a plan may stop again may need a drive off and back; not without the must_clear_by', async () => {
    // collected at York after acc-york's delivery there (10:30 at the earliest: no duty could unload
    // it, so the collected-empties condition holds); a plan may deliver at York, collect, drive off by
    // must_clear_by and come back, which the model cannot state
    const body = base();
    body.nuggets.push({ id: 'e-1', availability: 'in_service', location_id: 'cust-york' });
    body.new_movements.push({ type: 'collect_empty', id: 'collect-york', booking_id: 'bk-new', nugget_id: 'e-1', location_id: 'cust-york', window: window('10:30', '10:45'), handling_method: 'forklift' });
    expect(biting(await problemOf(body))).to.deep.equal([]);
    body.new_movements[body.new_movements.length - 1].must_clear_by = '2026-03-02T10:50:00Z';
    const problem = await problemOf(body);
    const result = exactness(problem, { legs: everyLeg(problem) });
    expect(!result.exact && result.mayBite.map((entry) => entry.restriction)).to.deep.equal(['repositioning']);
    expect(!result.exact && result.mayBite[0]!.why).to.match(/collect-york must clear cust-york by minute/);
  });

  it('breaks per journey: duties that may reach D1 (270 min of driving) hold where every journey is at most 270 min; one journey longer may need four breaks', async () => {
    const body = base();
    // four per-Nugget units between Leeds, York and Harrogate: up to 544 min of driving by the journeys
    body.drivers[0].availability = [window('07:00', '17:00')];
    const problem = await problemOf(body);
    expect(biting(problem)).to.deep.equal([]);
    // every journey into York 271 min
    const york = problem.places.findIndex((place) => place.id === 'cust-york');
    problem.travelMinutes.forEach((row, from) => { if (from !== york) row[york] = 271; });
    const result = exactness(problem, { legs: everyLeg(problem) });
    expect(!result.exact && result.mayBite.map((entry) => entry.why)).to.deep.equal([`driver d-1 may drive a journey of 271 min (over 270): it may need two D1 breaks, a W1 break and one on arrival`]);
  });

  it('breaks per journey: W3, a run that meets a night with more than 600 min of possible working time', async () => {
    const problem = await problemOf(base());
    problem.travelMinutes = problem.travelMinutes.map((row) => row.map((minutes) => (minutes === 0 ? 0 : 30)));
    const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
    const midnight = calendar.minuteOf(Date.parse('2026-03-03T00:00:00Z'));
    problem.drivers[0]!.availability = [{ start: midnight - 300, end: midnight + 300 }];
    expect(biting(problem)).to.deep.equal([]);
    problem.drivers[0]!.availability = [{ start: midnight - 360, end: midnight + 300 }];
    const result = exactness(problem, { legs: everyLeg(problem) });
    expect(!result.exact && result.mayBite.map((entry) => entry.why)).to.deep.equal([`driver d-1's time ${midnight - 360}-${midnight + 300} meets a night with up to 660 min of working time (W3): moving driving within a journey could move work into the night`]);
  });

  it('breaks per journey: a window that may hold a daily rest between two duties holds only when one duty could replace them (at most 780 min, D2)', async () => {
    const problem = await problemOf(base());
    problem.travelMinutes = problem.travelMinutes.map((row) => row.map((minutes) => (minutes === 0 ? 0 : 30)));
    problem.drivers[0]!.availability = [{ start: 60, end: 60 + 780 }];
    expect(biting(problem)).to.deep.equal([]);
    problem.drivers[0]!.availability = [{ start: 60, end: 60 + 781 }];
    const result = exactness(problem, { legs: everyLeg(problem) });
    expect(!result.exact && result.mayBite.map((entry) => entry.why)).to.deep.equal([`driver d-1's window 60-841 may hold a daily rest between two duties that one duty could not replace`]);
    // D2: around a rest, 780 - 660 - 2 x 15 = 90 min of duties: with 450 min of driving carried in
    // the merged duty drives at most 540; with 451, 541
    problem.drivers[0]!.availability = [{ start: 60, end: 60 + 780 }];
    problem.drivers[0]!.hours = { ...problem.drivers[0]!.hours, rested: false, counters: { ...problem.drivers[0]!.hours.counters, drivingToday: 450 } };
    expect(biting(problem)).to.deep.equal([]);
    problem.drivers[0]!.hours.counters.drivingToday = 451;
    expect(biting(problem)).to.deep.equal(['breaks_per_journey']);
  });

  it('breaks per journey: driving carried in by the counters no longer bites; two windows less than a daily rest apart do', async () => {
    const body = base();
    body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-02T06:30:00Z', driving_since_break_minutes: 60, driving_today_minutes: 60, working_since_break_minutes: 60 };
    expect(biting(await problemOf(body))).to.deep.equal([]);
    const problem = await problemOf(base());
    problem.drivers[0]!.availability = [{ start: 420, end: 600 }, { start: 700, end: 900 }];
    const found = breaksPerJourney(problem, problem.drivers, createHoursCalendar(problem.timezone, problem.originEpochMs), everyLeg(problem));
    expect(found.map((entry) => entry.why)).to.deep.equal([`driver d-1's windows in 420-900 are less than a daily rest apart: a duty's last breaks would carry into the next`]);
  });

  it('breaks per journey: a fixed-week start inside a window', async () => {
    const problem = await problemOf(base());
    const weekStart = createHoursCalendar(problem.timezone, problem.originEpochMs).nextWeekStart(0);
    problem.drivers[0]!.availability = [{ start: weekStart - 60, end: weekStart + 60 }];
    const result = exactness(problem, { legs: everyLeg(problem) });
    expect(!result.exact && result.mayBite.map((entry) => entry.why)).to.deep.equal([`a fixed week starts inside driver d-1's window ${weekStart - 60}-${weekStart + 60}`]);
  });

  it('empties rules: a deliver_empty beside a move_nugget of an off-hire Nugget in service holds (the model takes it as an empty too); not when that Nugget is at no place of the problem', async () => {
    const body = base();
    body.nuggets.push({ id: 'e-1', availability: 'in_service', location_id: 'wh-leeds' });
    body.new_movements.push({ type: 'deliver_empty', id: 'deliver-york', booking_id: 'bk-new', destination_id: 'cust-york', window: window('08:30', '10:30'), handling_minutes_per_nugget: 5, handling_method: 'forklift' });
    const n1 = body.nuggets.find((nugget: Body) => nugget.id === 'n-1');
    delete n1.on_hire_to_customer_id;
    expect(biting(await problemOf(body))).to.deep.equal([]);
    // a place no leg, empty, driver or lorry needs: not in the journey data, so not in the model
    body.locations.push({ id: 'cust-otley', type: 'customer_property', latitude: 53.905, longitude: -1.691 });
    n1.location_id = 'cust-otley';
    expect(biting(await problemOf(body))).to.deep.equal(['empties_rules']);
  });

  it('empties rules: a deliver_empty beside a collect_empty holds (the model takes a collected Nugget as any other empty)', async () => {
    const body = base();
    body.nuggets.push({ id: 'e-1', availability: 'in_service', location_id: 'wh-leeds' }, { id: 'e-2', availability: 'in_service', location_id: 'cust-york' });
    body.new_movements.push({ type: 'deliver_empty', id: 'deliver-york', booking_id: 'bk-new', destination_id: 'cust-york', window: window('08:30', '10:30'), handling_minutes_per_nugget: 5, handling_method: 'forklift' });
    body.movements.push({ type: 'collect_empty', id: 'collect-york', booking_id: 'bk-2', nugget_id: 'e-2', location_id: 'cust-york', window: window('08:30', '10:30') });
    const problem = await problemOf(body);
    const offered = everyLeg(problem).filter((leg) => problem.legs[leg]!.type !== 'collect_empty');
    expect(exactness(problem, { legs: offered })).to.deep.equal({ exact: true });
  });

  it('excluded drivers: an available driver without an HGV licence gets no slot but could work a duty without driving', async () => {
    const body = base();
    body.drivers.push({ ...body.drivers[0], id: 'd-walker', qualifications: ['forklift'], availability: [window('12:00', '15:00')] });
    expect(biting(await problemOf(body))).to.include('excluded_drivers');
  });

  it('refresh and week: a counters refresh inside a window (the bridge refuses the instance)', async () => {
    const problem = await problemOf(base());
    const [only] = problem.drivers[0]!.availability;
    problem.drivers[0]!.hours.refreshes.push({ at: only!.start + 60, drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, drivingThisWeek: null, drivingPreviousWeek: null });
    expect(biting(problem)).to.deep.equal(['refresh_and_week']);
  });
});
