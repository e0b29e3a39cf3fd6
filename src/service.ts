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
import { ServiceError, UsageResponse } from './contract/index.ts';
import { createAccessControl, ensureLocalCredential, openCredentialStore, serviceLimitsFrom, startControlServer, type ControlServerOptions, type CredentialStore, type IssuedCredential } from './credentials/index.ts';
import { configureConnections, createApp, type ReadinessReport } from './http/index.ts';
import { createSnapshotParser } from './snapshot/index.ts';
import { PlanningPool, type PlanningPoolState, type PlanningWorkerOptions } from './workers/index.ts';

export interface RunningService {
  server: Server;
  port: number;
  /** The credential issued at start-up (local quick start), shown once. */
  localCredential: IssuedCredential | undefined;
  /** Busy workers, queue depth, capacity and saturation of the planning pool (for metrics). */
  planningState(): PlanningPoolState;
  /**
   * Graceful stop (SIGTERM): stops accepting, lets in-flight plans finish within
   * SHUTDOWN_GRACE_SECONDS (or `graceMs`), then cancels them (their callers get 503) and closes.
   */
  close(graceMs?: number): Promise<void>;
}

/** models/ and every other project path resolve against the repository root, wherever the process started. */
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  const store = await openCredentialStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onIdleConnectionError: (error) => logger.warn({ err: error }, 'credential database connection lost'),
  });
  const pool = await PlanningPool.start({
    workers: config.planningWorkers,
    queueLimit: config.planningQueueLimit,
    worker: planningWorkerOptions(config),
    logger,
  }).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const localCredential = config.issueLocalCredential ? await ensureLocalCredential(store, config.serviceEnvironment) : undefined;
  // The embedded store is locked to this process: the credentials CLI reaches it through here.
  const control = config.databaseUrl === undefined ? await startControlServer(controlOptions(config, store, logger)) : undefined;

  const readiness = async (): Promise<ReadinessReport> => {
    const database = await store.ping().then(
      () => ({ ok: true }),
      () => ({ ok: false, detail: 'credential database unreachable' }),
    );
    const solvers = pool.solvers();
    const configured = [config.manifestSolver, config.bookingSolver];
    const solverCheck = { ok: configured.every((id) => solvers.some((solver) => solver.id === id || solver.key === id)), detail: solvers };
    const planningState = pool.state();
    const planning = { ok: !planningState.saturated, detail: planningState };
    return { ready: database.ok && solverCheck.ok && planning.ok, checks: { database, solvers: solverCheck, planning } };
  };

  const shutdown = new AbortController();
  const app = createApp({
    logger,
    parser: createSnapshotParser(),
    planner: pool,
    access: createAccessControl({ store, environment: config.serviceEnvironment, limits: serviceLimitsFrom(config) }),
    readiness,
    openapi: buildOpenApiDocument({ usageResponse: UsageResponse }),
    bodyLimitBytes: config.bodyLimitBytes,
    requestDeadlineMs: (solveAllowanceMs) => solveAllowanceMs + config.deadlineGraceSeconds * 1000,
    shutdownSignal: shutdown.signal,
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  configureConnections(server, logger);
  const port = (server.address() as AddressInfo).port;

  return {
    server,
    port,
    localCredential,
    planningState: () => pool.state(),
    async close(graceMs = config.shutdownGraceSeconds * 1000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await pool.drain(graceMs, () => shutdown.abort(new ServiceError('service_stopping', 'The service stopped before the plan was finished; retry.', { retryAfterSeconds: 1 })));
      await closeConnections(server, closed);
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

function planningWorkerOptions(config: Config): PlanningWorkerOptions {
  return {
    projectRoot: PROJECT_ROOT,
    logLevel: config.logLevel,
    engineWorkers: config.engineWorkers,
    engineQueueLimit: config.engineQueueLimit,
    minizincBin: config.minizincBin,
    manifestSolver: config.manifestSolver,
    bookingSolver: config.bookingSolver,
    journey: { provider: config.journeyProvider, baseUrl: config.journeyBaseUrl, apiKey: config.journeyApiKey, ...config.journeyTuning },
  };
}

/** Answers being written still reach their clients: idle connections close as they become idle, the rest after a short limit. */
const CONNECTIONS_CLOSE_LIMIT_MS = 5_000;

async function closeConnections(server: Server, closed: Promise<void>): Promise<void> {
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const limit = setTimeout(() => server.closeAllConnections(), CONNECTIONS_CLOSE_LIMIT_MS);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(limit);
  }
}
