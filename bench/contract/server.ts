/**
 * The HTTP service for `npm run bench -- contract`, in its own process so that the load
 * generator does not share its event loop: the real Koa app, body limit, error envelope,
 * request log (to /dev/null) and snapshot parser.
 *
 * The service's composition root does not exist yet, so this wires `createApp` itself with an
 * access control that lets every request through (no credential store) and a planner that is
 * never reached by the 422 requests the benchmark sends (it answers 500 if it ever is, which
 * the benchmark reports). Replace with the composition root once it exists.
 *
 * Run: node --import tsx bench/contract/server.ts   (sends { port } to its parent over IPC)
 */
import type { AddressInfo } from 'node:net';
import type { Context, Next } from 'koa';
import { pino } from 'pino';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../src/config/index.ts';
import { ServiceError } from '../../src/contract/index.ts';
import { buildOpenApiDocument } from '../../src/contract/openapi.ts';
import { createApp, type AccessControl, type Planner } from '../../src/http/index.ts';
import { createSnapshotParser } from '../../src/snapshot/index.ts';

const notPlanned = async (): Promise<never> => {
  throw new ServiceError('internal_error', 'The contract benchmark has no planner.');
};
const planner: Planner = { refuseWhenFull: () => undefined, plan: notPlanned };

const openAccess: AccessControl = {
  require: () => async (_ctx: Context, next: Next) => next(),
  usage: async () => {
    throw new ServiceError('route_not_found', 'The contract benchmark has no credentials.');
  },
  solveAllowanceMs: () => 5_000,
  chargeMatrixRelations: async () => undefined,
};

const logger = pino({ level: 'info' }, pino.destination('/dev/null'));
const app = createApp({
  logger,
  parser: createSnapshotParser(),
  planner,
  access: openAccess,
  readiness: async () => ({ ready: true, checks: {} }),
  openapi: buildOpenApiDocument(),
  bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
  requestDeadlineMs: (solveAllowanceMs) => solveAllowanceMs + 5_000,
});

const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('disconnect', stop); // the benchmark went away: never outlive it
