import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isDateTimeWithOffset } from './date-time.ts';

// ajv-formats ships CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** One Ajv instance for the service: defaults applied, every error reported, no coercion. */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: true, strictTuples: false, allowUnionTypes: true, messages: true });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isDateTimeWithOffset });
  return ajv;
}
