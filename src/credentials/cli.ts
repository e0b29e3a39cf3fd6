/**
 * `npm run --silent credentials -- <issue|list|show|revoke>`: the operator's credential tool. It
 * reads the service's own configuration (SERVICE_ENVIRONMENT, DATA_DIR, DATABASE_URL), so it
 * works on the store the service uses. See commands.ts. On the embedded store, while the
 * service runs and holds it, the command runs inside the service through its owner-only
 * control socket (control-socket.ts); otherwise the CLI opens the store itself.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/index.ts';
import { EXIT_FAILED, runCredentialsCommand } from './commands.ts';
import { runInService } from './control-socket.ts';
import { openCredentialStore } from './store.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

try {
  const config = loadConfig(process.env, projectRoot);
  const argv = process.argv.slice(2);
  const inService = config.databaseUrl === undefined ? await runInService(config.dataDir, argv) : undefined;
  if (inService !== undefined) {
    process.stdout.write(inService.stdout);
    process.stderr.write(inService.stderr);
    process.exitCode = inService.exitCode;
  } else {
    process.exitCode = await runCredentialsCommand(argv, {
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
  }
} catch (error) {
  process.stderr.write(`credentials: ${(error as Error).message}\n`);
  process.exitCode = EXIT_FAILED;
}
