/**
 * The composition root: builds every component from the validated configuration and starts
 * the HTTP server. `main.ts` is the process entry; tests start services through here too.
 *
 * The server listens first: `/healthz` answers at once while the credential store opens and
 * the planning workers warm up their solvers in the background (`ready`); requests that need
 * them wait for them (http/starting.ts). Opening the embedded database costs seconds, so it
 * never delays liveness.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config/index.ts';
import { buildOpenApiDocument } from './contract/openapi.ts';
import { ServiceError, UsageResponse } from './contract/index.ts';
import { createAccessControl, ensureLocalCredential, openCredentialStore, serviceLimitsFrom, startControlServer, type ControlServerOptions, type CredentialStore, type IssuedCredential } from './credentials/index.ts';
import { configureConnections, createApp, listen, createServiceMetrics, startMetricsServer, whileStarting, type ReadinessReport, type ServiceMetrics } from './http/index.ts';
import { createSnapshotParser } from './snapshot/index.ts';
import { PlanningPool, type PlanningPoolState, type PlanningWorkerOptions } from './workers/index.ts';

export interface RunningService {
  server: Server;
  port: number;
  /** Resolves once every component runs and planning requests are served; rejects when start-up fails. */
  ready: Promise<StartedService>;
  /** The separate /metrics listener's port (METRICS_PORT), when there is one. */
  metricsPort: number | undefined;
  /**
   * Graceful stop (SIGTERM): stops accepting, lets in-flight plans finish within
   * SHUTDOWN_GRACE_SECONDS (or `graceMs`), then cancels them (their callers get 503) and closes.
   */
  close(graceMs?: number): Promise<void>;
}

export interface StartedService {
  /** The credential issued at start-up (local quick start), shown once. */
  localCredential: IssuedCredential | undefined;
  /** Busy workers, queue depth, capacity and saturation of the planning pool (for metrics). */
  planningState(): PlanningPoolState;
}

/** models/ and every other project path resolve against the repository root, wherever the process started (src/ and dist/ alike). */
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A server the process already listens on (main.ts), whose requests the service takes over. */
export interface ListeningServer {
  server: Server;
  handOver(handler: (request: IncomingMessage, response: ServerResponse) => void): void;
}

/** Starts the service on `listening`, or on a new server listening on HOST:PORT. */
export async function startService(config: Config, logger: Logger, listening?: ListeningServer): Promise<RunningService> {
  const metrics = createServiceMetrics();
  const metricsServer = config.metricsPort === undefined ? undefined : await startMetricsServer(metrics.registry, config.metricsPort, config.metricsHost);
  const shutdown = new AbortController();
  const components = startComponents(config, logger, metrics, shutdown.signal);
  const handler = whileStarting({ logger, started: components.then(({ app }) => app.callback()), starting: 'opening the credential store and warming up the planning workers' });
  const server = listening?.server ?? createServer();
  if (listening === undefined) {
    server.on('request', handler);
    await listen(server, config.port, config.host);
  } else {
    listening.handOver(handler);
  }
  configureConnections(server, logger);

  return {
    server,
    port: (server.address() as AddressInfo).port,
    ready: components.then(({ localCredential, pool }) => ({ localCredential, planningState: () => pool.state() })),
    metricsPort: metricsServer?.port,
    async close(graceMs = config.shutdownGraceSeconds * 1000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const started = await components.catch(() => undefined);
      await started?.pool.drain(graceMs, () => shutdown.abort(new ServiceError('service_stopping', 'The service stopped before the plan was finished; retry.', { retryAfterSeconds: 1 })));
      await closeConnections(server, closed);
      await metricsServer?.close();
      await started?.control?.close();
      await started?.store.close();
    },
  };
}

interface Components {
  app: ReturnType<typeof createApp>;
  store: CredentialStore;
  pool: PlanningPool;
  control: Awaited<ReturnType<typeof startControlServer>> | undefined;
  localCredential: IssuedCredential | undefined;
}

/** Opens the store and starts the planning workers (in parallel), then builds the app; on failure closes what it opened. */
async function startComponents(config: Config, logger: Logger, metrics: ServiceMetrics, shutdownSignal: AbortSignal): Promise<Components> {
  const opening = Promise.allSettled([
    openCredentialStore({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      onIdleConnectionError: (error) => logger.warn({ err: error }, 'credential database connection lost'),
      onEmbeddedPrepared: (preparation, templateError) =>
        templateError === undefined
          ? logger.info({ preparation }, 'embedded credential database opened')
          : logger.warn({ preparation, template_error: templateError }, 'embedded credential database created in place: its template could not be used'),
    }),
    PlanningPool.start({
      workers: config.planningWorkers,
      queueLimit: config.planningQueueLimit,
      worker: planningWorkerOptions(config),
      logger,
      onSolved: (record) => metrics.solved(record),
      onEvent: (event) => metrics.planningEvent(event, config.journeyProvider),
    }),
  ]);
  // Compiling the contract's schemas is this thread's CPU: done while the store opens and the
  // workers warm up in their own threads, not after them (0.3 s on a loaded machine).
  const parser = createSnapshotParser();
  const openapi = buildOpenApiDocument({ usageResponse: UsageResponse });
  const [opened, started] = await opening;
  if (opened.status === 'rejected' || started.status === 'rejected') {
    if (opened.status === 'fulfilled') await opened.value.close();
    if (started.status === 'fulfilled') await started.value.close();
    throw opened.status === 'rejected' ? opened.reason : (started as PromiseRejectedResult).reason;
  }
  const store = opened.value;
  const pool = started.value;
  metrics.observePlanningLoad(() => pool.state());
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

  const app = createApp({
    logger,
    parser,
    planner: pool,
    access: createAccessControl({ store, environment: config.serviceEnvironment, limits: serviceLimitsFrom(config) }),
    readiness,
    openapi,
    bodyLimitBytes: config.bodyLimitBytes,
    requestDeadlineMs: (solveAllowanceMs) => solveAllowanceMs + config.deadlineGraceSeconds * 1000,
    shutdownSignal,
    metrics,
    serveMetrics: config.metricsPort === undefined,
  });
  return { app, store, pool, control, localCredential };
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
