import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openCredentialStore, type CredentialStore } from '../../src/credentials/index.ts';
import { startCredentialApp } from '../support/credential-app.ts';
import { credentialRequest, describeEachStore } from '../support/credential-stores.ts';
import { databaseOrSkip, type TestDatabase } from '../support/postgres.ts';

/** Fires all requests at once and tallies the answers by status and error code. */
async function burst(urls: string[], token: string): Promise<{ tally: Record<string, number>; retryAfter: (string | null)[] }> {
  const replies = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
      const body = (await response.json()) as { error: { code: string } };
      return { key: `${response.status} ${body.error.code}`, retryAfter: response.headers.get('Retry-After') };
    }),
  );
  const tally: Record<string, number> = {};
  for (const { key } of replies) tally[key] = (tally[key] ?? 0) + 1;
  return { tally, retryAfter: replies.filter((reply) => reply.key.startsWith('429')).map((reply) => reply.retryAfter) };
}

describeEachStore('concurrent requests on one credential', (harness) => {
  it('200 simultaneous requests on a total of 100: exactly 100 served, 100 refused, 100 stored', async function () {
    this.timeout(60_000);
    const service = await startCredentialApp({ store: harness.store, environment: 'test' });
    try {
      const credential = await harness.store.issue(credentialRequest({ limits: { total_requests: 100 } }));
      const { tally, retryAfter } = await burst(Array.from({ length: 200 }, () => `${service.baseUrl}/v1/manifests`), credential.token);
      // Served: passed the credential checks and were then answered by validation.
      expect(tally).to.deep.equal({ '422 validation_failed': 100, '429 total_requests_exhausted': 100 });
      expect(retryAfter.every((value) => value === null)).to.equal(true);
      expect((await harness.store.usage(credential.id)).totalRequests).to.equal(100);
    } finally {
      await service.close();
    }
  });
});

describe('two service processes sharing one PostgreSQL', function () {
  this.timeout(120_000);
  let database: TestDatabase;
  let store: CredentialStore;
  const processes: { child: ChildProcess; port: number; log: string[] }[] = [];

  before(async function () {
    database = await databaseOrSkip(this);
    store = await openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' });
    // Both processes start at once: the migrations must be applied exactly once between them.
    processes.push(...(await Promise.all([startServiceProcess(database.url), startServiceProcess(database.url)])));
  });

  after(async () => {
    await Promise.all(processes.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }));
    await store?.close();
    await database?.drop();
  });

  const urls = () => Array.from({ length: 200 }, (_, i) => `http://127.0.0.1:${processes[i % 2]!.port}/v1/manifests`);

  it('200 simultaneous requests, 100 to each process, on a total of 100: exactly 100 served and 100 stored', async () => {
    const credential = await store.issue(credentialRequest({ limits: { total_requests: 100 } }));
    const { tally } = await burst(urls(), credential.token);
    expect(tally).to.deep.equal({ '422 validation_failed': 100, '429 total_requests_exhausted': 100 });
    expect((await store.usage(credential.id)).totalRequests).to.equal(100);
  });

  it('holds the per-minute rate exactly across the processes, with Retry-After', async () => {
    const credential = await store.issue(credentialRequest({ limits: { requests_per_minute: 30 } }));
    await awayFromMinuteBoundary();
    const { tally, retryAfter } = await burst(urls(), credential.token);
    expect(tally).to.deep.equal({ '422 validation_failed': 30, '429 rate_limit_exceeded': 170 });
    expect(retryAfter.every((value) => value !== null && Number(value) >= 1 && Number(value) <= 60)).to.equal(true);
  });

  it('writes no token into either process log', async () => {
    const credentials = await store.list();
    expect(credentials.length).to.equal(2);
    const log = processes.flatMap((process) => process.log);
    expect(log.filter((line) => line.includes('"msg":"request"')).length).to.be.at.least(400);
    for (const line of log) expect(line).not.to.match(/mps_test_/);
  });
});

const SERVE = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

async function startServiceProcess(databaseUrl: string): Promise<{ child: ChildProcess; port: number; log: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SERVICE_ENVIRONMENT: 'test', LOG_LEVEL: 'info', TRIAL_REQUESTS_PER_MINUTE: 'unlimited', ISSUE_LOCAL_CREDENTIAL: 'false', PLANNING_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log.push(line);
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'listening' && entry.port !== undefined) resolve(entry.port);
    });
    child.once('exit', (code) => reject(new Error(`the service process exited with ${code}: ${stderr}`)));
  });
  return { child, port, log };
}

/** A burst takes well under a second; start it at least 5 s before a minute ends so it falls in one window. */
async function awayFromMinuteBoundary(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}
