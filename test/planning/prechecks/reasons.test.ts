import { expect } from 'chai';
import { precheckLegs } from '../../../src/planning/prechecks/index.ts';
import { baseSnapshot, problemOf, window, type Body } from '../fixtures.ts';

/**
 * One case per pre-check reason: a snapshot whose leg `leg` fails for exactly that reason, and
 * its near-miss twin (one field changed) that the pre-checks must let through.
 */
interface Case {
  reason: string;
  build(body: Body): void;
  twin(body: Body): void;
  minutes?: (from: string, to: string) => number;
}

const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');
const nugget = (id: string, location_id: string, extra: Record<string, unknown> = {}) => ({ id, availability: 'in_service', location_id, ...extra });
const move = (nuggetIds: string[], extra: Record<string, unknown> = {}) => ({
  type: 'move_nugget', id: 'leg', nugget_ids: nuggetIds, origin_id: 'wh-a', destination_id: 'cust-x', pickup_window: day, ...extra,
});
const deliver = (extra: Record<string, unknown> = {}) => ({ type: 'deliver_empty', id: 'leg', destination_id: 'cust-x', window: day, ...extra });
const collect = (extra: Record<string, unknown> = {}) => ({ type: 'collect_empty', id: 'leg', nugget_id: 'c', location_id: 'cust-y', window: day, ...extra });

