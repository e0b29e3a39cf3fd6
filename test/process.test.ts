/**
 * The service as a process (issue 17): `npm start` passes SIGTERM to the service (no orphan
 * left serving), and `npm run build` compiles everything under src/ to dist/, which starts with
 * plain `node` and serves /healthz, and stops cleanly on SIGTERM. Real processes on loopback.
 */
import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  /** The pid and port of the service process, from its `listening` log line. */
  pid: number;
  port: number;
}

function start(command: string, args: string[], dataDir: string): Promise<Started> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SERVICE_ENVIRONMENT: 'local', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((item) => item.includes('"msg":"listening"'));
      if (line !== undefined) {
        const { pid, port } = JSON.parse(line) as { pid: number; port: number };
        resolve({ child, pid, port });
      }
    });
    child.stderr!.resume();
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before listening`)));
  });
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const healthy = (port: number) => fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status === 200, () => false);
const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describe('the service as a process', function () {
  this.timeout(600_000);
  const dataDirs: string[] = [];
  const dataDir = () => {
    dataDirs.push(mkdtempSync(join(tmpdir(), 'mps-process-')));
    return dataDirs.at(-1)!;
  };
  after(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('npm start: SIGTERM to npm stops the service (no process left serving)', async () => {
    const started = await start('npm', ['start'], dataDir());
    try {
      await waitFor(() => healthy(started.port), '/healthz');
      started.child.kill('SIGTERM');
      await exited(started.child);
      await waitFor(() => !running(started.pid), 'the service process to end');
      expect(await healthy(started.port)).to.equal(false);
    } finally {
      if (running(started.pid)) process.kill(started.pid, 'SIGKILL');
    }
  });

  it('npm start compiles src/ to dist/ only when a source is newer than the last compilation', () => {
    const compile = () => spawnSync(process.execPath, ['scripts/start.mjs', '--compile-only'], { cwd: ROOT, encoding: 'utf8' });
    const first = compile();
    expect(first.status, first.stderr).to.equal(0);
    expect(existsSync(join(ROOT, 'dist', 'main.js'))).to.equal(true);
    for (let again = 0; again < 3; again += 1) {
      const next = compile();
      expect(next.status, next.stderr).to.equal(0);
      expect(next.stderr, 'nothing changed, nothing compiled').to.not.include('compiled src/');
    }
  });

  it('npm run build compiles every file under src/ to dist/, which serves /healthz with node and stops on SIGTERM', async () => {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).to.equal(0);
    const sources = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.endsWith('.d.ts'));
    for (const entry of sources) {
      const path = relative(join(ROOT, 'src'), join(entry.parentPath, entry.name));
      expect(existsSync(join(ROOT, 'dist', path.replace(/\.ts$/, '.js'))), path).to.equal(true);
    }
    const started = await start(process.execPath, ['dist/main.js'], dataDir());
    try {
      expect(started.pid).to.equal(started.child.pid, 'node runs the service itself');
      await waitFor(() => healthy(started.port), '/healthz');
      started.child.kill('SIGTERM');
      expect(await exited(started.child)).to.equal(0);
      expect(await healthy(started.port)).to.equal(false);
    } finally {
      if (running(started.pid)) process.kill(started.pid, 'SIGKILL');
    }
  });
});
