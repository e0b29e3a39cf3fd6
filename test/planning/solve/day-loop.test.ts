/**
 * The day loop's decomposition: an operating day is a set of duties that overlap, not a local
 * date cut at midnight. A night duty (22:00-06:00) and an early duty of another driver from 05:00 the next morning
 * are planned together, so the night driver can take the work only they can do while the early
 * driver takes what both could.
 */
import { expect } from 'chai';
import { modelSolverOf, planValidator, planWithSolver } from '../../../src/planning/solve/index.ts';
import { operatingDays } from '../../../src/planning/solve/day-loop.ts';
import { baseSnapshot, problemOf, window, type Body } from '../fixtures.ts';
import { PLAN_OPTIONS, suiteEngine } from './support.ts';

const driver = (id: string, from: string, to: string) => ({
  id,
  home_warehouse_id: 'wh-a',
  availability: [window(from, to)],
  qualifications: ['hgv_c', 'crane'],
  fleet_check_allowances: { observed_at: '2026-03-02T08:00:00Z' },
});

/**
 * d-night works 22:00-06:00 from Monday, d-early from `earlyFrom` on Tuesday, each with a lorry at
 * wh-a. `to-y-overnight` (150 min each way, delivered 02:30-03:00) only d-night can serve, and then
 * is back at wh-a no earlier than 05:30; `to-x-at-dawn` (30 min away, picked up 04:00-05:30) either
 * can serve, but d-night not after the other. A plan serves both only with d-early on the second.
 */
function nightAndEarly(earlyFrom: string): Body {
  const body = baseSnapshot();
  body.data_as_of = '2026-03-02T08:00:00Z';
  body.planning_period = window('2026-03-02T18:00:00Z', '2026-03-03T14:00:00Z');
  body.drivers = [driver('d-night', '2026-03-02T22:00:00Z', '2026-03-03T06:00:00Z'), driver('d-early', earlyFrom, '2026-03-03T13:00:00Z')];
  body.lorries = ['l-1', 'l-2'].map((id) => ({ id, start_location_id: 'wh-a', availability: [window('2026-03-02T18:00:00Z', '2026-03-03T14:00:00Z')], nugget_capacity: 4, equipment: ['crane'] }));
  body.nuggets = [
    { id: 'n-1', availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-1' },
    { id: 'n-2', availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-2' },
  ];
  body.movements = [
    {
      type: 'move_nugget', id: 'to-y-overnight', nugget_ids: ['n-1'], origin_id: 'wh-a', destination_id: 'cust-y',
      pickup_window: window('2026-03-02T22:15:00Z', '2026-03-02T23:00:00Z'), arrival_window: window('2026-03-03T02:30:00Z', '2026-03-03T03:00:00Z'),
    },
    { type: 'move_nugget', id: 'to-x-at-dawn', nugget_ids: ['n-2'], origin_id: 'wh-a', destination_id: 'cust-x', pickup_window: window('2026-03-03T04:00:00Z', '2026-03-03T05:30:00Z') },
  ];
  return body;
}

const minutes = (from: string, to: string) => ([from, to].includes('cust-y') ? 150 : 30);

describe('planning/solve/day-loop', function () {
  this.timeout(0);
  const engine = suiteEngine();

  it('moves the cut before a night duty back to the start of the run of duties it overlaps, so the next morning is planned with it', () => {
    const cutAt = (body: Body, cut: string) => {
      const { problem } = problemOf(body, minutes);
      const dates = problem.calendar.days.filter((day) => day.end > 0 && day.start <= problem.horizon);
      expect(dates.map((day) => day.localDate)).to.deep.equal(['2026-03-02', '2026-03-03']);
      const at = (Date.parse(cut) - problem.originEpochMs) / 60_000;
      expect(operatingDays(problem)).to.deep.equal([
        { start: dates[0]!.start, end: at, localDate: '2026-03-02' },
        { start: at, end: dates[1]!.end, localDate: '2026-03-03' },
      ]);
    };
    // d-night (22:00-06:00) and d-early (from 05:00) in Tuesday's operating day, from 22:00
    cutAt(nightAndEarly('2026-03-03T05:00:00Z'), '2026-03-02T22:00:00Z');
    // d-late (19:00-22:30) overlaps d-night: the run, and Tuesday's operating day, start at 19:00
    const withLate = nightAndEarly('2026-03-03T05:00:00Z');
    withLate.drivers.push(driver('d-late', '2026-03-02T19:00:00Z', '2026-03-02T22:30:00Z'));
    cutAt(withLate, '2026-03-02T19:00:00Z');
  });

  it('cuts operating days at local midnight where no duty runs across it', () => {
    const body = nightAndEarly('2026-03-03T05:00:00Z');
    body.drivers[0].availability = [window('2026-03-02T18:00:00Z', '2026-03-02T23:30:00Z')];
    const { problem } = problemOf(body, minutes);
    expect(operatingDays(problem)).to.deep.equal(problem.calendar.days.filter((day) => day.end > 0 && day.start <= problem.horizon));
  });

  it('plans the overlapping night and early duties together: both legs served, the overnight one by the night driver', async () => {
    const { snapshot, problem } = problemOf(nightAndEarly('2026-03-03T05:00:00Z'), minutes);
    const result = await planWithSolver(problem, modelSolverOf(engine()), { ...PLAN_OPTIONS, validate: planValidator(snapshot, problem) });
    expect(result.evidence.validation).to.equal('passed');
    expect(result.plan.unplanned.map((entry) => problem.legs[entry.leg]!.id)).to.deep.equal([]);
    const servedBy = (legId: string) => {
      const leg = problem.legs.findIndex((candidate) => candidate.id === legId);
      const duty = result.plan.duties.find((candidate) => candidate.stops.some((stop) => stop.activities.some((activity) => 'unit' in activity && activity.unit !== null && problem.units[activity.unit]!.leg === leg)));
      return problem.drivers[duty!.driver]!.id;
    };
    expect(servedBy('to-y-overnight')).to.equal('d-night');
    expect(servedBy('to-x-at-dawn')).to.equal('d-early');
  });
});
