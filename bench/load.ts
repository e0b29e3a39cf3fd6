/**
 * `npm run bench -- load [--levels 0,1,4,40] [--preset medium] [--client-wait 60] [--workers N]`:
 * the service under concurrent planning load, over real HTTP, with the real worker pool. For
 * each level, a fresh service process (as `npm start` runs it, on its defaults: PLANNING_WORKERS and
 * PLANNING_QUEUE_LIMIT = cores, MANIFEST_SOLVE_SECONDS 30) gets that many concurrent
 * POST /v1/manifests of one data-gen preset; each client waits at most `--client-wait` seconds,
 * then disconnects (level 0: no request for 20 s, the machine's own latency as a baseline).
 * Meanwhile GET /healthz is probed every 250 ms from a thread of its own. Prints per level: answers by
 * status, whether every non-200 carried the error envelope, /healthz p50/p99, the service
 * process's peak RSS (VmHWM: every thread, worker and solver included), and how long the pool
 * took to be idle again after the last client left (polled on /readyz).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { generate, isPresetName, toJson } from '../data-gen/index.ts';
import { printTable } from './routing/table.ts';
import { option } from './support/args.ts';

const PROBE_EVERY_MS = 250;
const PROBE_TIMEOUT_MS = 5_000;
const IDLE_LIMIT_MS = 60_000;
const BASELINE_MS = 20_000;

interface Service {
  child: ChildProcess;
  base: string;
  token: string;
  exited: Promise<number | null>;
}

async function startService(env: Record<string, string>): Promise<Service> {
  // what `npm start` runs: compiled JavaScript (scripts/start.mjs compiles src/ first when it changed)
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', TRIAL_REQUESTS_PER_MINUTE: 'unlimited', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const token = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /local credential \(shown once\): (\S+)\n/.exec(output);
      if (found !== null) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)));
  });
  // LOG_LEVEL=warn hides the 'listening' line: the port comes from /proc (the one TCP listener of the process)
  const port = await listeningPort(child.pid!);
  return { child, base: `http://127.0.0.1:${port}`, token, exited };
}

/** The port the child listens on, from its sockets in /proc/net/tcp. */
async function listeningPort(pid: number): Promise<number> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const inodes = new Set<string>();
    try {
      const { readdirSync, readlinkSync } = await import('node:fs');
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const link = (() => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return '';
          }
        })();
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
        if (inode !== undefined) inodes.add(inode);
      }
      for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        if (fields[3] === '0A' && inodes.has(fields[9]!)) return parseInt(fields[1]!.split(':')[1]!, 16);
      }
    } catch {
      // not there yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the service never listened');
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Answer {
  status: number | 'no answer' | 'error';
  enveloped: boolean;
}

async function client(service: Service, body: string, waitMs: number): Promise<Answer> {
  try {
    const response = await fetch(`${service.base}/v1/manifests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(waitMs),
    });
    const text = await response.text();
    let enveloped = false;
    try {
      const parsed = JSON.parse(text) as { error?: { code?: string; request_id?: string } };
      enveloped = typeof parsed.error?.code === 'string' && parsed.error.request_id === response.headers.get('x-request-id');
    } catch {
      enveloped = false;
    }
    return { status: response.status, enveloped };
  } catch (error) {
    return { status: (error as Error).name === 'TimeoutError' ? 'no answer' : 'error', enveloped: false };
  }
}

/**
 * The health prober runs in a thread of its own: in the bench's main thread its timings would
 * include the time that thread spends writing the clients' bodies (40 medium bodies at once held
 * a probe back by hundreds of milliseconds that the service never saw).
 */
const PROBER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const probes = [];
let failures = 0;
let probing = true;
parentPort.once('message', () => { probing = false; });
(async () => {
  // One probe first, not counted: a thread's first fetch() loads and sets up its HTTP client
  // (undici) and opens the connection, 50-60 ms of the prober's own start-up that the service
  // never spends (seen as the lone p99 of an idle service on a quiet machine).
  try {
    await (await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.timeoutMs) })).text();
  } catch {}
  while (probing) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.timeoutMs) });
      await response.text();
      probes.push(performance.now() - started);
    } catch {
      failures += 1;
      probes.push(workerData.timeoutMs);
    }
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  }
  parentPort.postMessage({ probes, failures });
})();
`;

function startProber(url: string): { stop(): Promise<{ probes: number[]; failures: number }> } {
  const worker = new Worker(PROBER_SOURCE, { eval: true, workerData: { url, timeoutMs: PROBE_TIMEOUT_MS, everyMs: PROBE_EVERY_MS } });
  const result = new Promise<{ probes: number[]; failures: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let stopped: Promise<{ probes: number[]; failures: number }> | null = null;
  return {
    stop() {
      if (stopped === null) {
        worker.postMessage('stop');
        stopped = result.finally(() => worker.terminate());
      }
      return stopped;
    },
  };
}

async function runLevel(concurrency: number, body: string, waitMs: number, env: Record<string, string>): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mps-load-'));
  const service = await startService({ ...env, DATA_DIR: dataDir });
  const prober = startProber(`${service.base}/healthz`);
  try {
    // level 0: no planning at all, only the probes: the machine's own latency to compare with
    if (concurrency === 0) await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const answers = await Promise.all(Array.from({ length: concurrency }, () => client(service, body, waitMs)));
    const lastLeft = performance.now();
    let idleMs = Number.NaN;
    while (performance.now() - lastLeft < IDLE_LIMIT_MS) {
      const state = ((await (await fetch(`${service.base}/readyz`)).json()) as { checks: { planning: { detail: { busy: number; queued: number } } } }).checks.planning.detail;
      if (state.busy === 0 && state.queued === 0) {
        idleMs = performance.now() - lastLeft;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { probes, failures: probeFailures } = await prober.stop();
    const count = (status: Answer['status']) => answers.filter((answer) => answer.status === status).length;
    const others = answers.filter((answer) => ![200, 503, 504].includes(answer.status as number));
    const nonOk = answers.filter((answer) => answer.status !== 200);
    const sorted = probes.slice().sort((a, b) => a - b);
    return {
      concurrency: String(concurrency),
      'HTTP 200': String(count(200)),
      'HTTP 503': String(count(503)),
      'HTTP 504': String(count(504)),
      other: others.length === 0 ? '0' : `${others.length} (${[...new Set(others.map((answer) => answer.status))].join(', ')})`,
      'non-200 enveloped': `${nonOk.filter((answer) => answer.enveloped).length}/${nonOk.length}`,
      'healthz p50 ms': percentile(sorted, 50).toFixed(1),
      'healthz p99 ms': percentile(sorted, 99).toFixed(1),
      'healthz max ms': (sorted[sorted.length - 1] ?? Number.NaN).toFixed(1),
      probes: `${probes.length} (${probeFailures} failed)`,
      'peak RSS MiB': peakRssMiB(service.child.pid!).toFixed(0),
      'idle after last client s': Number.isNaN(idleMs) ? `>${IDLE_LIMIT_MS / 1000}` : (idleMs / 1000).toFixed(2),
    };
  } finally {
    await prober.stop();
    service.child.kill('SIGTERM');
    await service.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(args: string[]): Promise<void> {
  const workers = Number(option(args, 'workers', String(availableParallelism())));
  const levels = option(args, 'levels', `0,1,${2 * workers},40`).split(',').map(Number);
  const preset = option(args, 'preset', 'medium');
  const waitMs = Number(option(args, 'client-wait', '60')) * 1000;
  if (!isPresetName(preset)) throw new Error(`bench load: unknown preset ${preset}`);
  const body = toJson(generate({ preset, seed: 1 }).snapshot, true);
  const env = { PLANNING_WORKERS: String(workers) };
  const rows: Record<string, string>[] = [];
  for (const concurrency of levels) {
    const row = await runLevel(concurrency, body, waitMs, env);
    rows.push(row);
    console.error(`concurrency ${concurrency}: 200 ${row['HTTP 200']}, 503 ${row['HTTP 503']}, 504 ${row['HTTP 504']}, other ${row.other}; healthz p99 ${row['healthz p99 ms']} ms`);
  }
  console.log(
    `\nPOST /v1/manifests (${preset}, seed 1) at each concurrency on a fresh service (PLANNING_WORKERS=${workers}, queue = cores, ` +
      `MANIFEST_SOLVE_SECONDS 30); clients wait ${waitMs / 1000} s; /healthz probed every ${PROBE_EVERY_MS} ms (a timed-out probe counts ${PROBE_TIMEOUT_MS} ms)\n`,
  );
  printTable(rows);
}
