/**
 * A real PostgreSQL server for tests.
 *
 * - TEST_DATABASE_URL set: that server is used (its user must be allowed to CREATE DATABASE).
 * - Otherwise a throwaway cluster is started once per test run from the installed PostgreSQL
 *   binaries (Debian's `postgresql` package: /usr/lib/postgresql/<version>/bin): `initdb` in a
 *   temporary directory, the server on 127.0.0.1 and a free port. PostgreSQL refuses to run as
 *   root, so when we are root it runs as the `postgres` OS user. It is stopped and removed in a
 *   root `after` hook (and, should the run be cut short, on process exit).
 *
 * Every caller gets a database of its own (`createTestDatabase`), dropped when it is done.
 * When no server can be had the tests are skipped with a message, except under CI
 * (`CI` set), where that is a failure: a green CI run must have tested PostgreSQL.
 */
import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  /** Connection string of a fresh, empty database. */
  url: string;
  drop(): Promise<void>;
}

interface Server {
  /** Connection string of the maintenance database, used to create and drop test databases. */
  adminUrl: string;
  stop(): void;
}

let server: Promise<Server> | undefined;
let started: Server | undefined;

/** A fresh database on the test server; throws (with the reason) when no server can be had. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl } = await testServer();
  const name = `mps_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * For a `before` hook: a fresh database, or the suite skipped with the reason when PostgreSQL
 * is not available here. Under CI the missing server fails the run instead.
 */
export async function databaseOrSkip(context: Mocha.Context): Promise<TestDatabase> {
  try {
    return await createTestDatabase();
  } catch (error) {
    if (process.env.CI) throw new Error(`PostgreSQL is required under CI and is not available: ${(error as Error).message}`, { cause: error });
    console.warn(`    (skipping PostgreSQL tests: ${(error as Error).message})`);
    context.skip();
    throw error; // not reached: skip() throws
  }
}

function testServer(): Promise<Server> {
  server ??= startServer().then((value) => (started = value));
  return server;
}

async function startServer(): Promise<Server> {
  const given = process.env.TEST_DATABASE_URL;
  if (given !== undefined && given !== '') return { adminUrl: given, stop: () => undefined };
  const bin = postgresBinDir();
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
  const root = mkdtempSync(join(tmpdir(), 'mps-pg-'));
  if (runAs !== undefined) chownSync(root, runAs.uid, runAs.gid);
  const dataDir = join(root, 'data');
  const asOwner: SpawnOptions = { cwd: root, ...(runAs === undefined ? {} : { uid: runAs.uid, gid: runAs.gid }) };
  const stop = () => {
    try {
      execFileSync(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { ...asOwner, stdio: 'ignore' });
    } catch {
      // not running (any more)
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], asOwner);
    const port = await freePort();
    const settings = [
      `-c listen_addresses=127.0.0.1`,
      `-p ${port}`,
      `-k ${root}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', join(root, 'server.log'), '-o', settings, '-w', '-t', '60', 'start'], asOwner);
    return { adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

function postgresBinDir(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] !== undefined) return join('/usr/lib/postgresql', versions[0], 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('no PostgreSQL server binaries (install the Debian package `postgresql`, or set TEST_DATABASE_URL)');
  }
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('running as root and there is no `postgres` OS user to run PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const cleanups: (() => Promise<void>)[] = [];

/** Work to do at the end of the run while the server still runs (closing pools, dropping databases). */
export function beforeServerStops(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

function stopServer(): void {
  started?.stop();
  started = undefined;
  server = undefined;
}

// Registered while this module is first loaded, i.e. on mocha's root suite: runs once, after every test file.
if (typeof after === 'function') {
  after(async function () {
    this.timeout(60_000);
    for (const cleanup of cleanups.splice(0)) await cleanup();
    stopServer();
  });
}
process.once('exit', stopServer);
