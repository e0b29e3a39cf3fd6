/**
 * Semantic validation (issue 2, item 3): unique ids, references, window order, consistent
 * times and the timezone, each reported at the exact path with its stable code. Then the
 * spec-limit snapshot of section 8 validates.
 */
import { expect } from 'chai';
import { isServiceError } from '../../src/contract/index.ts';
import { MAX_DETAILS } from '../../src/snapshot/index.ts';
import { completeBookingCheckRequest, type Body } from '../support/complete-snapshot.ts';
import { expectDetails, expectValid, parser, type ExpectedDetail, type Path } from '../support/field-table.ts';
import { SPEC_LIMITS, specLimitSnapshot } from '../support/spec-limit-snapshot.ts';

interface SemanticCase {
  name: string;
  change(body: Body): void;
  /** The details expected; an empty list means the change is valid. */
  expected: ExpectedDetail[];
}

const at = (...path: Path) => path;
const reversed = (window: Body) => {
  [window.start, window.end] = [window.end, window.start];
};

/** The movement legs of the complete request, accepted and proposed: deliver [0], collect [1], move [2]. */
function legCases(collection: 'movements' | 'new_movements'): SemanticCase[] {
  const deliver = at(collection, 0);
  const collect = at(collection, 1);
  const move = at(collection, 2);
  return [
    { name: 'deliver_empty destination_id unknown', change: (b) => (b[collection][0].destination_id = 'nowhere'), expected: [{ path: [...deliver, 'destination_id'], code: 'unknown_reference' }] },
    { name: 'deliver_empty destination_id a warehouse', change: (b) => (b[collection][0].destination_id = 'wh-leeds'), expected: [{ path: [...deliver, 'destination_id'], code: 'wrong_place_type' }] },
    { name: 'deliver_empty destination_id a handover point', change: (b) => (b[collection][0].destination_id = 'hp-wakefield'), expected: [] },
    { name: 'deliver_empty window reversed', change: (b) => reversed(b[collection][0].window), expected: [{ path: [...deliver, 'window'], code: 'window_reversed' }] },
    { name: 'collect_empty nugget_id unknown', change: (b) => (b[collection][1].nugget_id = 'n-404'), expected: [{ path: [...collect, 'nugget_id'], code: 'unknown_reference' }] },
    { name: 'collect_empty nugget_id a place id', change: (b) => (b[collection][1].nugget_id = 'wh-leeds'), expected: [{ path: [...collect, 'nugget_id'], code: 'unknown_reference' }] },
    { name: 'collect_empty location_id unknown', change: (b) => (b[collection][1].location_id = 'nowhere'), expected: [{ path: [...collect, 'location_id'], code: 'unknown_reference' }] },
    { name: 'collect_empty location_id a Nugget id', change: (b) => (b[collection][1].location_id = 'n-2'), expected: [{ path: [...collect, 'location_id'], code: 'unknown_reference' }] },
    { name: 'collect_empty window reversed', change: (b) => reversed(b[collection][1].window), expected: [{ path: [...collect, 'window'], code: 'window_reversed' }] },
    // Allowed by the spec; the leg is returned unplanned (test/planning/observed-counters.test.ts).
    { name: 'collect_empty must_clear_by before the pickup window opens', change: (b) => (b[collection][1].must_clear_by = '2026-03-02T08:59:59Z'), expected: [] },
    { name: 'collect_empty must_clear_by exactly when the pickup window opens', change: (b) => (b[collection][1].must_clear_by = '2026-03-02T09:00:00Z'), expected: [] },
    { name: 'move_nugget nugget_ids with an unknown Nugget', change: (b) => b[collection][2].nugget_ids.push('n-404'), expected: [{ path: [...move, 'nugget_ids', 2], code: 'unknown_reference' }] },
    { name: 'move_nugget nugget_ids naming a Nugget twice', change: (b) => b[collection][2].nugget_ids.push('n-1'), expected: [{ path: [...move, 'nugget_ids', 2], code: 'nugget_listed_twice' }] },
    { name: 'move_nugget origin_id unknown', change: (b) => (b[collection][2].origin_id = 'nowhere'), expected: [{ path: [...move, 'origin_id'], code: 'unknown_reference' }] },
    { name: 'move_nugget destination_id unknown', change: (b) => (b[collection][2].destination_id = 'nowhere'), expected: [{ path: [...move, 'destination_id'], code: 'unknown_reference' }] },
    { name: 'move_nugget between any two place types', change: (b) => (b[collection][2].destination_id = 'cust-harrogate'), expected: [] },
    {
      name: 'move_nugget destination equal to origin',
      change: (b) => (b[collection][2].destination_id = 'wh-leeds'),
      expected: [{ path: [...move, 'destination_id'], code: 'same_origin_and_destination' }],
    },
    { name: 'move_nugget pickup_window reversed', change: (b) => reversed(b[collection][2].pickup_window), expected: [{ path: [...move, 'pickup_window'], code: 'window_reversed' }] },
    { name: 'move_nugget arrival_window reversed', change: (b) => reversed(b[collection][2].arrival_window), expected: [{ path: [...move, 'arrival_window'], code: 'window_reversed' }] },
    {
      name: 'move_nugget arrival_window closing before the pickup window opens (unplanned, not refused)',
      change: (b) => (b[collection][2].arrival_window = { start: '2026-03-02T06:00:00Z', end: '2026-03-02T07:59:59Z' }),
      expected: [],
    },
    { name: 'move_nugget arrival_window null', change: (b) => (b[collection][2].arrival_window = null), expected: [] },
  ];
}

