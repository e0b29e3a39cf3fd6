/**
 * Spec section 2, field by field: Driver, DriverAllowances, AllowanceRefresh and Lorry
 * (with their availability Windows). One row per field of the spec tables.
 */
import { expect } from 'chai';
import { completeBookingCheckRequest, completeManifestRequest, type Body } from '../support/complete-snapshot.ts';
import { expectDetails, expectValid, fieldCases, unknownPropertyCase, type FieldRow, type Operation, type Path } from '../support/field-table.ts';
import { resizeAvailability, resizeRefreshes } from '../support/resize.ts';
import { SPEC_LIMITS } from '../support/spec-limit-snapshot.ts';

const BASES: Record<Operation, () => Body> = { manifests: completeManifestRequest, booking_checks: completeBookingCheckRequest };

const windowRows = (at: Path): FieldRow[] => [
  { object: 'Window', field: '(element)', at, type: { kind: 'object' }, required: 'item' },
  { object: 'Window', field: 'start', at: [...at, 'start'], type: { kind: 'date-time' }, required: true },
  { object: 'Window', field: 'end', at: [...at, 'end'], type: { kind: 'date-time' }, required: true },
];

const minutes = (object: string, owner: Path, field: string, fallback: 0 | undefined, nullable = false): FieldRow => ({
  object,
  field,
  at: [...owner, field],
  type: { kind: 'integer', min: 0 },
  required: false,
  nullable,
  ...(fallback === undefined ? {} : { default: fallback }),
});

const DRIVER: Path = ['drivers', 0];
const DRIVER_ROWS: FieldRow[] = [
  { object: 'Driver', field: '(element)', at: DRIVER, type: { kind: 'object' }, required: 'item' },
  { object: 'Driver', field: 'id', at: [...DRIVER, 'id'], type: { kind: 'id' }, required: true },
  { object: 'Driver', field: 'home_warehouse_id', at: [...DRIVER, 'home_warehouse_id'], type: { kind: 'id' }, required: true },
  {
    object: 'Driver',
    field: 'start_location_id',
    at: [...DRIVER, 'start_location_id'],
    type: { kind: 'id' },
    required: false,
    nullable: true,
    default: 'wh-leeds', // the driver's home_warehouse_id
    nullDefault: true,
  },
  {
    object: 'Driver',
    field: 'availability',
    at: [...DRIVER, 'availability'],
    type: { kind: 'array', min: 1, max: SPEC_LIMITS.availabilityWindows, fill: resizeAvailability(DRIVER) },
    required: true,
  },
  ...windowRows([...DRIVER, 'availability', 0]),
  {
    object: 'Driver',
    field: 'qualifications',
    at: [...DRIVER, 'qualifications'],
    type: { kind: 'enum-set', values: ['hgv_c', 'hgv_ce', 'crane', 'forklift'] },
    required: false,
    default: ['crane', 'hgv_c'],
  },
  { object: 'Driver', field: 'fleet_check_allowances', at: [...DRIVER, 'fleet_check_allowances'], type: { kind: 'object' }, required: false, nullable: true },
  {
    object: 'Driver',
    field: 'future_allowance_refreshes',
    at: [...DRIVER, 'future_allowance_refreshes'],
    type: { kind: 'array', min: 0, max: SPEC_LIMITS.allowanceRefreshes, fill: resizeRefreshes },
    required: false,
    default: [],
  },
];

const ALLOWANCES: Path = [...DRIVER, 'fleet_check_allowances'];
const ALLOWANCE_ROWS: FieldRow[] = [
  { object: 'DriverAllowances', field: 'observed_at', at: [...ALLOWANCES, 'observed_at'], type: { kind: 'date-time' }, required: true },
  minutes('DriverAllowances', ALLOWANCES, 'driving_today_minutes', 0),
  minutes('DriverAllowances', ALLOWANCES, 'driving_this_week_minutes', 0),
  minutes('DriverAllowances', ALLOWANCES, 'driving_previous_week_minutes', 0),
  minutes('DriverAllowances', ALLOWANCES, 'driving_since_break_minutes', 0),
  minutes('DriverAllowances', ALLOWANCES, 'working_since_break_minutes', 0),
  { object: 'DriverAllowances', field: 'last_break_ended_at', at: [...ALLOWANCES, 'last_break_ended_at'], type: { kind: 'date-time' }, required: false, nullable: true },
];

const REFRESH: Path = [...DRIVER, 'future_allowance_refreshes', 0];
const REFRESH_ROWS: FieldRow[] = [
  { object: 'AllowanceRefresh', field: '(element)', at: REFRESH, type: { kind: 'object' }, required: 'item' },
  { object: 'AllowanceRefresh', field: 'effective_at', at: [...REFRESH, 'effective_at'], type: { kind: 'date-time' }, required: true },
  minutes('AllowanceRefresh', REFRESH, 'driving_today_minutes', 0),
  minutes('AllowanceRefresh', REFRESH, 'driving_this_week_minutes', undefined, true),
  minutes('AllowanceRefresh', REFRESH, 'driving_previous_week_minutes', undefined, true),
  minutes('AllowanceRefresh', REFRESH, 'driving_since_break_minutes', 0),
  minutes('AllowanceRefresh', REFRESH, 'working_since_break_minutes', 0),
  { object: 'AllowanceRefresh', field: 'last_break_ended_at', at: [...REFRESH, 'last_break_ended_at'], type: { kind: 'date-time' }, required: false, nullable: true },
];

