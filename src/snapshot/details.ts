import type { ErrorObject } from 'ajv';
import type { DetailCode, ErrorDetail } from '../contract/index.ts';

export type Path = (string | number)[];

/** `/movements/3/window/start` -> ['movements', 3, 'window', 'start'] (relative to `base`). */
export function pathOf(base: Path, instancePath: string): Path {
  if (instancePath === '') return [...base];
  const parts = instancePath
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^(0|[1-9]\d*)$/.test(part) ? Number(part) : part));
  return [...base, ...parts];
}

type Describe = (error: ErrorObject) => { code: DetailCode; message: string; field?: string };

/** One function per JSON Schema keyword, instead of a long if-chain. */
const byKeyword: Record<string, Describe> = {
  required: (e) => ({ code: 'required', message: `'${e.params.missingProperty}' is required`, field: String(e.params.missingProperty) }),
  additionalProperties: (e) => ({
    code: 'unknown_property',
    message: `'${e.params.additionalProperty}' is not a known property here`,
    field: String(e.params.additionalProperty),
  }),
  type: (e) => ({ code: 'wrong_type', message: `must be ${e.params.type}` }),
  enum: (e) => ({ code: 'not_in_enum', message: `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` }),
  const: (e) => ({ code: 'wrong_constant', message: `must be ${JSON.stringify(e.params.allowedValue)}` }),
  minimum: (e) => ({ code: 'below_minimum', message: `must be >= ${e.params.limit}` }),
  exclusiveMinimum: (e) => ({ code: 'below_minimum', message: `must be > ${e.params.limit}` }),
  maximum: (e) => ({ code: 'above_maximum', message: `must be <= ${e.params.limit}` }),
  exclusiveMaximum: (e) => ({ code: 'above_maximum', message: `must be < ${e.params.limit}` }),
  minLength: (e) => ({ code: 'too_short', message: `must have at least ${e.params.limit} character(s)` }),
  maxLength: (e) => ({ code: 'too_long', message: `must have at most ${e.params.limit} characters` }),
  minItems: (e) => ({ code: 'too_few_items', message: `must have at least ${e.params.limit} item(s)` }),
  maxItems: (e) => ({ code: 'too_many_items', message: `must have at most ${e.params.limit} items` }),
  uniqueItems: (e) => ({ code: 'duplicate_items', message: `items ${e.params.j} and ${e.params.i} are identical` }),
  format: (e) =>
    e.params.format === 'date-time'
      ? { code: 'invalid_date_time', message: 'must be an ISO 8601 date-time with an offset, e.g. 2026-03-02T08:00:00Z' }
      : { code: 'invalid_value', message: `must match format ${e.params.format}` },
};

/**
 * Ajv reports a failing `anyOf` (our nullable fields) as one error per branch plus the
 * `anyOf` itself; keep one clear message per path instead.
 */
export function toDetails(errors: ErrorObject[], base: Path): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const nullableFailures = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  for (const error of errors) {
    if (error.keyword === 'anyOf') continue;
    if (nullableFailures.has(error.instancePath) && error.keyword === 'type' && error.params.type === 'null') continue;
    const describe = byKeyword[error.keyword];
    const described = describe === undefined ? { code: 'invalid_value' as const, message: error.message ?? 'is invalid' } : describe(error);
    const path = pathOf(base, error.instancePath);
    if (described.field !== undefined) path.push(described.field);
    const nullable = nullableFailures.has(error.instancePath) && error.keyword === 'type';
    details.push({ path, code: described.code, message: nullable ? `${described.message} or null` : described.message });
  }
  return details;
}