const CASES: SemanticCase[] = [
  // Duplicate ids, within each collection and across movements / new_movements.
  { name: 'two locations with one id', change: (b) => b.locations.push({ ...b.locations[1] }), expected: [{ path: ['locations', 3, 'id'], code: 'duplicate_id' }] },
  { name: 'two Nuggets with one id', change: (b) => b.nuggets.push({ ...b.nuggets[0] }), expected: [{ path: ['nuggets', 4, 'id'], code: 'duplicate_id' }] },
  { name: 'two movements with one id', change: (b) => b.movements.push({ ...b.movements[0] }), expected: [{ path: ['movements', 3, 'id'], code: 'duplicate_id' }] },
  { name: 'two new_movements with one id', change: (b) => b.new_movements.push({ ...b.new_movements[1] }), expected: [{ path: ['new_movements', 3, 'id'], code: 'duplicate_id' }] },
  {
    name: 'a new movement reusing an accepted movement id',
    change: (b) => (b.new_movements[2].id = 'collect'),
    expected: [{ path: ['new_movements', 2, 'id'], code: 'duplicate_id' }],
  },
  {
    name: 'legs of different types with one id',
    change: (b) => (b.movements[2].id = 'deliver'),
    expected: [{ path: ['movements', 2, 'id'], code: 'duplicate_id' }],
  },
  { name: 'two drivers with one id', change: (b) => b.drivers.push({ ...b.drivers[0] }), expected: [{ path: ['drivers', 1, 'id'], code: 'duplicate_id' }] },
  { name: 'two lorries with one id', change: (b) => b.lorries.push({ ...b.lorries[0] }), expected: [{ path: ['lorries', 1, 'id'], code: 'duplicate_id' }] },
  {
    name: 'the same id in different collections (a place, a Nugget, a driver, a lorry and a leg)',
    change: (b) => {
      b.drivers[0].id = 'wh-leeds';
      b.lorries[0].id = 'wh-leeds';
    },
    expected: [],
  },
  {
    name: 'three locations with one id: each repeat reported',
    change: (b) => b.locations.push({ ...b.locations[0] }, { ...b.locations[0] }),
    expected: [
      { path: ['locations', 3, 'id'], code: 'duplicate_id' },
      { path: ['locations', 4, 'id'], code: 'duplicate_id' },
    ],
  },

  // Nugget references.
  { name: 'a Nugget at an unknown place', change: (b) => (b.nuggets[0].location_id = 'nowhere'), expected: [{ path: ['nuggets', 0, 'location_id'], code: 'unknown_reference' }] },
  { name: 'a Nugget reserved for an accepted leg outside the snapshot', change: (b) => (b.nuggets[2].reserved_for_movement_id = 'leg-next-month'), expected: [] },
  {
    name: 'a Nugget reserved for a proposed (not accepted) movement',
    change: (b) => (b.nuggets[2].reserved_for_movement_id = 'new-deliver'),
    expected: [{ path: ['nuggets', 2, 'reserved_for_movement_id'], code: 'unknown_reference' }],
  },
  { name: 'a Nugget reserved for an accepted move_nugget leg', change: (b) => (b.nuggets[1].reserved_for_movement_id = 'move'), expected: [] },

  // Legs, accepted and proposed.
  ...legCases('movements'),
  ...legCases('new_movements'),

  // Drivers.
  { name: 'a driver whose home warehouse is unknown', change: (b) => (b.drivers[0].home_warehouse_id = 'nowhere'), expected: [{ path: ['drivers', 0, 'home_warehouse_id'], code: 'unknown_reference' }] },
  {
    name: 'a driver whose home is a customer property',
    change: (b) => (b.drivers[0].home_warehouse_id = 'cust-harrogate'),
    expected: [{ path: ['drivers', 0, 'home_warehouse_id'], code: 'wrong_place_type' }],
  },
  {
    name: 'a driver whose home is a handover point',
    change: (b) => (b.drivers[0].home_warehouse_id = 'hp-wakefield'),
    expected: [{ path: ['drivers', 0, 'home_warehouse_id'], code: 'wrong_place_type' }],
  },
  { name: 'a driver starting at an unknown place', change: (b) => (b.drivers[0].start_location_id = 'nowhere'), expected: [{ path: ['drivers', 0, 'start_location_id'], code: 'unknown_reference' }] },
  { name: 'a driver starting at a customer property', change: (b) => (b.drivers[0].start_location_id = 'cust-harrogate'), expected: [] },
  { name: 'a driver availability window reversed', change: (b) => reversed(b.drivers[0].availability[0]), expected: [{ path: ['drivers', 0, 'availability', 0], code: 'window_reversed' }] },
  {
    name: 'the second availability window of a driver reversed',
    change: (b) => b.drivers[0].availability.push({ start: '2026-03-03T17:00:00Z', end: '2026-03-03T07:00:00Z' }),
    expected: [{ path: ['drivers', 0, 'availability', 1], code: 'window_reversed' }],
  },
  // Counters are read from the driver-hours system apart from the snapshot: any observed_at is allowed.
  { name: 'counters observed a second after data_as_of', change: (b) => (b.drivers[0].fleet_check_allowances.observed_at = '2026-03-01T18:00:01Z'), expected: [] },
  { name: 'counters observed exactly at data_as_of', change: (b) => (b.drivers[0].fleet_check_allowances.observed_at = '2026-03-01T18:00:00Z'), expected: [] },
  { name: 'counters observed hours after data_as_of, written with an offset', change: (b) => (b.drivers[0].fleet_check_allowances.observed_at = '2026-03-01T23:30:00+01:00'), expected: [] },
  {
    name: 'counters observed after the planning period started',
    change: (b) => {
      b.drivers[0].fleet_check_allowances.observed_at = '2026-03-02T10:00:00Z';
      b.drivers[0].future_allowance_refreshes[0].effective_at = '2026-03-03T06:00:00Z';
    },
    expected: [],
  },
  {
    name: 'a refresh taking effect before the counters were observed',
    change: (b) => (b.drivers[0].future_allowance_refreshes[0].effective_at = '2026-03-01T16:00:00Z'),
    expected: [{ path: ['drivers', 0, 'future_allowance_refreshes', 0, 'effective_at'], code: 'inconsistent_time' }],
  },
  {
    name: 'a refresh taking effect exactly when the counters were observed',
    change: (b) => (b.drivers[0].future_allowance_refreshes[0].effective_at = '2026-03-01T17:00:00Z'),
    expected: [{ path: ['drivers', 0, 'future_allowance_refreshes', 0, 'effective_at'], code: 'inconsistent_time' }],
  },
  { name: 'refreshes out of effective_at order (taken in time order)', change: (b) => b.drivers[0].future_allowance_refreshes.push({ effective_at: '2026-03-02T05:00:00Z' }), expected: [] },
  {
    name: 'two refreshes at the same instant',
    change: (b) => b.drivers[0].future_allowance_refreshes.push({ effective_at: '2026-03-03T06:00:00+01:00' }),
    expected: [{ path: ['drivers', 0, 'future_allowance_refreshes', 1, 'effective_at'], code: 'inconsistent_time' }],
  },
  { name: 'refreshes in increasing order', change: (b) => b.drivers[0].future_allowance_refreshes.push({ effective_at: '2026-03-04T05:00:00Z' }), expected: [] },
  {
    name: 'refreshes without counters (fleet_check_allowances null) at one instant',
    change: (b) => {
      b.drivers[0].fleet_check_allowances = null;
      b.drivers[0].future_allowance_refreshes.push({ effective_at: '2026-03-03T05:00:00Z' });
    },
    expected: [{ path: ['drivers', 0, 'future_allowance_refreshes', 1, 'effective_at'], code: 'inconsistent_time' }],
  },

  // Lorries.
  { name: 'a lorry starting at an unknown place', change: (b) => (b.lorries[0].start_location_id = 'nowhere'), expected: [{ path: ['lorries', 0, 'start_location_id'], code: 'unknown_reference' }] },
  { name: 'a lorry starting at a customer property', change: (b) => (b.lorries[0].start_location_id = 'cust-harrogate'), expected: [] },
  { name: 'a lorry availability window reversed', change: (b) => reversed(b.lorries[0].availability[0]), expected: [{ path: ['lorries', 0, 'availability', 0], code: 'window_reversed' }] },

  // The snapshot.
  { name: 'the planning period reversed', change: (b) => reversed(b.planning_period), expected: [{ path: ['planning_period'], code: 'window_reversed' }] },
  {
    name: 'a window of one instant (start = end, both inclusive)',
    change: (b) => (b.planning_period = { start: '2026-03-02T00:00:00Z', end: '2026-03-02T00:00:00Z' }),
    expected: [],
  },
  {
    name: 'a window reversed only once offsets are applied',
    change: (b) => (b.planning_period = { start: '2026-03-02T10:00:00Z', end: '2026-03-02T10:30:00+01:00' }),
    expected: [{ path: ['planning_period'], code: 'window_reversed' }],
  },
  {
    name: 'a window in order once offsets are applied (though not as text)',
    change: (b) => (b.planning_period = { start: '2026-03-02T10:00:00+02:00', end: '2026-03-02T09:00:00Z' }),
    expected: [],
  },
  { name: 'an unknown IANA timezone', change: (b) => (b.timezone = 'Mars/Olympus_Mons'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'a misspelt IANA timezone', change: (b) => (b.timezone = 'Europe/Lundon'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'a UTC offset instead of a timezone', change: (b) => (b.timezone = '+01:00'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'the timezone Asia/Kolkata', change: (b) => (b.timezone = 'Asia/Kolkata'), expected: [] },
  // IANA names are case-sensitive; Intl accepts any case, the contract does not.
  { name: 'a timezone in the wrong case (europe/london)', change: (b) => (b.timezone = 'europe/london'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'a timezone with one part in the wrong case (Europe/london)', change: (b) => (b.timezone = 'Europe/london'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'UTC in lower case', change: (b) => (b.timezone = 'utc'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'a deprecated link in the wrong case (us/pacific)', change: (b) => (b.timezone = 'us/pacific'), expected: [{ path: ['timezone'], code: 'unknown_timezone' }] },
  { name: 'a deprecated IANA link (US/Pacific)', change: (b) => (b.timezone = 'US/Pacific'), expected: [] },
  { name: 'the timezone UTC', change: (b) => (b.timezone = 'UTC'), expected: [] },
  { name: 'the timezone Etc/GMT-14', change: (b) => (b.timezone = 'Etc/GMT-14'), expected: [] },
];

describe('snapshot semantic validation', () => {
  for (const { name, change, expected } of CASES) {
    const outcome = expected.length === 0 ? 'is valid' : `gives ${expected.map((detail) => `${detail.code} at ${detail.path.join('.')}`).join(', ')}`;
    it(`${name} ${outcome}`, () => {
      const body = completeBookingCheckRequest();
      change(body);
      if (expected.length === 0) expectValid('booking_checks', body);
      else expectDetails('booking_checks', body, expected);
    });
  }

  it('checks references in a manifest request as in a booking check', () => {
    const body = completeBookingCheckRequest();
    delete body.new_movements;
    body.movements[1].location_id = 'nowhere';
    body.drivers[0].home_warehouse_id = 'hp-wakefield';
    expectDetails('manifests', body, [
      { path: ['movements', 1, 'location_id'], code: 'unknown_reference' },
      { path: ['drivers', 0, 'home_warehouse_id'], code: 'wrong_place_type' },
    ]);
  });

  it('reports every semantic failure of a request together', () => {
    const body = completeBookingCheckRequest();
    body.timezone = 'Nowhere/Special';
    body.nuggets[0].location_id = 'nowhere';
    reversed(body.lorries[0].availability[0]);
    body.new_movements[0].id = 'deliver';
    expectDetails('booking_checks', body, [
      { path: ['timezone'], code: 'unknown_timezone' },
      { path: ['nuggets', 0, 'location_id'], code: 'unknown_reference' },
      { path: ['lorries', 0, 'availability', 0], code: 'window_reversed' },
      { path: ['new_movements', 0, 'id'], code: 'duplicate_id' },
    ]);
  });

  it('checks references only once the schema is satisfied, so a caller first sees the shape errors', () => {
    const body = completeBookingCheckRequest();
    body.nuggets[0].location_id = 'nowhere';
    body.lorries[0].nugget_capacity = 0;
    expectDetails('booking_checks', body, [{ path: ['lorries', 0, 'nugget_capacity'], code: 'below_minimum' }]);
  });

  it(`lists at most ${MAX_DETAILS} details and says how many there are`, () => {
    const body = completeBookingCheckRequest();
    for (let index = 0; index < 250; index += 1) body.nuggets.push({ id: `stray-${index}`, availability: 'in_service', location_id: `nowhere-${index}` });
    let caught: unknown;
    try {
      parser.parse('booking_checks', body);
    } catch (error) {
      caught = error;
    }
    if (!isServiceError(caught)) expect.fail('expected a ServiceError');
    expect(caught.details).to.have.lengthOf(MAX_DETAILS);
    expect(caught.details[0]).to.include({ code: 'unknown_reference' });
    expect(caught.details[0]!.path).to.deep.equal(['nuggets', 4, 'location_id']);
    expect(caught.message).to.contain('250');
  });
});

describe('the spec-limit snapshot (section 8)', function () {
  this.timeout(20_000);

  it('validates a manifest request with 500 locations, 20,000 Nuggets and legs, 200 drivers and lorries, 64 windows each and 32 refreshes per driver', () => {
    const snapshot = expectValid('manifests', JSON.parse(JSON.stringify(specLimitSnapshot())));
    expect(snapshot.locations).to.have.lengthOf(SPEC_LIMITS.locations);
    expect(snapshot.nuggets).to.have.lengthOf(SPEC_LIMITS.nuggets);
    expect(snapshot.movements).to.have.lengthOf(SPEC_LIMITS.movements);
    expect(snapshot.drivers).to.have.lengthOf(SPEC_LIMITS.drivers);
    expect(snapshot.lorries).to.have.lengthOf(SPEC_LIMITS.lorries);
    for (const driver of snapshot.drivers) {
      expect(driver.availability).to.have.lengthOf(SPEC_LIMITS.availabilityWindows);
      expect(driver.future_allowance_refreshes).to.have.lengthOf(SPEC_LIMITS.allowanceRefreshes);
      expect(driver.start_location_id, 'start_location_id defaults to home_warehouse_id').to.be.a('string');
    }
    expect(new Set(snapshot.movements.map((leg) => leg.type))).to.deep.equal(new Set(['deliver_empty', 'collect_empty', 'move_nugget']));
  });
});