const cases: Case[] = [
  {
    reason: 'window_outside_planning_period',
    build: (body) => ((body.nuggets = [nugget('e', 'wh-a')]), (body.movements = [deliver({ window: window('2026-03-03T09:00:00Z', '2026-03-03T12:00:00Z') })])),
    twin: (body) => (body.movements[0].window.start = '2026-03-02T11:00:00Z'),
  },
  {
    reason: 'must_clear_by_passed',
    build: (body) => {
      body.nuggets = [nugget('c', 'cust-y')];
      body.movements = [collect({ window: window('2026-03-01T09:00:00Z', '2026-03-02T12:00:00Z'), must_clear_by: '2026-03-01T23:59:00Z' })];
    },
    twin: (body) => (body.movements[0].must_clear_by = '2026-03-02T10:00:00Z'),
  },
  {
    reason: 'nugget_destroyed',
    build: (body) => ((body.nuggets = [nugget('n', 'wh-a', { availability: 'destroyed' })]), (body.movements = [move(['n'])])),
    twin: (body) => (body.nuggets[0].availability = 'in_service'),
  },
  {
    reason: 'nugget_in_maintenance',
    build: (body) => ((body.nuggets = [nugget('n', 'wh-a', { availability: 'in_maintenance' })]), (body.movements = [move(['n'])])),
    twin: (body) => (body.nuggets[0].availability = 'in_service'),
  },
  {
    reason: 'nugget_quarantined',
    build: (body) => ((body.nuggets = [nugget('c', 'cust-y', { availability: 'quarantined' })]), (body.movements = [collect()])),
    twin: (body) => (body.nuggets[0].availability = 'in_service'),
  },
  {
    reason: 'nugget_on_hire',
    build: (body) => ((body.nuggets = [nugget('c', 'cust-y', { on_hire_to_customer_id: 'cust-1' })]), (body.movements = [collect()])),
    twin: (body) => (body.nuggets[0].on_hire_to_customer_id = null),
  },
  {
    reason: 'nugget_reserved_for_other_leg',
    build: (body) => {
      body.nuggets = [nugget('n', 'wh-a', { reserved_for_movement_id: 'other' }), nugget('e', 'wh-b')];
      body.movements = [move(['n']), deliver({ id: 'other', destination_id: 'cust-y' })];
    },
    twin: (body) => (body.nuggets[0].reserved_for_movement_id = 'leg'),
  },
  {
    reason: 'nugget_not_at_pickup_place',
    build: (body) => ((body.nuggets = [nugget('n', 'cust-y')]), (body.movements = [move(['n'], { origin_id: 'cust-x', destination_id: 'hp-z' })])),
    twin: (body) => body.movements.push(move(['n'], { id: 'bring', origin_id: 'cust-y', destination_id: 'cust-x', pickup_window: window('2026-03-02T07:00:00Z', '2026-03-02T08:00:00Z') })),
  },
  {
    reason: 'not_enough_empty_nuggets',
    build: (body) => ((body.nuggets = [nugget('e1', 'wh-b'), nugget('e2', 'wh-b', { on_hire_to_customer_id: 'c' })]), (body.movements = [deliver({ quantity: 2 })])),
    twin: (body) => (body.nuggets[1].on_hire_to_customer_id = null),
  },
  {
    reason: 'not_enough_empty_nuggets',
    // warehouse_only: an empty at a customer's that nothing can move never reaches a warehouse.
    build: (body) => ((body.nuggets = [nugget('e', 'cust-y')]), (body.movements = [deliver({ empty_source: 'warehouse_only' })])),
    twin: (body) => body.movements.push(collect({ id: 'fetch', nugget_id: 'e', window: window('2026-03-02T07:00:00Z', '2026-03-02T08:00:00Z') })),
  },
  {
    reason: 'no_qualified_driver',
    build: (body) => ((body.nuggets = [nugget('e', 'wh-a')]), (body.movements = [deliver({ handling_method: 'forklift' })]), (body.lorries[0].equipment = ['forklift'])),
    twin: (body) => body.drivers.push({ ...body.drivers[0], id: 'd-fork', qualifications: ['forklift'] }),
  },
  {
    reason: 'no_qualified_driver',
    // Nobody may drive, and the Nugget must travel.
    build: (body) => ((body.nuggets = [nugget('n', 'wh-a')]), (body.movements = [move(['n'])]), (body.drivers[0].qualifications = ['crane'])),
    twin: (body) => (body.drivers[0].qualifications = ['crane', 'hgv_ce']),
  },
  {
    reason: 'no_equipped_lorry',
    build: (body) => ((body.nuggets = [nugget('e', 'wh-a')]), (body.movements = [deliver({ handling_method: 'forklift' })]), (body.drivers[0].qualifications = ['hgv_c', 'forklift'])),
    twin: (body) => body.lorries.push({ ...body.lorries[0], id: 'l-fork', equipment: ['forklift'] }),
  },
  {
    reason: 'quantity_exceeds_lorry_capacity',
    build: (body) => ((body.nuggets = ['a', 'b', 'c', 'd', 'e'].map((id) => nugget(id, 'wh-a'))), (body.movements = [move(['a', 'b', 'c', 'd', 'e'], { split_across_lorries: false })])),
    twin: (body) => (body.movements[0].split_across_lorries = true),
  },
  {
    reason: 'destination_capacity_insufficient',
    build: (body) => {
      body.nuggets = [nugget('e', 'wh-a'), nugget('y1', 'cust-y', { on_hire_to_customer_id: 'c' }), nugget('y2', 'cust-y', { on_hire_to_customer_id: 'c' }), nugget('y3', 'cust-y')];
      body.movements = [deliver({ destination_id: 'cust-y', empty_source: 'warehouse_only' })];
    },
    // A collection of y3 can make room.
    twin: (body) => body.movements.push(collect({ id: 'free-up', nugget_id: 'y3' })),
  },
  {
    reason: 'window_unreachable',
    build: (body) => ((body.nuggets = [nugget('e', 'wh-a')]), (body.movements = [deliver({ destination_id: 'cust-far', window: window('2026-03-02T06:00:00Z', '2026-03-02T10:00:00Z') })])),
    // The driver may drive from 07:15 (availability and walk-round check): arriving 11:15 fits.
    twin: (body) => (body.movements[0].window.end = '2026-03-02T11:30:00Z'),
    // 240 minutes to cust-far: the lorry leaves wh-a at 06:15 at the earliest, loads for a minute, arrives 10:16.
    minutes: (from, to) => (from === 'cust-far' || to === 'cust-far' ? 240 : 30),
  },
  {
    reason: 'window_unreachable',
    // The triangle inequality fails (wh-a -> hp-z -> cust-x is quicker than the direct entry): the shortest path counts.
    build: (body) => {
      body.nuggets = [nugget('e', 'wh-a')];
      body.movements = [deliver({ window: window('2026-03-02T06:00:00Z', '2026-03-02T06:30:00Z') })];
      body.drivers[0].availability = [window('2026-03-02T06:00:00Z', '2026-03-02T19:00:00Z')];
    },
    twin: (body) => (body.movements[0].window.end = '2026-03-02T06:36:00Z'),
    minutes: (from, to) => (from === 'wh-a' && to === 'cust-x' ? 300 : 10),
  },
  {
    reason: 'window_unreachable',
    // The lorry could be there at 06:46, but nobody may drive it before 07:15 (availability 07:00
    // and the walk-round check): driving must start by 07:00. Not the hours: no counter is spent.
    build: (body) => ((body.nuggets = [nugget('e', 'wh-a')]), (body.movements = [deliver({ window: window('2026-03-02T06:00:00Z', '2026-03-02T07:30:00Z') })])),
    twin: (body) => (body.movements[0].window.end = '2026-03-02T07:46:00Z'),
  },
  {
    reason: 'no_crew_available_in_window',
    build: (body) => {
      body.nuggets = [nugget('e', 'wh-a')];
      body.movements = [deliver()];
      body.drivers[0].availability = [window('2026-03-02T07:00:00Z', '2026-03-02T09:00:00Z'), window('2026-03-02T15:00:00Z', '2026-03-02T19:00:00Z')];
    },
    twin: (body) => body.drivers[0].availability.push(window('2026-03-02T11:55:00Z', '2026-03-02T12:00:00Z')),
  },
  {
    reason: 'drivers_hours_exhausted',
    build: (body) => {
      body.data_as_of = '2026-03-02T06:00:00Z';
      body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-02T06:00:00Z', driving_this_week_minutes: 3360 };
      body.nuggets = [nugget('e', 'wh-a')];
      body.movements = [deliver()];
    },
    twin: (body) => (body.drivers[0].fleet_check_allowances.driving_this_week_minutes = 3359),
  },
  {
    reason: 'drivers_hours_exhausted',
    build: (body) => {
      body.data_as_of = '2026-03-02T06:00:00Z';
      body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-02T06:00:00Z', driving_today_minutes: 540 };
      body.nuggets = [nugget('e', 'wh-a')];
      body.movements = [deliver({ window: window('2026-03-02T09:00:00Z', '2026-03-02T17:29:00Z') })];
    },
    // A daily rest from 06:00 ends at 17:00; 30 minutes of driving then arrive by 17:30.
    twin: (body) => (body.movements[0].window.end = '2026-03-02T17:30:00Z'),
  },
  {
    reason: 'drivers_hours_exhausted',
    // d-1 is available in time but has used up the week; d-2 is not available in time: the counters
    // are what blocks the only driver who could be there.
    build: (body) => {
      body.data_as_of = '2026-03-02T06:00:00Z';
      body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-02T06:00:00Z', driving_this_week_minutes: 3360 };
      body.drivers.push({ ...structuredClone(body.drivers[0]), id: 'd-late', availability: [window('2026-03-02T11:50:00Z', '2026-03-02T19:00:00Z')], fleet_check_allowances: { observed_at: '2026-03-02T06:00:00Z' } });
      body.nuggets = [nugget('e', 'wh-a')];
      body.movements = [deliver()];
    },
    twin: (body) => (body.drivers[0].fleet_check_allowances.driving_this_week_minutes = 3359),
  },
];

