import Type from 'typebox';
import type { ValidateFunction } from 'ajv';
import {
  BookingCheckRequest,
  CollectEmpty,
  DeliverEmpty,
  ManifestRequest,
  MoveNugget,
  ServiceError,
  type ErrorDetail,
  type LegType,
} from '../contract/index.ts';
import { createAjv } from './ajv.ts';
import { toDetails, type Path } from './details.ts';
import { inferLegType } from './legs.ts';

/** Details beyond this many are summarised: a 20,000-leg snapshot can fail everywhere at once. */
export const MAX_DETAILS = 100;

type Operation = 'manifests' | 'booking_checks';

/** The snapshot with movement legs left open: legs are dispatched on their type and validated one by one. */
function shellOf(schema: typeof ManifestRequest | typeof BookingCheckRequest) {
  const properties = { ...schema.properties } as Record<string, Type.TSchema>;
  for (const key of ['movements', 'new_movements']) {
    const array = properties[key] as (Type.TSchema & { maxItems?: number; minItems?: number }) | undefined;
    if (array !== undefined) {
      properties[key] = Type.Array(Type.Unknown(), {
        ...(array.minItems === undefined ? {} : { minItems: array.minItems }),
        ...(array.maxItems === undefined ? {} : { maxItems: array.maxItems }),
      });
    }
  }
  return Type.Object(properties, { additionalProperties: false });
}

export interface SchemaValidators {
  /** Validates in place (defaults are written into `body`); returns the details of every failure. */
  validate(operation: Operation, body: unknown): ErrorDetail[];
}

/** Compiles every validator once (service start-up). */
export function compileSchemaValidators(): SchemaValidators {
  const ajv = createAjv();
  const shells: Record<Operation, ValidateFunction> = {
    manifests: ajv.compile(shellOf(ManifestRequest)),
    booking_checks: ajv.compile(shellOf(BookingCheckRequest)),
  };
  const legValidators: Record<LegType, ValidateFunction> = {
    deliver_empty: ajv.compile(DeliverEmpty),
    collect_empty: ajv.compile(CollectEmpty),
    move_nugget: ajv.compile(MoveNugget),
  };

  function validateLegs(legs: unknown[], base: Path, details: ErrorDetail[]): void {
    legs.forEach((leg, index) => {
      if (details.length >= MAX_DETAILS) return;
      const path = [...base, index];
      if (typeof leg !== 'object' || leg === null || Array.isArray(leg)) {
        details.push({ path, code: 'wrong_type', message: 'must be object' });
        return;
      }
      const record = leg as Record<string, unknown>;
      const type = inferLegType(record);
      if (type === undefined) {
        details.push({ path: [...path, 'type'], code: 'unknown_leg_type', message: 'must be "deliver_empty", "collect_empty" or "move_nugget"' });
        return;
      }
      const validateLeg = legValidators[type];
      if (!validateLeg(record)) details.push(...toDetails(validateLeg.errors ?? [], path));
    });
  }

  return {
    validate(operation, body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return [{ path: [], code: 'wrong_type', message: 'the request body must be a JSON object' }];
      }
      const validateShell = shells[operation];
      const details: ErrorDetail[] = validateShell(body) ? [] : toDetails(validateShell.errors ?? [], []);
      const record = body as Record<string, unknown>;
      for (const key of ['movements', 'new_movements']) {
        const legs = record[key];
        if (Array.isArray(legs)) validateLegs(legs, [key], details);
      }
      return details;
    },
  };
}

export function validationError(details: ErrorDetail[]): ServiceError {
  const shown = details.slice(0, MAX_DETAILS);
  const more = details.length > MAX_DETAILS ? ` (the first ${MAX_DETAILS} are listed)` : '';
  return new ServiceError('validation_failed', `The request has ${details.length} invalid field(s)${more}.`, { details: shown });
}
