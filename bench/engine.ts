/**
 * `npm run bench -- engine [--time-limit MS] [--repeat N]`
 *
 * The same small scheduling and routing models (bench/models) on every solver the engine
 * finds, embedded and native side by side: wall time (median of N runs, start to result,
 * as the planner sees it), status and objective, and the embedded/native time ratio.
 * Runs one at a time (one worker) so that solvers do not compete for the cores. Then the
 * public benchmark problems of bench/engine-public/ (its benchmark.ts): status and time per
 * solver beside the expected answer.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createEngine, type Engine, type SolveResult } from '../src/engine/index.ts';
import { runPublicBenchmarks } from './engine-public/benchmark.ts';
import { printTable } from './routing/table.ts';

const MODELS = fileURLToPath(new URL('./models/', import.meta.url));

/** Model, data file, and what it stands for. */
const INSTANCES = [
  { name: 'trivial', model: 'trivial.mzn', data: 'trivial.json' },
  { name: 'jobshop ft06', model: 'jobshop.mzn', data: 'jobshop-ft06.json' },
  { name: 'rcpsp 12x2', model: 'rcpsp.mzn', data: 'rcpsp-small.json' },
  { name: 'tsp 10', model: 'tsp.mzn', data: 'tsp-10.json' },
  { name: 'vrptw 8x2', model: 'vrptw.mzn', data: 'vrptw-8.json' },
];

interface Measured {
  result: SolveResult;
  medianMs: number;
}

async function measure(engine: Engine, model: string, data: Record<string, unknown>, solver: string, timeLimitMs: number, repeat: number): Promise<Measured> {
  const times: number[] = [];
  let result: SolveResult | undefined;
  for (let run = 0; run < repeat; run += 1) {
    const started = performance.now();
    result = await engine.solve({ model, data, solver, timeLimitMs });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { result: result!, medianMs: times[Math.floor(times.length / 2)]! };
}

function cells(measured: Measured | undefined): [string, string, string] {
  if (measured === undefined) return ['-', '-', '-'];
  const { result, medianMs } = measured;
  return [String(Math.round(medianMs)), result.status, result.objective === null ? '-' : String(result.objective)];
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { 'time-limit': { type: 'string', default: '20000' }, repeat: { type: 'string', default: '3' } } });
  const timeLimitMs = Number(values['time-limit']);
  const repeat = Number(values.repeat);
  if (!Number.isInteger(timeLimitMs) || timeLimitMs < 1 || !Number.isInteger(repeat) || repeat < 1) {
    console.error('usage: npm run bench -- engine [--time-limit MS] [--repeat N]');
    process.exit(2);
  }
  const engine = await createEngine({ projectRoot: MODELS, workers: 1, queueLimit: 0 });
  try {
    const solvers = engine.solvers();
    const versions = [...new Set(solvers.map((solver) => `${solver.backend} ${solver.key.split(':')[1]} ${solver.version}`))].join(', ');
    console.log(`engine benchmark: ${availableParallelism()} cores, load ${loadavg().map((load) => load.toFixed(1)).join(' ')}; time limit ${timeLimitMs} ms; median of ${repeat}`);
    console.log(`solvers: ${versions}\n`);
    const ids = [...new Set(solvers.map((solver) => solver.id))];
    const rows: Record<string, string>[] = [];
    for (const instance of INSTANCES) {
      const data = JSON.parse(await readFile(`${MODELS}${instance.data}`, 'utf8')) as Record<string, unknown>;
      for (const id of ids) {
        const offered = (backend: string) => solvers.some((solver) => solver.key === `${backend}:${id}`);
        const embedded = offered('embedded') ? await measure(engine, instance.model, data, `embedded:${id}`, timeLimitMs, repeat) : undefined;
        const native = offered('native') ? await measure(engine, instance.model, data, `native:${id}`, timeLimitMs, repeat) : undefined;
        const [embeddedMs, embeddedStatus, embeddedObjective] = cells(embedded);
        const [nativeMs, nativeStatus, nativeObjective] = cells(native);
        rows.push({
          model: instance.name,
          solver: id,
          'embedded ms': embeddedMs,
          'embedded status': embeddedStatus,
          'embedded obj': embeddedObjective,
          'native ms': nativeMs,
          'native status': nativeStatus,
          'native obj': nativeObjective,
          'emb/native': embedded !== undefined && native !== undefined ? `${(embedded.medianMs / native.medianMs).toFixed(1)}x` : '-',
        });
      }
    }
    printTable(rows);
    await runPublicBenchmarks(engine, timeLimitMs);
  } finally {
    await engine.close();
  }
}
