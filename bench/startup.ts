/**
 * `npm run bench -- startup [--runs 5] [--dist | --source]`: how long the service takes from
 * spawn to
 *   - health: the first `GET /healthz` 200 (the target: <= 3 s),
 *   - ready: the first `GET /readyz` 200 (credential store open, solvers warm),
 *   - served: the first authenticated request answered (`GET /v1/usage` with the printed local credential),
 * on a first start (fresh DATA_DIR: the embedded database is copied from its template, made
 * first if this installation has none yet) and on a restart (same DATA_DIR), with the embedded
 * defaults; medians of `--runs` runs. By default it runs what `npm start` runs
 * (`node scripts/start.mjs`, dist/ compiled before the first run); `--dist` runs
 * `node dist/main.js` as the Docker image does (`npm run build` first when dist/ is missing);
 * `--source` runs `node --import tsx src/main.ts` (TypeScript compiled at start, in every
 * thread). Timings depend on the machine's load, printed with them: compare runs made in the
 * same conditions.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const POLL_MS = 20;
const GIVE_UP_MS = 300_000;

interface Run {
  health: number;
  ready: number;
  served: number;
  token: string;
}

export async function run(args: string[]): Promise<void> {
  const runs = Number(args[args.indexOf('--runs') + 1] ?? 5) || 5;
  const mode = args.includes('--source') ? 'source' : args.includes('--dist') ? 'dist' : 'npm start';
  if (mode === 'dist' && !existsSync(join(ROOT, 'dist/main.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  if (mode === 'npm start') {
    const compile = spawnSync(process.execPath, ['scripts/start.mjs', '--compile-only'], { cwd: ROOT, stdio: 'inherit' });
    if (compile.status !== 0) throw new Error('compiling for npm start failed');
  }
  const command = { source: ['--import', 'tsx', 'src/main.ts'], dist: ['dist/main.js'], 'npm start': ['scripts/start.mjs'] }[mode];
  const loadBefore = loadavg();
  const results: Record<'first start' | 'restart', Run[]> = { 'first start': [], restart: [] };
  for (let index = 0; index < runs; index += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mps-startup-'));
    try {
      const first = await measure(command, dataDir);
      results['first start'].push(first);
      // A restart finds the credential issued on the first start and prints none.
      results.restart.push(await measure(command, dataDir, first.token));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    process.stderr.write(`run ${index + 1}/${runs} done\n`);
  }
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  console.log(`\nstart-up of \`node ${command.join(' ')}\`, embedded defaults, median of ${runs} (min-max), seconds`);
  console.log(`load average (1, 5, 15 min) before: ${load(loadBefore)}; after: ${load(loadavg())}; ${availableParallelism()} cores\n`);
  console.log('| start | health (/healthz 200) | ready (/readyz 200) | first authenticated answer |');
  console.log('|---|---|---|---|');
  for (const [kind, list] of Object.entries(results)) {
    const cell = (key: Exclude<keyof Run, 'token'>) => summary(list.map((item) => item[key]));
    console.log(`| ${kind} | ${cell('health')} | ${cell('ready')} | ${cell('served')} |`);
  }
}

async function measure(command: string[], dataDir: string, knownToken?: string): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SERVICE_ENVIRONMENT: 'local', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const output = watch(child);
    const port = await output.until((line) => /"msg":"listening"/.test(line) ? (JSON.parse(line) as { port: number }).port : undefined);
    const base = `http://127.0.0.1:${port}`;
    const health = await pollUntilOk(`${base}/healthz`, started);
    const ready = await pollUntilOk(`${base}/readyz`, started);
    const token = knownToken ?? (await output.until((line) => (/^local credential/.test(line) ? line.split(': ')[1] : undefined)));
    const response = await fetch(`${base}/v1/usage`, { headers: { Authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`/v1/usage answered ${response.status}`);
    return { health, ready, served: (performance.now() - started) / 1000, token };
  } finally {
    await stop(child);
  }
}

/** Lines of the child's stdout as they come, searched by `until`. */
function watch(child: ChildProcess) {
  const lines: string[] = [];
  const waiting: (() => void)[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
    waiting.splice(0).forEach((wake) => wake());
  });
  return {
    async until<T>(pick: (line: string) => T | undefined): Promise<T> {
      const deadline = Date.now() + GIVE_UP_MS;
      for (let seen = 0; Date.now() < deadline; ) {
        for (; seen < lines.length; seen += 1) {
          const found = pick(lines[seen]!);
          if (found !== undefined) return found;
        }
        if (child.exitCode !== null) throw new Error('the service exited during start-up');
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 1_000);
        });
      }
      throw new Error('start-up gave up');
    },
  };
}

async function pollUntilOk(url: string, started: number): Promise<number> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((response) => response.status === 200, () => false);
    if (ok) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${url} never answered 200`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(2)} (${sorted[0]!.toFixed(2)}-${sorted[sorted.length - 1]!.toFixed(2)})`;
}
