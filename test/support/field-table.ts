/**
 * Table-driven field tests: one `FieldRow` per field of a spec table, turned into the cases the
 * spec implies (bounds just inside and just outside, wrong type, null, missing, default).
 * Every rejection asserts the exact list of details (`path` and `code`), nothing more.
 */
import { expect } from 'chai';
import { isServiceError, type DetailCode, type Snapshot } from '../../src/contract/index.ts';
import { createSnapshotParser, type Operation } from '../../src/snapshot/index.ts';
import type { Body } from './complete-snapshot.ts';

export type Path = (string | number)[];
export type { Operation };

export interface ExpectedDetail {
  path: Path;
  code: DetailCode;
}

/** One parser for the whole run, as the service compiles its validators once. */
export const parser = createSnapshotParser();

export function valueAt(body: unknown, path: Path): unknown {
  return path.reduce<any>((node, key) => (node === undefined || node === null ? undefined : node[key]), body);
}

export function setAt(body: Body, path: Path, value: unknown): void {
  const parent = valueAt(body, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
}

export function removeAt(body: Body, path: Path): void {
  const parent = valueAt(body, path.slice(0, -1)) as Record<string | number, unknown>;
  delete parent[path[path.length - 1]!];
}

/** Renames an identifier everywhere it occurs (the id itself and every reference to it). */
export function renameId(body: Body, from: string, to: string): Body {
  return JSON.parse(JSON.stringify(body).replaceAll(JSON.stringify(from), JSON.stringify(to))) as Body;
}

/** Parses and returns the snapshot; on failure shows the details, so a broken fixture is easy to see. */
export function expectValid(operation: Operation, body: unknown): Snapshot {
  try {
    return parser.parse(operation, body);
  } catch (error) {
    const details = isServiceError(error) ? JSON.stringify(error.details) : String(error);
    expect.fail(`expected a valid ${operation} request, got ${details}`);
  }
}

/** Parses and asserts a 422 `validation_failed` with exactly these details (in any order), each with a message. */
export function expectDetails(operation: Operation, body: unknown, expected: ExpectedDetail[]): void {
  let caught: unknown;
  try {
    parser.parse(operation, body);
  } catch (error) {
    caught = error;
  }
  expect(isServiceError(caught), `expected a ServiceError, got ${String(caught)}`).to.equal(true);
  if (!isServiceError(caught)) return;
  expect(caught.code).to.equal('validation_failed');
  expect(caught.status).to.equal(422);
  expect(caught.details.map(({ path, code }) => ({ path, code }))).to.have.deep.members(expected);
  for (const detail of caught.details) expect(detail.message).to.be.a('string').and.not.equal('');
}

/** A change to a request, described for the test title. */
export interface Probe {
  label: string;
  /** Returns the changed request (may be the same object, changed in place). */
  apply(body: Body): Body;
  /** The value expected at the row's path after parsing (defaults to the value set). */
  parsed?: unknown;
  /** For arrays: the length expected after parsing, instead of a value. */
  length?: number;
}

export type FieldType =
  | { kind: 'id' }
  | { kind: 'string'; inside: string[] }
  | { kind: 'date-time' }
  | { kind: 'integer'; min: number; max?: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'enum-set'; values: readonly string[] }
  | { kind: 'leg-type'; value: string }
  | { kind: 'object' }
  | { kind: 'array'; min: number; max?: number; fill(body: Body, count: number): Body };

export interface FieldRow {
  /** Spec object and field, for the test title. */
  object: string;
  field: string;
  /** Where the field is in `base()`. */
  at: Path;
  type: FieldType;
  /** `true`, `false`, or `'item'` for an array element (never missing). */
  required: boolean | 'item';
  nullable?: boolean;
  /** The value after parsing when the field is omitted (and when it is null, if `nullDefault`). */
  default?: unknown;
  /** A null value takes the default instead of staying null (start_location_id). */
  nullDefault?: boolean;
  /** Extra accepted values (probes) beyond those the type implies. */
  alsoInside?: Probe[];
}

const set = (at: Path, value: unknown, label = JSON.stringify(value)): Probe => ({
  label,
  apply: (body) => {
    setAt(body, at, value);
    return body;
  },
  parsed: value,
});

/** The same instant written with a +01:00 offset, and with fractional seconds. */
function sameInstant(value: string): { offset: string; fractional: string } {
  const ms = Date.parse(value);
  const shifted = new Date(ms + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+01:00');
  const fractional = new Date(ms).toISOString().replace(/Z$/, '').replace(/\.\d{3}$/, '.000000Z');
  return { offset: shifted, fractional };
}

/** Values that must be accepted. */
function insideProbes(row: FieldRow, base: Body): Probe[] {
  const { at, type } = row;
  const current = valueAt(base, at);
  const probes: Probe[] = [];
  switch (type.kind) {
    case 'id':
      probes.push({ label: 'a one-character id (renamed everywhere)', apply: (body) => renameId(body, current as string, 'x'), parsed: 'x' });
      break;
    case 'string':
      probes.push(...type.inside.map((value) => set(at, value)));
      break;
    case 'date-time': {
      const { offset, fractional } = sameInstant(current as string);
      probes.push(set(at, offset, `the same instant with an offset (${offset})`), set(at, fractional, `fractional seconds (${fractional})`));
      break;
    }
    case 'integer':
      probes.push(set(at, type.min, `the minimum ${type.min}`));
      probes.push(type.max === undefined ? set(at, 1_000_000) : set(at, type.max, `the maximum ${type.max}`));
      break;
    case 'number':
      probes.push(set(at, type.min, `the minimum ${type.min}`), set(at, type.max, `the maximum ${type.max}`), set(at, 0));
      break;
    case 'boolean':
      probes.push(set(at, true), set(at, false));
      break;
    case 'enum':
      probes.push(...type.values.map((value) => set(at, value)));
      break;
    case 'enum-set':
      probes.push(set(at, []), ...type.values.map((value) => set(at, [value])), set(at, [...type.values]));
      break;
    case 'leg-type':
      probes.push(set(at, type.value));
      break;
    case 'object':
      break;
    case 'array': {
      const sizes = [type.min, ...(type.min === 1 ? [] : [1]), ...(type.max === undefined ? [] : [type.max])];
      for (const size of sizes) {
        const bound = size === type.min ? ' (minimum)' : size === type.max ? ' (maximum)' : '';
        probes.push({ label: `${size} item(s)${bound}`, apply: (body) => type.fill(body, size), length: size });
      }
      break;
    }
  }
  if (row.nullable === true) probes.push({ ...set(at, null), parsed: row.nullDefault === true ? row.default : null });
  return [...probes, ...(row.alsoInside ?? [])];
}

interface Rejection {
  probe: Probe;
  expected: ExpectedDetail[];
}

/** Values that must be rejected, with the exact detail each gives. */
function outsideProbes(row: FieldRow): Rejection[] {
  const { at, type } = row;
  const one = (probe: Probe, code: DetailCode, path: Path = at): Rejection => ({ probe, expected: [{ path, code }] });
  const rejections: Rejection[] = [];
  const notNull = (code: DetailCode) => (row.nullable === true ? [] : [one(set(at, null), code)]);
  switch (type.kind) {
    case 'id':
      rejections.push(one(set(at, ''), 'too_short'), one(set(at, 42), 'wrong_type'), ...notNull('wrong_type'));
      break;
    case 'string':
      rejections.push(one(set(at, ''), 'too_short'), one(set(at, 42), 'wrong_type'), ...notNull('wrong_type'));
      break;
    case 'date-time':
      rejections.push(
        one(set(at, '2026-03-02T08:00:00', 'no offset (2026-03-02T08:00:00)'), 'invalid_date_time'),
        one(set(at, '2026-02-30T00:00:00Z', 'an impossible date (2026-02-30T00:00:00Z)'), 'invalid_date_time'),
        one(set(at, '2026-03-02T24:00:00Z', 'hour 24'), 'invalid_date_time'),
        one(set(at, '2026-03-02', 'a date without time'), 'invalid_date_time'),
        one(set(at, '2026-03-02T08:00:00+14:01', 'an offset beyond +14:00'), 'invalid_date_time'),
        one(set(at, '2026-03-02T08:00:00-15:00', 'an offset beyond -14:00'), 'invalid_date_time'),
        one(set(at, 1772438400000, 'epoch milliseconds'), 'wrong_type'),
        ...notNull('wrong_type'),
      );
      break;
    case 'integer':
      rejections.push(one(set(at, type.min - 1, `just below the minimum (${type.min - 1})`), 'below_minimum'));
      if (type.max !== undefined) rejections.push(one(set(at, type.max + 1, `just above the maximum (${type.max + 1})`), 'above_maximum'));
      rejections.push(one(set(at, type.min + 0.5, 'a fraction'), 'wrong_type'), one(set(at, String(type.min)), 'wrong_type'), ...notNull('wrong_type'));
      break;
    case 'number':
      rejections.push(
        one(set(at, type.min - 1e-6, `just below the minimum (${type.min - 1e-6})`), 'below_minimum'),
        one(set(at, type.max + 1e-6, `just above the maximum (${type.max + 1e-6})`), 'above_maximum'),
        one(set(at, '1.5'), 'wrong_type'),
        ...notNull('wrong_type'),
      );
      break;
    case 'boolean':
      rejections.push(one(set(at, 'true'), 'wrong_type'), one(set(at, 1), 'wrong_type'), ...notNull('wrong_type'));
      break;
    case 'enum':
      rejections.push(
        one(set(at, 'unknown_value'), 'not_in_enum'),
        one(set(at, type.values[0]!.toUpperCase()), 'not_in_enum'),
        one(set(at, 7), 'not_in_enum'),
        ...notNull('not_in_enum'),
      );
      break;
    case 'enum-set':
      rejections.push(
        one(set(at, [type.values[0], type.values[0]]), 'duplicate_items'),
        one(set(at, ['unknown_value']), 'not_in_enum', [...at, 0]),
        one(set(at, type.values[0]), 'wrong_type'),
        ...notNull('wrong_type'),
      );
      break;
    case 'leg-type':
      rejections.push(one(set(at, 'pickup'), 'unknown_leg_type'), one(set(at, 7), 'unknown_leg_type'), one(set(at, null), 'unknown_leg_type'));
      break;
    case 'object':
      rejections.push(one(set(at, 'object'), 'wrong_type'), one(set(at, []), 'wrong_type'), ...notNull('wrong_type'));
      break;
    case 'array':
      if (type.min > 0) {
        rejections.push(one({ label: `${type.min - 1} item(s) (below the minimum)`, apply: (body) => type.fill(body, type.min - 1) }, 'too_few_items'));
      }
      if (type.max !== undefined) {
        const max = type.max;
        rejections.push(one({ label: `${max + 1} items (above the maximum)`, apply: (body) => type.fill(body, max + 1) }, 'too_many_items'));
      }
      rejections.push(one(set(at, {}), 'wrong_type'), ...notNull('wrong_type'));
      break;
  }
  return rejections;
}

/** Registers the mocha cases of one row against a base request. */
export function fieldCases(row: FieldRow, operation: Operation, base: () => Body): void {
  describe(`${row.object}.${row.field} at ${row.at.join('.')}`, () => {
    for (const probe of insideProbes(row, base())) {
      it(`accepts ${probe.label}`, () => {
        const snapshot = expectValid(operation, probe.apply(base()));
        if (probe.length !== undefined) expect(valueAt(snapshot, row.at)).to.have.lengthOf(probe.length);
        else expect(valueAt(snapshot, row.at)).to.deep.equal(probe.parsed);
      });
    }
    for (const { probe, expected } of outsideProbes(row)) {
      it(`rejects ${probe.label} with ${expected.map((detail) => detail.code).join(', ')}`, () => {
        expectDetails(operation, probe.apply(base()), expected);
      });
    }
    if (row.required === true) {
      it('rejects the field missing with required', () => {
        const body = base();
        removeAt(body, row.at);
        expectDetails(operation, body, [{ path: row.at, code: 'required' }]);
      });
    } else if (row.required === false) {
      const outcome = row.default === undefined ? 'leaves it absent' : `applies the default ${JSON.stringify(row.default)}`;
      it(`accepts the field omitted and ${outcome}`, () => {
        const body = base();
        removeAt(body, row.at);
        const snapshot = expectValid(operation, body);
        if (row.default === undefined) expect(valueAt(snapshot, row.at.slice(0, -1))).not.to.have.property(String(row.at[row.at.length - 1]));
        else expect(valueAt(snapshot, row.at)).to.deep.equal(row.default);
      });
    }
  });
}

/** Registers the unknown-property case for an object at `at`. */
export function unknownPropertyCase(object: string, at: Path, operation: Operation, base: () => Body): void {
  it(`${object} at ${at.join('.') || '(root)'} rejects an unknown property`, () => {
    const body = base();
    (valueAt(body, at) as Body).zz_unknown = 1;
    expectDetails(operation, body, [{ path: [...at, 'zz_unknown'], code: 'unknown_property' }]);
  });
}
