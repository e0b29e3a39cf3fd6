import { expect } from 'chai';
import { POLICY_VERSION, type ManifestPlanResponse, type Snapshot } from '../../../src/contract/index.ts';
import { assembleManifests } from '../../../src/planning/assembly/index.ts';
import type { Duty, Plan, PlanStop, StopActivity } from '../../../src/planning/plan/types.ts';
import type { PlanningProblem } from '../../../src/planning/problem/index.ts';
import { journeyFromMatrix, validatePlan } from '../../../src/planning/validator/index.ts';
import { baseSnapshot, problemOf, uniformJourney, window, type Body } from '../fixtures.ts';

const nugget = (id: string, location_id: string) => ({ id, availability: 'in_service', location_id });
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Builds plans by place id and leg id, so the tests read like a timetable. */
function planner(problem: PlanningProblem) {
  const place = (id: string) => problem.places.findIndex((entry) => entry.id === id);
  const unit = (legId: string, offset = 0) => problem.legs.find((leg) => leg.id === legId)!.units[offset]!;
  return {
    unit,
    stop: (id: string, arrive: number, depart: number, activities: StopActivity[], enRouteBreaks: PlanStop['enRouteBreaks'] = []): PlanStop => ({ place: place(id), arrive, depart, activities, enRouteBreaks }),
    duty: (stops: PlanStop[], driver = 0, lorry = 0): Duty => ({ driver, lorry, start: stops[0]!.arrive, end: stops[stops.length - 1]!.depart, stops }),
  };
}

function response(snapshot: Snapshot, assembled: ReturnType<typeof assembleManifests>): ManifestPlanResponse {
  return { data_as_of: snapshot.data_as_of, ...assembled, warnings: [], metadata: { generated_at: '2026-03-01T18:00:00Z', policy_version: POLICY_VERSION } };
}

