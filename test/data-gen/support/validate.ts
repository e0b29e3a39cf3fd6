import { expect } from 'chai';
import type { ServiceError } from '../../../src/contract/index.ts';
import { createSnapshotParser, type Operation } from '../../../src/snapshot/index.ts';

const parser = createSnapshotParser();

/** Validates a copy (the parser fills in defaults) with the service's own contract validator; fails with its details. */
export function expectValid(operation: Operation, snapshot: unknown): void {
  try {
    parser.parse(operation, structuredClone(snapshot));
  } catch (error) {
    const details = (error as ServiceError).details ?? [];
    expect.fail(`${(error as Error).message}\n${JSON.stringify(details.slice(0, 10), null, 1)}`);
  }
}
