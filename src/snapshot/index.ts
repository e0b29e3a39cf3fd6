import type { Snapshot } from '../contract/index.ts';
import { compileSchemaValidators, validationError } from './schema-validation.ts';
import { semanticDetails } from './semantic.ts';
import { workLimitDetails } from './work-limits.ts';

export { inferLegType } from './legs.ts';
export { isDateTimeWithOffset, toEpochMs } from './date-time.ts';
export { MAX_DETAILS } from './schema-validation.ts';
export { MAX_PLANNING_PERIOD_DAYS } from './work-limits.ts';

export type Operation = 'manifests' | 'booking_checks';

export interface SnapshotParser {
  /** Validates a request body against the contract and returns the complete snapshot, or throws `validation_failed`. */
  parse(operation: Operation, body: unknown): Snapshot;
}

/** Compile once at start-up; `parse` is then cheap and safe to call concurrently. */
export function createSnapshotParser(): SnapshotParser {
  const validators = compileSchemaValidators();
  return {
    parse(operation, body) {
      const schemaDetails = validators.validate(operation, body);
      if (schemaDetails.length > 0) throw validationError(schemaDetails);
      const snapshot = body as Snapshot;
      const limits = workLimitDetails(snapshot);
      if (limits.length > 0) throw validationError(limits);
      const details = semanticDetails(snapshot);
      if (details.length > 0) throw validationError(details);
      applyDerivedDefaults(snapshot);
      return snapshot;
    },
  };
}

/** Defaults the schema cannot express because they copy another field of the same object. */
function applyDerivedDefaults(snapshot: Snapshot): void {
  for (const driver of snapshot.drivers) driver.start_location_id ??= driver.home_warehouse_id;
}
