/**
 * A whole service (every real component: embedded solvers, embedded database, estimator) on
 * 127.0.0.1 and a free port, with a fresh data directory, for end-to-end tests.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/index.ts';
import { startService, type RunningService } from '../../src/service.ts';

export interface TestService {
  baseUrl: string;
  /** The service's DATA_DIR (its embedded credential store and control socket). */
  dataDir: string;
  token: string;
  logLines: string[];
  service: RunningService;
  stop(): Promise<void>;
}

export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mps-service-'));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, MANIFEST_SOLVE_SECONDS: '10', BOOKING_SOLVE_SECONDS: '5', PLANNING_WORKERS: '1', ...env });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter((line) => line !== ''));
      done();
    },
  });
  const service = await startService(config, pino({ level: 'info' }, sink));
  const { localCredential } = await service.ready;
  if (localCredential === undefined) throw new Error('the test service issued no local credential');
  return {
    baseUrl: `http://127.0.0.1:${service.port}`,
    dataDir,
    token: localCredential.token,
    logLines,
    service,
    async stop() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function readExample(name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`../../data-gen/examples/${name}`, import.meta.url), 'utf8'));
}
