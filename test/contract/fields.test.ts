/**
 * Spec section 2, field by field: the request snapshot, Window, Place and Nugget.
 * Drivers and lorries are in drivers-lorries.test.ts, movement legs in legs.test.ts.
 * One row per field of the spec tables; test/support/field-table.ts turns each row into cases.
 */
import { expect } from 'chai';
import { completeBookingCheckRequest, completeManifestRequest, type Body } from '../support/complete-snapshot.ts';
import { isServiceError } from '../../src/contract/index.ts';
import { MAX_DETAILS } from '../../src/snapshot/index.ts';
import { expectDetails, expectValid, fieldCases, parser, unknownPropertyCase, type FieldRow, type Operation } from '../support/field-table.ts';
import { resizeDrivers, resizeLocations, resizeLorries, resizeMovements, resizeNewMovements, resizeNuggets } from '../support/resize.ts';
import { SPEC_LIMITS } from '../support/spec-limit-snapshot.ts';

const BASES: Record<Operation, () => Body> = { manifests: completeManifestRequest, booking_checks: completeBookingCheckRequest };
const OPERATIONS: Operation[] = ['manifests', 'booking_checks'];

const windowRows = (object: string, at: (string | number)[]): FieldRow[] => [
  { object, field: 'start', at: [...at, 'start'], type: { kind: 'date-time' }, required: true },
  { object, field: 'end', at: [...at, 'end'], type: { kind: 'date-time' }, required: true },
];

/** Request snapshot (common to both operations). */
const SNAPSHOT_ROWS: FieldRow[] = [
  { object: 'Snapshot', field: 'data_as_of', at: ['data_as_of'], type: { kind: 'date-time' }, required: true },
  { object: 'Snapshot', field: 'planning_period', at: ['planning_period'], type: { kind: 'object' }, required: true },
  ...windowRows('Window', ['planning_period']),
  {
    object: 'Snapshot',
    field: 'timezone',
    at: ['timezone'],
    type: { kind: 'string', inside: ['UTC', 'America/New_York', 'Europe/London'] },
    required: false,
    default: 'Europe/London',
  },
  {
    object: 'Snapshot',
    field: 'locations',
    at: ['locations'],
    type: { kind: 'array', min: 1, max: SPEC_LIMITS.locations, fill: resizeLocations },
    required: true,
  },
  { object: 'Snapshot', field: 'nuggets', at: ['nuggets'], type: { kind: 'array', min: 0, max: SPEC_LIMITS.nuggets, fill: resizeNuggets }, required: true },
  {
    object: 'Snapshot',
    field: 'movements',
    at: ['movements'],
    type: { kind: 'array', min: 0, max: SPEC_LIMITS.movements, fill: resizeMovements },
    required: true,
  },
  { object: 'Snapshot', field: 'drivers', at: ['drivers'], type: { kind: 'array', min: 1, max: SPEC_LIMITS.drivers, fill: resizeDrivers }, required: true },
  { object: 'Snapshot', field: 'lorries', at: ['lorries'], type: { kind: 'array', min: 1, max: SPEC_LIMITS.lorries, fill: resizeLorries }, required: true },
];

const NEW_MOVEMENTS_ROW: FieldRow = {
  object: 'Snapshot',
  field: 'new_movements',
  at: ['new_movements'],
  type: { kind: 'array', min: 1, max: SPEC_LIMITS.new_movements, fill: resizeNewMovements },
  required: true,
};

/** Place, at locations[2] (the handover point: any place type may stand there). */
const PLACE = ['locations', 2];
const PLACE_ROWS: FieldRow[] = [
  { object: 'Place', field: '(element)', at: PLACE, type: { kind: 'object' }, required: 'item' },
  { object: 'Place', field: 'id', at: [...PLACE, 'id'], type: { kind: 'id' }, required: true },
  { object: 'Place', field: 'name', at: [...PLACE, 'name'], type: { kind: 'string', inside: ['A'] }, required: false, nullable: true },
  { object: 'Place', field: 'type', at: [...PLACE, 'type'], type: { kind: 'enum', values: ['warehouse', 'customer_property', 'handover_point'] }, required: true },
  { object: 'Place', field: 'latitude', at: [...PLACE, 'latitude'], type: { kind: 'number', min: -90, max: 90 }, required: true },
  { object: 'Place', field: 'longitude', at: [...PLACE, 'longitude'], type: { kind: 'number', min: -180, max: 180 }, required: true },
  { object: 'Place', field: 'nugget_capacity', at: [...PLACE, 'nugget_capacity'], type: { kind: 'integer', min: 0 }, required: false, nullable: true },
];

