/**
 * Spec section 2, movement legs field by field: deliver_empty, collect_empty and move_nugget,
 * in `movements` (a manifest request) and in `new_movements` (a booking check), plus the
 * discriminator: a leg without `type` takes the type its fields show, and the default fills it in.
 */
import { expect } from 'chai';
import { completeBookingCheckRequest, completeManifestRequest, type Body } from '../support/complete-snapshot.ts';
import { expectDetails, expectValid, fieldCases, unknownPropertyCase, type FieldRow, type Operation, type Path } from '../support/field-table.ts';
import { resizeNuggetIds } from '../support/resize.ts';
import { SPEC_LIMITS } from '../support/spec-limit-snapshot.ts';

const HANDLING_METHODS = ['crane', 'forklift'];

const windowRows = (object: string, at: Path): FieldRow[] => [
  { object: 'Window', field: `${object} start`, at: [...at, 'start'], type: { kind: 'date-time' }, required: true },
  { object: 'Window', field: `${object} end`, at: [...at, 'end'], type: { kind: 'date-time' }, required: true },
];

const handlingMinutes = (object: string, leg: Path, field: string): FieldRow => ({
  object,
  field,
  at: [...leg, field],
  type: { kind: 'integer', min: 1, max: SPEC_LIMITS.handlingMinutes },
  required: false,
  default: 5,
});

const common = (object: string, leg: Path, type: string): FieldRow[] => [
  { object, field: '(element)', at: leg, type: { kind: 'object' }, required: 'item' },
  { object, field: 'type', at: [...leg, 'type'], type: { kind: 'leg-type', value: type }, required: false, default: type },
  { object, field: 'id', at: [...leg, 'id'], type: { kind: 'id' }, required: true },
  { object, field: 'booking_id', at: [...leg, 'booking_id'], type: { kind: 'id' }, required: false, nullable: true },
  { object, field: 'handling_method', at: [...leg, 'handling_method'], type: { kind: 'enum', values: HANDLING_METHODS }, required: false, default: 'crane' },
];

function deliverEmptyRows(leg: Path): FieldRow[] {
  const object = 'deliver_empty';
  return [
    ...common(object, leg, 'deliver_empty'),
    { object, field: 'destination_id', at: [...leg, 'destination_id'], type: { kind: 'id' }, required: true },
    { object, field: 'window', at: [...leg, 'window'], type: { kind: 'object' }, required: true },
    ...windowRows('window', [...leg, 'window']),
    { object, field: 'quantity', at: [...leg, 'quantity'], type: { kind: 'integer', min: 1, max: SPEC_LIMITS.quantity }, required: false, default: 1 },
    {
      object,
      field: 'empty_source',
      at: [...leg, 'empty_source'],
      type: { kind: 'enum', values: ['any_available', 'warehouse_only'] },
      required: false,
      default: 'any_available',
    },
    { object, field: 'split_across_lorries', at: [...leg, 'split_across_lorries'], type: { kind: 'boolean' }, required: false, default: true },
    handlingMinutes(object, leg, 'handling_minutes_per_nugget'),
  ];
}

function collectEmptyRows(leg: Path): FieldRow[] {
  const object = 'collect_empty';
  return [
    ...common(object, leg, 'collect_empty'),
    { object, field: 'nugget_id', at: [...leg, 'nugget_id'], type: { kind: 'id' }, required: true },
    { object, field: 'location_id', at: [...leg, 'location_id'], type: { kind: 'id' }, required: true },
    { object, field: 'window', at: [...leg, 'window'], type: { kind: 'object' }, required: true },
    ...windowRows('window', [...leg, 'window']),
    { object, field: 'must_clear_by', at: [...leg, 'must_clear_by'], type: { kind: 'date-time' }, required: false, nullable: true },
    handlingMinutes(object, leg, 'handling_minutes_per_nugget'),
  ];
}

function moveNuggetRows(leg: Path): FieldRow[] {
  const object = 'move_nugget';
  return [
    ...common(object, leg, 'move_nugget'),
    {
      object,
      field: 'nugget_ids',
      at: [...leg, 'nugget_ids'],
      type: { kind: 'array', min: 1, max: SPEC_LIMITS.nuggetIds, fill: resizeNuggetIds(leg) },
      required: true,
    },
    { object, field: 'nugget_ids[]', at: [...leg, 'nugget_ids', 0], type: { kind: 'id' }, required: 'item' },
    { object, field: 'origin_id', at: [...leg, 'origin_id'], type: { kind: 'id' }, required: true },
    { object, field: 'destination_id', at: [...leg, 'destination_id'], type: { kind: 'id' }, required: true },
    { object, field: 'pickup_window', at: [...leg, 'pickup_window'], type: { kind: 'object' }, required: true },
    ...windowRows('pickup_window', [...leg, 'pickup_window']),
    { object, field: 'arrival_window', at: [...leg, 'arrival_window'], type: { kind: 'object' }, required: false, nullable: true },
    ...windowRows('arrival_window', [...leg, 'arrival_window']),
    { object, field: 'split_across_lorries', at: [...leg, 'split_across_lorries'], type: { kind: 'boolean' }, required: false, default: true },
    handlingMinutes(object, leg, 'origin_handling_minutes_per_nugget'),
    handlingMinutes(object, leg, 'destination_handling_minutes_per_nugget'),
  ];
}

