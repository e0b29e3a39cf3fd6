import { expect } from 'chai';
import { placesNeedingJourneys } from '../../../src/planning/problem/index.ts';
import { baseSnapshot, parseSnapshot, window } from '../fixtures.ts';

describe('planning/problem: placesNeedingJourneys', () => {
  const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');

  it('lists warehouses and start places only when no leg needs more, in locations order', () => {
    const body = baseSnapshot();
    body.lorries[0].start_location_id = 'hp-z';
    body.nuggets = [{ id: 'n', availability: 'in_service', location_id: 'cust-far' }];
    expect(placesNeedingJourneys(parseSnapshot(body))).to.deep.equal(['wh-a', 'wh-b', 'hp-z']);
  });

  it('adds the places legs name and the places of candidate empties of any_available deliveries', () => {
    const body = baseSnapshot();
    body.nuggets = [
      { id: 'free', availability: 'in_service', location_id: 'cust-far' },
      { id: 'hired', availability: 'in_service', location_id: 'cust-y', on_hire_to_customer_id: 'c' },
    ];
    body.movements = [{ type: 'deliver_empty', id: 'dl', destination_id: 'hp-z', window: day }];
    expect(placesNeedingJourneys(parseSnapshot(body))).to.deep.equal(['wh-a', 'wh-b', 'hp-z', 'cust-far']);
  });

  it('leaves out empties away from warehouses when every delivery is warehouse_only', () => {
    const body = baseSnapshot();
    body.nuggets = [{ id: 'free', availability: 'in_service', location_id: 'cust-far' }];
    body.movements = [
      { type: 'deliver_empty', id: 'dl', destination_id: 'hp-z', window: day, empty_source: 'warehouse_only' },
      { type: 'collect_empty', id: 'cl', nugget_id: 'free', location_id: 'cust-far', window: day },
    ];
    expect(placesNeedingJourneys(parseSnapshot(body))).to.deep.equal(['wh-a', 'wh-b', 'hp-z', 'cust-far']);
    body.movements = body.movements.slice(0, 1);
    expect(placesNeedingJourneys(parseSnapshot(body))).to.deep.equal(['wh-a', 'wh-b', 'hp-z']);
  });

  it('includes proposed legs of a booking check', () => {
    const body = baseSnapshot();
    body.new_movements = [{ type: 'move_nugget', id: 'mv', nugget_ids: ['n'], origin_id: 'cust-x', destination_id: 'cust-y', pickup_window: day }];
    body.nuggets = [{ id: 'n', availability: 'in_service', location_id: 'cust-x' }];
    expect(placesNeedingJourneys(parseSnapshot(body, 'booking_checks'))).to.deep.equal(['wh-a', 'wh-b', 'cust-x', 'cust-y']);
  });
});
