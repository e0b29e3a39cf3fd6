/**
 * `npm run bench -- contract [--runs N] [--requests N] [--concurrency N]`
 *
 * 1. The spec-limit snapshot (section 8: 500 locations, 20,000 Nuggets, 20,000 legs, 200 drivers,
 *    200 lorries, 64 windows each, 32 refreshes per driver; test/support/spec-limit-snapshot.ts):
 *    its size in bytes (the body limit is sized from it) and the time to JSON.parse + validate it
 *    (median of N runs). Target: <= 1 s.
 * 2. 422 throughput over real HTTP on 127.0.0.1: N invalid requests, C at a time, against the
 *    service in its own process. Target: >= 500 requests/s. Also the end-to-end latency of one
 *    spec-limit body with a single unknown reference.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { DEFAULT_BODY_LIMIT_BYTES } from '../src/config/index.ts';
import { createSnapshotParser, type Operation } from '../src/snapshot/index.ts';
import { completeManifestRequest } from '../test/support/complete-snapshot.ts';
import { SPEC_LIMITS, specLimitSnapshot } from '../test/support/spec-limit-snapshot.ts';

const PARSE_TARGET_MS = 1_000;
const THROUGHPUT_TARGET = 500;

function option(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(args[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

interface Variant {
  name: string;
  operation: Operation;
  body: () => Record<string, unknown>;
}

const VARIANTS: Variant[] = [
  { name: 'manifest request, spec limit (2 Nuggets per move leg)', operation: 'manifests', body: () => specLimitSnapshot() },
  {
    name: 'booking check, every per-item maximum (100 Nuggets per move leg, 100 new_movements)',
    operation: 'booking_checks',
    body: () => specLimitSnapshot({ nuggetsPerMove: SPEC_LIMITS.nuggetIds, newMovements: SPEC_LIMITS.new_movements }),
  },
];

function parseAndValidate(runs: number): Record<string, string | number>[] {
  const parser = createSnapshotParser();
  return VARIANTS.map(({ name, operation, body }) => {
    const text = JSON.stringify(body());
    const bytes = Buffer.byteLength(text);
    const parseMs: number[] = [];
    const validateMs: number[] = [];
    const totalMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const parsed: unknown = JSON.parse(text);
      const read = performance.now();
      parser.parse(operation, parsed);
      const done = performance.now();
      parseMs.push(read - started);
      validateMs.push(done - read);
      totalMs.push(done - started);
    }
    const total = median(totalMs);
    return {
      snapshot: name,
      bytes,
      MiB: mib(bytes),
      'JSON.parse ms': median(parseMs).toFixed(0),
      'validate ms': median(validateMs).toFixed(0),
      'parse + validate ms (median)': total.toFixed(0),
      'min..max ms': `${Math.min(...totalMs).toFixed(0)}..${Math.max(...totalMs).toFixed(0)}`,
      [`target <= ${PARSE_TARGET_MS} ms`]: total <= PARSE_TARGET_MS ? 'met' : 'MISSED',
      [`default body limit ${mib(DEFAULT_BODY_LIMIT_BYTES)} MiB / size`]: (DEFAULT_BODY_LIMIT_BYTES / bytes).toFixed(1),
    };
  });
}

interface Reply {
  status: number;
  ms: number;
  body?: string;
  requestId?: string;
}

function post(agent: Agent, port: number, path: string, body: Buffer, keepBody = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: 'Bearer contract-bench' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => keepBody && chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            ...(keepBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
            requestId: String(response.headers['x-request-id']),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function startServer(): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(new URL('./contract/server.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the benchmark server did not start within 60 s')), 60_000);
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('exit', (code) => reject(new Error(`the benchmark server exited with ${code}`)));
  });
  return { port, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Sends `total` requests, `concurrency` at a time; returns the wall time and every reply. */
async function load(port: number, path: string, body: Buffer, total: number, concurrency: number): Promise<{ seconds: number; replies: Reply[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const replies: Reply[] = [];
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < total) {
      sent++;
      replies.push(await post(agent, port, path, body));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, replies };
}