/** Nugget: nuggets[3] is on hire, nuggets[2] is reserved for the accepted deliver_empty leg. */
const ON_HIRE = ['nuggets', 3];
const RESERVED = ['nuggets', 2];
const NUGGET_ROWS: FieldRow[] = [
  { object: 'Nugget', field: '(element)', at: ON_HIRE, type: { kind: 'object' }, required: 'item' },
  { object: 'Nugget', field: 'id', at: [...ON_HIRE, 'id'], type: { kind: 'id' }, required: true },
  {
    object: 'Nugget',
    field: 'availability',
    at: [...ON_HIRE, 'availability'],
    type: { kind: 'enum', values: ['in_service', 'in_maintenance', 'quarantined', 'destroyed'] },
    required: true,
  },
  { object: 'Nugget', field: 'location_id', at: [...ON_HIRE, 'location_id'], type: { kind: 'id' }, required: true },
  { object: 'Nugget', field: 'on_hire_to_customer_id', at: [...ON_HIRE, 'on_hire_to_customer_id'], type: { kind: 'id' }, required: false, nullable: true },
  { object: 'Nugget', field: 'reserved_for_movement_id', at: [...RESERVED, 'reserved_for_movement_id'], type: { kind: 'id' }, required: false, nullable: true },
];

for (const operation of OPERATIONS) {
  const base = BASES[operation];
  describe(`contract fields (${operation})`, () => {
    it('the complete request of test/support is valid', () => {
      expectValid(operation, base());
    });

    describe('Request snapshot', () => {
      for (const row of SNAPSHOT_ROWS) fieldCases(row, operation, base);
      if (operation === 'booking_checks') fieldCases(NEW_MOVEMENTS_ROW, operation, base);

      it('rejects a body that is not an object', () => {
        for (const body of [[], null, 'snapshot', 42]) expectDetails(operation, body, [{ path: [], code: 'wrong_type' }]);
      });
      unknownPropertyCase('Snapshot', [], operation, base);
      unknownPropertyCase('Window', ['planning_period'], operation, base);
    });

    describe('Place', () => {
      for (const row of PLACE_ROWS) fieldCases(row, operation, base);
      unknownPropertyCase('Place', PLACE, operation, base);
    });

    describe('Nugget', () => {
      for (const row of NUGGET_ROWS) fieldCases(row, operation, base);
      unknownPropertyCase('Nugget', ON_HIRE, operation, base);
    });
  });
}

describe('contract fields: the two request shapes', () => {
  it('a manifest request rejects new_movements as an unknown property', () => {
    const body = completeBookingCheckRequest();
    expectDetails('manifests', body, [{ path: ['new_movements'], code: 'unknown_property' }]);
  });

  it('a booking check without new_movements is missing a required field', () => {
    expectDetails('booking_checks', completeManifestRequest(), [{ path: ['new_movements'], code: 'required' }]);
  });

  it('reports every failure of one request, each at its own path', () => {
    const body = completeManifestRequest();
    body.locations[0].latitude = 91;
    body.nuggets[1].availability = 'lost';
    body.planning_period.end = '2026-03-03T23:59:59';
    delete body.lorries[0].start_location_id;
    expectDetails('manifests', body, [
      { path: ['locations', 0, 'latitude'], code: 'above_maximum' },
      { path: ['nuggets', 1, 'availability'], code: 'not_in_enum' },
      { path: ['planning_period', 'end'], code: 'invalid_date_time' },
      { path: ['lorries', 0, 'start_location_id'], code: 'required' },
    ]);
  });

  it(`lists at most ${MAX_DETAILS} schema failures and says how many there are`, () => {
    const body = completeManifestRequest();
    for (let index = 0; index < 300; index += 1) body.nuggets.push({ id: `bad-${index}`, availability: 'lost', location_id: 'wh-leeds' });
    let caught: unknown;
    try {
      parser.parse('manifests', body);
    } catch (error) {
      caught = error;
    }
    if (!isServiceError(caught)) expect.fail('expected a ServiceError');
    expect(caught.details).to.have.lengthOf(MAX_DETAILS);
    expect(caught.details[0]).to.deep.include({ path: ['nuggets', 4, 'availability'], code: 'not_in_enum' });
    expect(caught.message).to.contain('300');
  });

  it('returns the complete snapshot with the values it was sent', () => {
    const snapshot = expectValid('booking_checks', completeBookingCheckRequest());
    expect(snapshot).to.deep.equal(completeBookingCheckRequest());
  });
});
