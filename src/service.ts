/**
 * The composition root: builds every component from the validated configuration and starts
 * the HTTP server. `main.ts` is the process entry; tests start services through here too.
 */
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config/index.ts';
import { buildOpenApiDocument } from './contract/openapi.ts';
import { UsageResponse } from './contract/index.ts';
import { createAccessControl, ensureLocalCredential, openCredentialStore, serviceLimitsFrom, startControlServer, type ControlServerOptions, type CredentialStore, type IssuedCredential } from './credentials/index.ts';
import { createEngine } from './engine/index.ts';
import { createApp, type ReadinessReport } from './http/index.ts';
import { createJourneyProvider } from './journey/index.ts';
import { createPlanner } from './planning/pipeline.ts';
import { createSnapshotParser } from './snapshot/index.ts';

export interface RunningService {
  server: Server;
  port: number;
  /** The credential issued at start-up (local quick start), shown once. */
  localCredential: IssuedCredential | undefined;
  close(): Promise<void>;
}

/** models/ and every other project path resolve against the repository root, wherever the process started. */
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Time the service adds to the solve allowance before it answers 504: journey lookup, assembly, validation. */
const DEADLINE_MARGIN_MS = 15_000;

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  const store = await openCredentialStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'credential database connection lost'),
  });
  const engine = await createEngine({
    projectRoot: PROJECT_ROOT,
    ...(config.engineWorkers === undefined ? {} : { workers: config.engineWorkers }),
    queueLimit: config.engineQueueLimit,
    ...(config.minizincBin === undefined ? {} : { minizincBin: config.minizincBin }),
    requireSolvers: [config.manifestSolver, config.bookingSolver],
    logger,
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const journey = createJourneyProvider(
    { provider: config.journeyProvider, baseUrl: config.journeyBaseUrl, apiKey: config.journeyApiKey, ...config.journeyTuning },
    { logger },
  );
  const localCredential = config.issueLocalCredential ? await ensureLocalCredential(store, config.serviceEnvironment) : undefined;
  // The embedded store is locked to this process: the credentials CLI reaches it through here.
  const control = config.databaseUrl === undefined ? await startControlServer(controlOptions(config, store, logger)) : undefined;

  const readiness = async (): Promise<ReadinessReport> => {
    const database = await store.ping().then(
      () => ({ ok: true }),
      () => ({ ok: false, detail: 'credential database unreachable' }),
    );
    const solvers = engine.solvers();
    const configured = [config.manifestSolver, config.bookingSolver];
    const solverCheck = { ok: configured.every((id) => solvers.some((solver) => solver.id === id)), detail: solvers };
    return { ready: database.ok && solverCheck.ok, checks: { database, solvers: solverCheck } };
  };

  const app = createApp({
    logger,
    parser: createSnapshotParser(),
    planner: createPlanner({ engine, journey, manifestSolver: config.manifestSolver, bookingSolver: config.bookingSolver }),
    access: createAccessControl({ store, environment: config.serviceEnvironment, limits: serviceLimitsFrom(config) }),
    readiness,
    openapi: buildOpenApiDocument({ usageResponse: UsageResponse }),
    bodyLimitBytes: config.bodyLimitBytes,
    requestDeadlineMs: (solveAllowanceMs) => solveAllowanceMs + DEADLINE_MARGIN_MS,
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  // A full manifest solve may take tens of seconds; keep sockets open longer than the deadline.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  const port = (server.address() as AddressInfo).port;

  return {
    server,
    port,
    localCredential,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await engine.close();
      await control?.close();
      await store.close();
    },
  };
}

function controlOptions(config: Config, store: CredentialStore, logger: Logger): ControlServerOptions {
  return {
    dataDir: config.dataDir,
    store,
    serviceEnvironment: config.serviceEnvironment,
    onCommand: (command, exitCode) => logger.info({ command, exit_code: exitCode }, 'credentials command through the control socket'),
    onError: (error) => logger.warn({ err: error }, 'credentials control socket failed'),
  };
}
