/**
 * The service's real Koa app (createApp) with the real snapshot parser and the real credential
 * enforcement, listening on loopback, for tests of the trial-credential behaviour over HTTP.
 * The planner is not part of these tests: requests that pass the credential checks carry
 * bodies the parser refuses (422), which still count as requests, so the planner is never
 * reached; if it were, the request would fail with a 500 and so would the test.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { buildOpenApiDocument } from '../../src/contract/openapi.ts';
import { UsageResponse } from '../../src/contract/schemas/usage.ts';
import { createAccessControl, type CredentialStore, type ServiceLimits } from '../../src/credentials/index.ts';
import { createApp, type AccessControl, type Planner } from '../../src/http/index.ts';
import { createSnapshotParser } from '../../src/snapshot/index.ts';

export const TEST_SERVICE_LIMITS: ServiceLimits = {
  requests_per_minute: null,
  total_requests: null,
  matrix_relations_per_request: null,
  matrix_relations_total: null,
  max_manifest_solve_seconds: 30,
  max_booking_check_solve_seconds: 5,
};

const plannerNotInThisTest: Planner = {
  refuseWhenFull: () => undefined,
  plan: () => Promise.reject(new Error('the planner is not part of the credential tests')),
};

export interface RunningApp {
  baseUrl: string;
  access: AccessControl;
  /** Every log line the app wrote. */
  logLines: string[];
  close(): Promise<void>;
}

export function credentialApp(options: { store: CredentialStore; environment: string; limits?: ServiceLimits; logger?: Logger }) {
  const access = createAccessControl({ store: options.store, environment: options.environment, limits: options.limits ?? TEST_SERVICE_LIMITS });
  const app = createApp({
    logger: options.logger ?? pino({ level: 'silent' }),
    parser: createSnapshotParser(),
    planner: plannerNotInThisTest,
    access,
    readiness: async () => ({ ready: true, checks: {} }),
    openapi: buildOpenApiDocument({ usageResponse: UsageResponse }),
    bodyLimitBytes: 1024 * 1024,
    requestDeadlineMs: (solveAllowanceMs) => solveAllowanceMs + 10_000,
  });
  return { app, access };
}

/** Starts the app on 127.0.0.1 and a free port, logging every line (at trace level) into `logLines`. */
export async function startCredentialApp(options: { store: CredentialStore; environment: string; limits?: ServiceLimits }): Promise<RunningApp> {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter((line) => line !== ''));
      done();
    },
  });
  const { app, access } = credentialApp({ ...options, logger: pino({ level: 'trace' }, sink) });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    access,
    logLines,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
