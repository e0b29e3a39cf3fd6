/**
 * Process entry: `npm start`. It listens before it loads the service's modules (a second or
 * more on a loaded machine): /healthz answers meanwhile (http/loading.ts), and the service
 * takes the listening server over once loaded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config/index.ts';
import { listen, whileLoading } from './http/loading.ts';
import type { RunningService } from './service.ts';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  throw error;
}

const logger = pino({ level: config.logLevel, base: { service: 'manifest-planning', environment: config.serviceEnvironment } });
const failedToStart = (error: unknown): never => {
  logger.fatal({ err: error }, 'service failed to start');
  process.exit(1);
};
const loading = whileLoading('loading the service');
const server = createServer(loading.handler);
let service: RunningService | undefined;

// From the first moment: a signal while the modules still load closes the bare server and exits 0.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const stopped = service?.close() ?? closeBare();
    stopped.then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  });
}

function closeBare(): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections(); // only probes and held requests: nothing was served yet
  return closed;
}

await listen(server, config.port, config.host).catch(failedToStart);
logger.info({ pid: process.pid, host: config.host, port: (server.address() as AddressInfo).port }, 'listening');
const { startService } = await import('./service.ts');
service = await startService(config, logger, { server, handOver: loading.handOver }).catch(failedToStart);
if (stopping) await service.close().then(() => process.exit(0));
if (service.metricsPort !== undefined) logger.info({ metrics_port: service.metricsPort }, 'metrics listening');
service.ready.then(
  ({ localCredential }) => {
    if (localCredential !== undefined) {
      // Straight to stdout, never through the logger: no log line ever carries a token.
      process.stdout.write(`local credential (shown once): ${localCredential.token}\n`);
    }
    logger.info('ready: planning requests are served');
  },
  (error: unknown) => {
    logger.fatal({ err: error }, 'service failed to start');
    process.exit(1);
  },
);

