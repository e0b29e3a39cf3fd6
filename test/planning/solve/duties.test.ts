import { expect } from 'chai';
import { daySlots } from '../../../src/planning/solve/index.ts';
import { baseSnapshot, problemOf, window } from '../fixtures.ts';

describe('planning/solve/duties', () => {
  it("gives a lorry free only from noon to the driver who starts late, not to one it would idle all morning", () => {
    const body = baseSnapshot();
    const driver = (id: string, from: string, to: string) => ({
      id,
      home_warehouse_id: 'wh-a',
      availability: [window(`2026-03-02T${from}:00Z`, `2026-03-02T${to}:00Z`)],
      qualifications: ['hgv_c', 'crane'],
      fleet_check_allowances: { observed_at: '2026-03-01T18:00:00Z' },
    });
    body.drivers = [driver('d-early', '07:00', '15:00'), driver('d-late', '12:00', '20:00')];
    // both drivers would rather have the larger all-day lorry: a matching that only counts pairs
    // (and then moves d-early to make room for d-late) leaves d-early idle until noon
    body.lorries = [
      { id: 'l-noon', start_location_id: 'wh-a', availability: [window('2026-03-02T12:00:00Z', '2026-03-02T21:00:00Z')], nugget_capacity: 4, equipment: ['crane'] },
      { id: 'l-all-day', start_location_id: 'wh-a', availability: [window('2026-03-02T06:00:00Z', '2026-03-02T21:00:00Z')], nugget_capacity: 6, equipment: ['crane'] },
    ];
    body.nuggets = [{ id: 'n-1', availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-1' }];
    body.movements = [
      { type: 'move_nugget', id: 'mv-1', nugget_ids: ['n-1'], origin_id: 'wh-a', destination_id: 'cust-x', pickup_window: window('2026-03-02T07:00:00Z', '2026-03-02T19:00:00Z') },
    ];
    const { problem } = problemOf(body, 30);
    const slots = daySlots(problem, problem.calendar.days[0]!, { readyAt: problem.drivers.map(() => null) }, problem.units);
    const minute = (iso: string) => (Date.parse(iso) - problem.originEpochMs) / 60_000;
    expect(slots.map((slot) => ({ driver: problem.drivers[slot.driver]!.id, lorry: problem.lorries[slot.lorry]!.id, window: slot.window }))).to.deep.equal([
      { driver: 'd-early', lorry: 'l-all-day', window: { start: minute('2026-03-02T07:00:00Z'), end: minute('2026-03-02T15:00:00Z') } },
      { driver: 'd-late', lorry: 'l-noon', window: { start: minute('2026-03-02T12:00:00Z'), end: minute('2026-03-02T20:00:00Z') } },
    ]);
  });
});
