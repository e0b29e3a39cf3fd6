/**
 * `npm run --silent credentials -- <issue|list|revoke>`: the operator's credential tool. It
 * reads the service's own configuration (SERVICE_ENVIRONMENT, DATA_DIR, DATABASE_URL), so it
 * works on the store the service uses. See commands.ts.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/index.ts';
import { EXIT_FAILED, runCredentialsCommand } from './commands.ts';
import { openCredentialStore } from './store.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

try {
  const config = loadConfig(process.env, projectRoot);
  process.exitCode = await runCredentialsCommand(process.argv.slice(2), {
    serviceEnvironment: config.serviceEnvironment,
    withStore: async (work) => {
      const store = await openCredentialStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, maxConnections: 1 });
      try {
        return await work(store);
      } finally {
        await store.close();
      }
    },
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
} catch (error) {
  process.stderr.write(`credentials: ${(error as Error).message}\n`);
  process.exitCode = EXIT_FAILED;
}