/** The body must really be answered 422 validation_failed, with the request id in header and body. */
async function checkAnswer(port: number, path: string, body: Buffer): Promise<void> {
  const agent = new Agent();
  const reply = await post(agent, port, path, body, true);
  agent.destroy();
  const envelope = JSON.parse(reply.body ?? '{}') as { error?: { code?: string; request_id?: string } };
  if (reply.status !== 422 || envelope.error?.code !== 'validation_failed' || envelope.error.request_id !== reply.requestId) {
    throw new Error(`expected a 422 validation_failed on ${path}, got ${reply.status} ${reply.body?.slice(0, 300)}`);
  }
}

function invalidBodies(): { name: string; path: string; body: Buffer }[] {
  const schemaError = completeManifestRequest();
  schemaError.locations[0].latitude = 91;
  schemaError.drivers[0].unexpected = true;
  const referenceError = completeManifestRequest();
  referenceError.movements[0].destination_id = 'nowhere';
  const toBuffer = (body: unknown) => Buffer.from(JSON.stringify(body));
  return [
    { name: 'schema errors (small snapshot)', path: '/v1/manifests', body: toBuffer(schemaError) },
    { name: 'unknown reference (small snapshot)', path: '/v1/manifests', body: toBuffer(referenceError) },
  ];
}

async function throughput(requests: number, concurrency: number): Promise<Record<string, string | number>[]> {
  const { port, child } = await startServer();
  const rows: Record<string, string | number>[] = [];
  try {
    for (const { name, path, body } of invalidBodies()) {
      await checkAnswer(port, path, body);
      await load(port, path, body, Math.min(500, requests), concurrency); // warm-up
      const { seconds, replies } = await load(port, path, body, requests, concurrency);
      const latencies = replies.map((reply) => reply.ms).sort((a, b) => a - b);
      const other = replies.filter((reply) => reply.status !== 422).length;
      const perSecond = requests / seconds;
      rows.push({
        requests: name,
        bytes: body.length,
        sent: requests,
        concurrency,
        'not 422': other,
        's': seconds.toFixed(2),
        'requests/s': perSecond.toFixed(0),
        'p50 ms': percentile(latencies, 50).toFixed(1),
        'p99 ms': percentile(latencies, 99).toFixed(1),
        [`target >= ${THROUGHPUT_TARGET}/s`]: perSecond >= THROUGHPUT_TARGET && other === 0 ? 'met' : 'MISSED',
      });
    }

    const big = specLimitSnapshot();
    big.movements[0].destination_id = 'nowhere';
    const bigBody = Buffer.from(JSON.stringify(big));
    await checkAnswer(port, '/v1/manifests', bigBody);
    const { seconds, replies } = await load(port, '/v1/manifests', bigBody, 3, 1);
    rows.push({
      requests: 'spec-limit snapshot, one unknown reference (end to end)',
      bytes: bigBody.length,
      sent: 3,
      concurrency: 1,
      'not 422': replies.filter((reply) => reply.status !== 422).length,
      s: seconds.toFixed(2),
      'requests/s': (3 / seconds).toFixed(2),
      'p50 ms': median(replies.map((reply) => reply.ms)).toFixed(0),
      'p99 ms': Math.max(...replies.map((reply) => reply.ms)).toFixed(0),
      [`target >= ${THROUGHPUT_TARGET}/s`]: '-',
    });
  } finally {
    await stopServer(child);
  }
  return rows;
}

export async function run(args: string[]): Promise<void> {
  const runs = option(args, 'runs', 7);
  const requests = option(args, 'requests', 5_000);
  const concurrency = option(args, 'concurrency', 32);

  console.log(`Spec-limit snapshot: JSON.parse + validate, median of ${runs} runs (one parser, compiled once)`);
  console.table(parseAndValidate(runs));

  console.log(`422 throughput over HTTP on 127.0.0.1 (service in its own process; no credential check yet, see bench/contract/server.ts)`);
  console.table(await throughput(requests, concurrency));
}