const LORRY: Path = ['lorries', 0];
const LORRY_ROWS: FieldRow[] = [
  { object: 'Lorry', field: '(element)', at: LORRY, type: { kind: 'object' }, required: 'item' },
  { object: 'Lorry', field: 'id', at: [...LORRY, 'id'], type: { kind: 'id' }, required: true },
  { object: 'Lorry', field: 'start_location_id', at: [...LORRY, 'start_location_id'], type: { kind: 'id' }, required: true },
  {
    object: 'Lorry',
    field: 'availability',
    at: [...LORRY, 'availability'],
    type: { kind: 'array', min: 1, max: SPEC_LIMITS.availabilityWindows, fill: resizeAvailability(LORRY) },
    required: true,
  },
  ...windowRows([...LORRY, 'availability', 0]),
  { object: 'Lorry', field: 'nugget_capacity', at: [...LORRY, 'nugget_capacity'], type: { kind: 'integer', min: 1 }, required: false, default: 4 },
  { object: 'Lorry', field: 'equipment', at: [...LORRY, 'equipment'], type: { kind: 'enum-set', values: ['crane', 'forklift'] }, required: false, default: ['crane'] },
];

for (const operation of ['manifests', 'booking_checks'] as const) {
  const base = BASES[operation];
  describe(`contract fields (${operation}): drivers and lorries`, () => {
    describe('Driver', () => {
      for (const row of DRIVER_ROWS) fieldCases(row, operation, base);
      unknownPropertyCase('Driver', DRIVER, operation, base);
      unknownPropertyCase('Window', [...DRIVER, 'availability', 0], operation, base);
    });

    describe('DriverAllowances', () => {
      for (const row of ALLOWANCE_ROWS) fieldCases(row, operation, base);
      unknownPropertyCase('DriverAllowances', ALLOWANCES, operation, base);
    });

    describe('AllowanceRefresh', () => {
      for (const row of REFRESH_ROWS) fieldCases(row, operation, base);
      unknownPropertyCase('AllowanceRefresh', REFRESH, operation, base);
    });

    describe('Lorry', () => {
      for (const row of LORRY_ROWS) fieldCases(row, operation, base);
      unknownPropertyCase('Lorry', LORRY, operation, base);
      unknownPropertyCase('Window', [...LORRY, 'availability', 0], operation, base);
    });
  });
}

describe('contract fields: defaults of a driver and a lorry given with required fields only', () => {
  it('fills every default of the Driver, DriverAllowances, AllowanceRefresh and Lorry tables', () => {
    const body = completeManifestRequest();
    const window = { start: '2026-03-02T07:00:00Z', end: '2026-03-02T17:00:00Z' };
    body.drivers = [
      { id: 'd-1', home_warehouse_id: 'wh-leeds', availability: [window] },
      {
        id: 'd-2',
        home_warehouse_id: 'wh-leeds',
        availability: [window],
        fleet_check_allowances: { observed_at: '2026-03-01T17:00:00Z' },
        future_allowance_refreshes: [{ effective_at: '2026-03-03T05:00:00Z' }],
      },
    ];
    body.lorries = [{ id: 'l-1', start_location_id: 'wh-leeds', availability: [window] }];
    const snapshot = expectValid('manifests', body);
    expect(snapshot.drivers).to.deep.equal([
      { id: 'd-1', home_warehouse_id: 'wh-leeds', start_location_id: 'wh-leeds', availability: [window], qualifications: ['crane', 'hgv_c'], future_allowance_refreshes: [] },
      {
        id: 'd-2',
        home_warehouse_id: 'wh-leeds',
        start_location_id: 'wh-leeds',
        availability: [window],
        qualifications: ['crane', 'hgv_c'],
        fleet_check_allowances: {
          observed_at: '2026-03-01T17:00:00Z',
          driving_today_minutes: 0,
          driving_this_week_minutes: 0,
          driving_previous_week_minutes: 0,
          driving_since_break_minutes: 0,
          working_since_break_minutes: 0,
        },
        future_allowance_refreshes: [
          { effective_at: '2026-03-03T05:00:00Z', driving_today_minutes: 0, driving_since_break_minutes: 0, working_since_break_minutes: 0 },
        ],
      },
    ]);
    expect(snapshot.lorries).to.deep.equal([{ id: 'l-1', start_location_id: 'wh-leeds', availability: [window], nugget_capacity: 4, equipment: ['crane'] }]);
  });

  it('gives each driver its own default arrays (defaults are never shared objects)', () => {
    const body = completeManifestRequest();
    const window = { start: '2026-03-02T07:00:00Z', end: '2026-03-02T17:00:00Z' };
    body.drivers = [
      { id: 'd-1', home_warehouse_id: 'wh-leeds', availability: [window] },
      { id: 'd-2', home_warehouse_id: 'wh-leeds', availability: [window] },
    ];
    const [first, second] = expectValid('manifests', body).drivers;
    first!.qualifications.push('forklift');
    first!.future_allowance_refreshes.push({ effective_at: '2026-03-03T05:00:00Z', driving_today_minutes: 0, driving_since_break_minutes: 0, working_since_break_minutes: 0 });
    expect(second!.qualifications).to.deep.equal(['crane', 'hgv_c']);
    expect(second!.future_allowance_refreshes).to.deep.equal([]);
    expect(expectValid('manifests', { ...completeManifestRequest(), drivers: [{ id: 'd-3', home_warehouse_id: 'wh-leeds', availability: [window] }] }).drivers[0]!.qualifications).to.deep.equal(['crane', 'hgv_c']);
  });

  it('rejects qualifications and equipment that repeat a value, at the array', () => {
    const body = completeManifestRequest();
    body.drivers[0].qualifications = ['hgv_c', 'crane', 'hgv_c'];
    body.lorries[0].equipment = ['forklift', 'forklift'];
    expectDetails('manifests', body, [
      { path: ['drivers', 0, 'qualifications'], code: 'duplicate_items' },
      { path: ['lorries', 0, 'equipment'], code: 'duplicate_items' },
    ]);
  });
});
