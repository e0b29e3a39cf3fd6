/**
 * `npm run --silent solve -- <model.mzn> <data.json> [--solver ID] [--time-limit MS] [--seed N] [--raw]`
 *
 * Solves one model through the engine, exactly as the service does (UNSATISFIABLE and OPTIMAL
 * judged by the trust policy, `proof` saying how), and prints one JSON object. `--raw` prints
 * the backend's own answer instead, unchecked. Exit 0 when the engine ran the model (whatever
 * the status), 1 on status ERROR (a crash: its message in `error`), 2 on bad arguments or
 * configuration.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/index.ts';
import { createEngine, UnknownSolverError, type SolveResult } from './index.ts';

const USAGE = 'usage: npm run --silent solve -- <model.mzn> <data.json> [--solver ID] [--time-limit MS] [--seed N] [--raw]';

class UsageError extends Error {}

interface Invocation {
  model: string;
  data: Record<string, unknown>;
  solver: string;
  timeLimitMs: number;
  seed: number | undefined;
  /** Print the backend's own answer, not judged by the trust policy. */
  raw: boolean;
}

function integerOption(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`--${name} must be an integer >= ${min}, not ${JSON.stringify(raw)}`);
  return value;
}

async function readData(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read the data file ${path}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the data file ${path} is not JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new UsageError(`the data file ${path} must hold a JSON object`);
  return data as Record<string, unknown>;
}

async function parseInvocation(argv: string[], defaults: { solver: string; timeLimitMs: number }, cwd: string): Promise<Invocation> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { solver: { type: 'string' }, 'time-limit': { type: 'string' }, seed: { type: 'string' }, raw: { type: 'boolean' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [model, dataFile, ...extra] = parsed.positionals;
  if (model === undefined || dataFile === undefined || extra.length > 0) throw new UsageError('expected exactly two arguments: the model and its JSON data');
  if (!model.endsWith('.mzn')) throw new UsageError(`the model must be a .mzn file, not ${model}`);
  return {
    model: resolve(cwd, model),
    data: await readData(resolve(cwd, dataFile)),
    solver: parsed.values.solver ?? defaults.solver,
    timeLimitMs: integerOption('time-limit', parsed.values['time-limit'], 1) ?? defaults.timeLimitMs,
    seed: integerOption('seed', parsed.values.seed, 0),
    raw: parsed.values.raw === true,
  };
}

function report(result: SolveResult): Record<string, unknown> {
  return {
    status: result.status,
    solver: { ...result.solver, backend: result.backend },
    minizinc_version: result.minizincVersion,
    objective: result.objective,
    best_bound: result.bestBound,
    solution: result.solution,
    elapsed_ms: result.elapsedMs,
    stop: result.stop,
    ...(result.proof === undefined ? {} : { proof: result.proof }),
    ...(result.error === undefined ? {} : { error: result.error }),
    statistics: result.statistics,
  };
}

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  // npm runs scripts in the package directory; paths on the command line are the caller's.
  const invocation = await parseInvocation(process.argv.slice(2), { solver: config.manifestSolver, timeLimitMs: config.manifestSolveSeconds * 1000 }, process.env.INIT_CWD ?? process.cwd());
  const engine = await createEngine({
    projectRoot: process.cwd(),
    workers: 1,
    queueLimit: 0,
    ...(config.minizincBin === undefined ? {} : { minizincBin: config.minizincBin }),
    requireSolvers: [invocation.solver],
  });
  try {
    const result = await engine.solve({
      model: invocation.model,
      data: invocation.data,
      solver: invocation.solver,
      timeLimitMs: invocation.timeLimitMs,
      ...(invocation.seed === undefined ? {} : { seed: invocation.seed }),
      proofs: invocation.raw ? 'raw' : 'checked',
    });
    process.stdout.write(`${JSON.stringify(report(result), null, 2)}\n`);
    return result.status === 'ERROR' ? 1 : 0;
  } finally {
    await engine.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof UnknownSolverError || error instanceof ConfigError;
    process.stderr.write(known ? `solve: ${(error as Error).message}\n${error instanceof UsageError ? `${USAGE}\n` : ''}` : `solve: ${String((error as Error).stack ?? error)}\n`);
    process.exitCode = known ? 2 : 1;
  },
);
