/** Process entry: `npm start`. */
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config/index.ts';
import { startService } from './service.ts';

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
const service = await startService(config, logger).catch((error: unknown) => {
  logger.fatal({ err: error }, 'service failed to start');
  process.exit(1);
});
logger.info({ pid: process.pid, host: config.host, port: service.port, ...(service.metricsPort === undefined ? {} : { metrics_port: service.metricsPort }) }, 'listening');
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

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  });
}