/** A day with a deliver_empty, a split move_nugget and a collect_empty, all on one duty. */
function dayOfWork(): Body {
  const body = baseSnapshot();
  body.nuggets = [nugget('e1', 'wh-a'), nugget('m1', 'wh-a'), nugget('m2', 'wh-a'), nugget('c1', 'cust-y')];
  body.movements = [
    { type: 'deliver_empty', id: 'dl', booking_id: 'b-1', destination_id: 'cust-x', window: window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z'), empty_source: 'warehouse_only' },
    { type: 'move_nugget', id: 'mv', booking_id: 'b-2', nugget_ids: ['m1', 'm2'], origin_id: 'wh-a', destination_id: 'hp-z', pickup_window: window('2026-03-02T07:00:00Z', '2026-03-02T10:00:00Z') },
    { type: 'collect_empty', id: 'cl', nugget_id: 'c1', location_id: 'cust-y', window: window('2026-03-02T10:00:00Z', '2026-03-02T14:00:00Z'), must_clear_by: '2026-03-02T15:00:00Z' },
  ];
  return body;
}

describe('planning/assembly: assembleManifests', () => {
  it('walks a duty into time-ordered activities that the independent validator accepts', () => {
    const body = dayOfWork();
    const { snapshot, problem } = problemOf(body, 30);
    const { stop, duty, unit } = planner(problem);
    const plan: Plan = {
      duties: [
        duty([
          stop('wh-a', 420, 450, [
            { kind: 'service', start: 420, end: 435 },
            { kind: 'pickup', unit: unit('mv', 0), nuggetIds: ['m1'], start: 435, end: 440 },
            { kind: 'pickup', unit: unit('mv', 1), nuggetIds: ['m2'], start: 440, end: 445 },
            { kind: 'pickup', unit: unit('dl'), nuggetIds: ['e1'], start: 445, end: 450 },
          ]),
          stop('hp-z', 480, 490, [
            { kind: 'delivery', unit: unit('mv', 1), nuggetIds: ['m2'], start: 485, end: 490 },
            { kind: 'delivery', unit: unit('mv', 0), nuggetIds: ['m1'], start: 480, end: 485 },
          ]),
          stop('cust-x', 520, 590, [
            { kind: 'delivery', unit: unit('dl'), nuggetIds: ['e1'], start: 540, end: 545 },
            { kind: 'break', start: 545, end: 590 },
          ]),
          stop('cust-y', 635, 640, [{ kind: 'pickup', unit: unit('cl'), nuggetIds: ['c1'], start: 635, end: 640 }], [{ start: 600, end: 615 }]),
          stop('wh-a', 670, 675, [{ kind: 'yard_work', unit: unit('cl'), nuggetIds: ['c1'], start: 670, end: 675 }]),
        ]),
      ],
      unplanned: [],
    };
    const assembled = assembleManifests(problem, plan);
    expect(assembled.unplanned_movements).to.deep.equal([]);
    expect(assembled.manifests).to.have.length(1);
    const rows = assembled.manifests[0]!.activities.map((activity) =>
      [activity.type, activity.start.slice(11, 16), activity.end.slice(11, 16), activity.type === 'drive' ? `${activity.from_location_id}>${activity.to_location_id}` : (activity.location_id ?? 'en-route'), activity.movement_id ?? '-', (activity.nugget_ids ?? []).join(',')].join(' '),
    );
    expect(rows).to.deep.equal([
      'service 07:00 07:15 wh-a - ',
      'pickup 07:15 07:25 wh-a mv m1,m2',
      'pickup 07:25 07:30 wh-a dl e1',
      'drive 07:30 08:00 wh-a>hp-z - m1,m2,e1',
      'delivery 08:00 08:10 hp-z mv m1,m2',
      'drive 08:10 08:40 hp-z>cust-x - e1',
      'wait 08:40 09:00 cust-x dl ',
      'delivery 09:00 09:05 cust-x dl e1',
      'break 09:05 09:50 cust-x - ',
      'drive 09:50 10:00 cust-x>cust-y - ',
      'break 10:00 10:15 en-route - ',
      'drive 10:15 10:35 cust-x>cust-y - ',
      'pickup 10:35 10:40 cust-y cl c1',
      'drive 10:40 11:10 cust-y>wh-a - c1',
      'yard_work 11:10 11:15 wh-a cl c1',
    ]);
    const activities = assembled.manifests[0]!.activities;
    expect(activities.every((activity) => activity.lorry_id === 'l-1')).to.equal(true);
    expect(activities[1]).to.include({ booking_id: 'b-2', start: '2026-03-02T07:15:00+00:00' });
    expect(activities[10]).to.include({ type: 'break', location_id: null });
    expect(validatePlan(snapshot, response(snapshot, assembled), journeyFromMatrix(uniformJourney(snapshot, 30)))).to.deep.equal([]);
  });

  it('writes date-times with the timezone offset in force (British Summer Time)', () => {
    const body = baseSnapshot();
    body.data_as_of = '2026-07-12T18:00:00Z';
    body.planning_period = window('2026-07-12T23:00:00Z', '2026-07-13T22:59:00Z');
    body.drivers[0].availability = [window('2026-07-13T06:00:00Z', '2026-07-13T18:00:00Z')];
    body.drivers[0].fleet_check_allowances = { observed_at: '2026-07-12T18:00:00Z' };
    body.lorries[0].availability = [window('2026-07-13T05:00:00Z', '2026-07-13T19:00:00Z')];
    const { problem } = problemOf(body, 30);
    const { stop, duty } = planner(problem);
    const start = 8 * 60; // 08:00 local = 07:00 UTC
    const assembled = assembleManifests(problem, { duties: [duty([stop('wh-a', start, start + 15, [{ kind: 'service', start, end: start + 15 }])])], unplanned: [] });
    expect(assembled.manifests[0]!.activities[0]).to.include({ start: '2026-07-13T08:00:00+01:00', end: '2026-07-13T08:15:00+01:00' });
  });

  it('keeps a lorry load across duties and writes a zero-minute journey as a drive', () => {
    const body = dayOfWork();
    body.locations.push({ id: 'cust-y-gate', type: 'handover_point', latitude: 54.1, longitude: -1.3 });
    body.movements = [body.movements[2]];
    body.movements[0].must_clear_by = null;
    body.drivers.push({ ...body.drivers[0], id: 'd-2', availability: [window('2026-03-02T12:00:00Z', '2026-03-02T19:00:00Z')] });
    body.movements.push({ type: 'move_nugget', id: 'mv-gate', nugget_ids: ['m1'], origin_id: 'cust-y-gate', destination_id: 'wh-a', pickup_window: window('2026-03-02T12:00:00Z', '2026-03-02T18:00:00Z') });
    body.nuggets[1].location_id = 'cust-y-gate';
    const { problem } = problemOf(body, (from, to) => ([from, to].sort().join() === 'cust-y,cust-y-gate' ? 0 : 30));
    const { stop, duty, unit } = planner(problem);
    const plan: Plan = {
      duties: [
        duty([
          stop('wh-a', 420, 435, [{ kind: 'service', start: 420, end: 435 }]),
          stop('cust-y', 600, 605, [{ kind: 'pickup', unit: unit('cl'), nuggetIds: ['c1'], start: 600, end: 605 }]),
        ]),
        duty([
          stop('cust-y', 720, 735, [{ kind: 'service', start: 720, end: 735 }]),
          stop('cust-y-gate', 735, 740, [{ kind: 'pickup', unit: unit('mv-gate'), nuggetIds: ['m1'], start: 735, end: 740 }]),
          stop('wh-a', 770, 780, [{ kind: 'yard_work', unit: unit('cl'), nuggetIds: ['c1'], start: 770, end: 775 }, { kind: 'delivery', unit: unit('mv-gate'), nuggetIds: ['m1'], start: 775, end: 780 }]),
        ], 1, 0),
      ],
      unplanned: [],
    };
    const [first, second] = assembleManifests(problem, plan).manifests;
    // The first duty arrives at 10:00 after 30 minutes of driving from 07:15: it left at 07:15 and arrived early, so it waits.
    expect(first!.activities.map((activity) => [activity.type, hhmm(Number(activity.start.slice(11, 13)) * 60 + Number(activity.start.slice(14, 16)))])).to.deep.equal([
      ['service', '07:00'], ['drive', '07:15'], ['wait', '07:45'], ['pickup', '10:00'],
    ]);
    const drives = second!.activities.filter((activity) => activity.type === 'drive');
    expect(drives.map((drive) => [drive.from_location_id, drive.to_location_id, drive.start === drive.end, drive.nugget_ids])).to.deep.equal([
      ['cust-y', 'cust-y-gate', true, ['c1']],
      ['cust-y-gate', 'wh-a', false, ['c1', 'm1']],
    ]);
  });

  it('lists unplanned legs in leg order with the catalogue meaning and the specifics', () => {
    const { problem } = problemOf(dayOfWork(), 30);
    const assembled = assembleManifests(problem, {
      duties: [],
      unplanned: [
        { leg: 2, reasonCode: 'not_planned_within_allowance' },
        { leg: 0, reasonCode: 'not_enough_empty_nuggets', detail: 'the leg asks for 1 empty Nuggets; at most 0 could be delivered' },
      ],
    });
    expect(assembled.manifests).to.deep.equal([]);
    expect(assembled.unplanned_movements.map((entry) => [entry.movement_id, entry.booking_id, entry.reason_code])).to.deep.equal([
      ['dl', 'b-1', 'not_enough_empty_nuggets'],
      ['cl', null, 'not_planned_within_allowance'],
    ]);
    expect(assembled.unplanned_movements[0]!.message).to.match(/^Fewer Nuggets could ever be delivered .* Here: the leg asks for 1 empty Nuggets; at most 0 could be delivered\.$/);
  });
});
