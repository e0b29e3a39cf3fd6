/**
 * A service process for the multi-process tests: the real app and credential store, configured
 * from the environment like the service (PORT, HOST, DATABASE_URL, DATA_DIR,
 * SERVICE_ENVIRONMENT). Logs JSON lines to stdout, the first saying `listening` with the port.
 * Run: node --import tsx test/support/serve-credentials-app.ts
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/index.ts';
import { openCredentialStore, serviceLimitsFrom } from '../../src/credentials/index.ts';
import { credentialApp } from './credential-app.ts';

const config = loadConfig(process.env);
const logger = pino({ level: config.logLevel });
const store = await openCredentialStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const { app } = credentialApp({ store, environment: config.serviceEnvironment, limits: serviceLimitsFrom(config), logger });
const server = app.listen(config.port, config.host, () => logger.info({ port: (server.address() as AddressInfo).port }, 'listening'));

process.once('SIGTERM', () => {
  server.close(() => void store.close().then(() => process.exit(0)));
  server.closeAllConnections();
});