/** Where legs are tested: accepted legs in a manifest request, proposed legs in a booking check. */
const COLLECTIONS: { collection: 'movements' | 'new_movements'; operation: Operation; base: () => Body }[] = [
  { collection: 'movements', operation: 'manifests', base: completeManifestRequest },
  { collection: 'new_movements', operation: 'booking_checks', base: completeBookingCheckRequest },
];

for (const { collection, operation, base } of COLLECTIONS) {
  describe(`contract fields: movement legs in ${collection} (${operation})`, () => {
    const deliver: Path = [collection, 0];
    const collect: Path = [collection, 1];
    const move: Path = [collection, 2];

    describe('deliver_empty', () => {
      for (const row of deliverEmptyRows(deliver)) fieldCases(row, operation, base);
      unknownPropertyCase('deliver_empty', deliver, operation, base);
      unknownPropertyCase('Window', [...deliver, 'window'], operation, base);
    });

    describe('collect_empty', () => {
      for (const row of collectEmptyRows(collect)) fieldCases(row, operation, base);
      unknownPropertyCase('collect_empty', collect, operation, base);
      unknownPropertyCase('Window', [...collect, 'window'], operation, base);
    });

    describe('move_nugget', () => {
      for (const row of moveNuggetRows(move)) fieldCases(row, operation, base);
      unknownPropertyCase('move_nugget', move, operation, base);
      unknownPropertyCase('Window', [...move, 'pickup_window'], operation, base);
      unknownPropertyCase('Window', [...move, 'arrival_window'], operation, base);
    });

    describe('the leg type', () => {
      it('reports a field of another leg type as an unknown property of the declared type', () => {
        const body = base();
        body[collection][0].nugget_id = 'n-2';
        body[collection][2].quantity = 2;
        expectDetails(operation, body, [
          { path: [...deliver, 'nugget_id'], code: 'unknown_property' },
          { path: [...move, 'quantity'], code: 'unknown_property' },
        ]);
      });

      it('validates a leg against the schema of its declared type', () => {
        const body = base();
        body[collection][0].type = 'collect_empty';
        expectDetails(operation, body, [
          { path: [...deliver, 'nugget_id'], code: 'required' },
          { path: [...deliver, 'location_id'], code: 'required' },
          { path: [...deliver, 'destination_id'], code: 'unknown_property' },
          { path: [...deliver, 'quantity'], code: 'unknown_property' },
          { path: [...deliver, 'empty_source'], code: 'unknown_property' },
          { path: [...deliver, 'split_across_lorries'], code: 'unknown_property' },
        ]);
      });

      it('rejects a leg that is not an object, at the element', () => {
        const body = base();
        body[collection][1] = 'collect n-2';
        expectDetails(operation, body, [{ path: collect, code: 'wrong_type' }]);
      });

      const untyped: { type: string; leg: Body; filled: Body }[] = [
        {
          type: 'deliver_empty',
          leg: { id: 'untyped', destination_id: 'cust-harrogate', window: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' } },
          filled: { quantity: 1, empty_source: 'any_available', split_across_lorries: true, handling_method: 'crane', handling_minutes_per_nugget: 5 },
        },
        {
          type: 'collect_empty',
          leg: { id: 'untyped', nugget_id: 'n-2', location_id: 'cust-harrogate', window: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' } },
          filled: { handling_method: 'crane', handling_minutes_per_nugget: 5 },
        },
        {
          type: 'move_nugget',
          leg: {
            id: 'untyped',
            nugget_ids: ['n-1'],
            origin_id: 'wh-leeds',
            destination_id: 'hp-wakefield',
            pickup_window: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' },
          },
          filled: { split_across_lorries: true, handling_method: 'crane', origin_handling_minutes_per_nugget: 5, destination_handling_minutes_per_nugget: 5 },
        },
      ];
      for (const { type, leg, filled } of untyped) {
        it(`infers ${type} for a leg without type that has only the required fields of ${type}, and fills every default`, () => {
          const body = base();
          body[collection].push(structuredClone(leg));
          const snapshot = expectValid(operation, body);
          expect((snapshot as unknown as Body)[collection].at(-1)).to.deep.equal({ ...leg, type, ...filled });
        });
      }

      it('infers collect_empty from must_clear_by alone and reports the collect_empty fields that are missing', () => {
        const body = base();
        body[collection].push({ id: 'untyped', must_clear_by: '2026-03-02T16:00:00Z', window: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T10:00:00Z' } });
        const at: Path = [collection, 3];
        expectDetails(operation, body, [
          { path: [...at, 'nugget_id'], code: 'required' },
          { path: [...at, 'location_id'], code: 'required' },
        ]);
      });

      it('infers deliver_empty for an untyped leg with no distinctive field and reports its missing fields', () => {
        const body = base();
        body[collection].push({ id: 'untyped' });
        const at: Path = [collection, 3];
        expectDetails(operation, body, [
          { path: [...at, 'destination_id'], code: 'required' },
          { path: [...at, 'window'], code: 'required' },
        ]);
      });
    });
  });
}