function reasons(body: Body, minutes?: (from: string, to: string) => number) {
  const { problem } = problemOf(body, minutes ?? 30);
  return precheckLegs(problem).filter((entry) => problem.legs[entry.leg]!.id === 'leg').map((entry) => entry.reasonCode);
}

describe('planning/prechecks: one reason per case, and its near-miss twin passes', () => {
  for (const testCase of cases) {
    it(`${testCase.reason}${testCase.minutes ? ' (journey times of the case)' : ''}`, () => {
      const body = baseSnapshot();
      testCase.build(body);
      expect(reasons(body, testCase.minutes)).to.deep.equal([testCase.reason]);
      testCase.twin(body);
      expect(reasons(body, testCase.minutes)).to.deep.equal([]);
    });
  }

  it('lets every leg of the shared sample snapshot through and gives details with each rejection', async () => {
    const { minimalManifestRequest } = await import('../../support/snapshots.ts');
    const { problem } = problemOf(minimalManifestRequest(), 25);
    expect(precheckLegs(problem)).to.deep.equal([]);
    const body = baseSnapshot();
    body.nuggets = [nugget('n', 'wh-a', { availability: 'destroyed' })];
    body.movements = [move(['n'])];
    expect(precheckLegs(problemOf(body).problem)).to.deep.equal([{ leg: 0, reasonCode: 'nugget_destroyed', detail: 'Nugget n is destroyed' }]);
  });
});
