/**
 * The embedded backend: MiniZinc 2.10 compiled to WebAssembly (npm `minizinc`, with Gecode,
 * Chuffed, COIN-BC and HiGHS) in a pool of worker threads. Needs no system install.
 */
import { limitsAtEnd, solveArguments } from '../arguments.ts';
import { DATA_FILE, dataFileContents, gatherModelFiles, virtualPath } from '../model-files.ts';
import { knownSolvers, type MinizincSolverConfig } from '../registry.ts';
import { StreamCollector, type Finish } from '../stream.ts';
import type { Backend, CompileRequest, CompileResult, EngineErrorInfo, EngineLogger, SolveJob, SolveResult, SolverInfo } from '../types.ts';
import { WorkerPool, type PoolStats, type RunEnd } from './pool.ts';
import { constraintsOfFlatZincText } from '../trust/flatzinc-constraints.ts';
import { compiledModule, locateDistribution } from './wasm.ts';
import { discover } from './discovery.ts';
import { workaroundFiles } from './workarounds.ts';

export interface EmbeddedBackendOptions {
  projectRoot: string;
  workers: number;
  logger?: EngineLogger;
}

export interface EmbeddedBackend extends Backend {
  /** Compiles a model with its data to FlatZinc JSON (MiniZinc 2.10 `--fzn-format json`). */
  compile(request: CompileRequest, solver: SolverInfo, deadlineAt: number): Promise<CompileResult>;
  /**
   * Runs a compiled output model on values for its variables (MiniZinc JSON data, as a
   * FlatZinc solver found them) and returns the output a solve reports: its `json` section.
   */
  renderOutput(outputModel: string, values: Record<string, unknown>, deadlineAt: number, signal?: AbortSignal): Promise<RenderedOutput>;
  stats(): PoolStats;
}

/** The output of `renderOutput`: the solution as MiniZinc JSON, or why there is none. */
export type RenderedOutput = { json: Record<string, unknown> } | { json: null; error: EngineErrorInfo };

const FLATZINC_FILE = 'model.fzn.json';
/** The FlatZinc a solve writes beside solving (`--fzn`): the trust policy reads its constraints. */
const SOLVE_FLATZINC_FILE = 'model.fzn';
const OUTPUT_MODEL_FILE = 'model.ozn';
/** The element type MiniZinc gives an empty array literal in an output model (see renderOutput). */
const EMPTY_ARRAY_TYPE = /\bof bot:/g;
/** Discovery at start-up runs on an idle pool; anything slower than this is a broken install. */
const DISCOVERY_MS = 60_000;

/** How a pool run ended, in the terms of the stream collector. */
function finishOf(end: RunEnd, elapsedMs: number): Finish {
  switch (end.kind) {
    case 'exited':
      if (end.exit.message !== undefined) return { ending: 'crashed', elapsedMs, failure: `MiniZinc crashed: ${end.exit.message}` };
      return end.exit.code === 0 ? { ending: 'exited', elapsedMs } : { ending: 'exited', elapsedMs, failure: `MiniZinc exited with code ${end.exit.code}` };
    case 'crashed':
      return { ending: 'crashed', elapsedMs, failure: end.message };
    default:
      return { ending: end.kind, elapsedMs };
  }
}

async function runCommand(pool: WorkerPool, args: string[]): Promise<string> {
  const end = await pool.run({ request: { jsonStream: false, args }, deadlineAt: performance.now() + DISCOVERY_MS, onMessage: () => {} });
  if (end.kind !== 'exited' || end.exit.code !== 0) throw new Error(`Embedded MiniZinc failed to run ${args.join(' ')}: ${JSON.stringify(end)}`);
  return end.exit.stdout ?? '';
}

export async function createEmbeddedBackend(options: EmbeddedBackendOptions): Promise<EmbeddedBackend> {
  const distribution = locateDistribution();
  const pool = await WorkerPool.start({
    size: options.workers,
    distribution,
    module: await compiledModule(distribution.wasm),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  try {
    const { version, solversJson: listed } = await discover(distribution, async () => {
      const [version, solversJson] = await Promise.all([runCommand(pool, ['--version']), runCommand(pool, ['--solvers-json'])]);
      return { version, solversJson };
    });
    const minizincVersion = /version (\S+?),?\s/.exec(version)?.[1] ?? 'unknown';
    const solvers = knownSolvers(JSON.parse(listed) as MinizincSolverConfig[], 'embedded');
    return new Embedded(options.projectRoot, pool, minizincVersion, solvers);
  } catch (error) {
    await pool.close();
    throw error;
  }
}

class Embedded implements EmbeddedBackend {
  readonly name = 'embedded' as const;

  constructor(
    private readonly projectRoot: string,
    private readonly pool: WorkerPool,
    readonly minizincVersion: string,
    private readonly offered: SolverInfo[],
  ) {}

  solvers(): SolverInfo[] {
    return this.offered;
  }

  stats(): PoolStats {
    return this.pool.stats();
  }

  async solve(job: SolveJob): Promise<SolveResult> {
    const { request } = job;
    const sources = await gatherModelFiles(this.projectRoot, job.modelPath);
    const data = dataFileContents(request.data);
    const workarounds = workaroundFiles(job.solver.id);
    const files = { ...sources.files, ...workarounds, ...(data === undefined ? {} : { [DATA_FILE]: data }) };
    const runStartedAt = performance.now();
    const args = [...solveArguments(job, runStartedAt), '--fzn', SOLVE_FLATZINC_FILE, sources.model, ...Object.keys(workarounds), ...(data === undefined ? [] : [DATA_FILE])];
    const elapsedMs = () => Math.round(performance.now() - job.startedAt);
    const collector = new StreamCollector(sources.nameFile, request.onSolution, elapsedMs);
    const end = await this.pool.run({
      request: { jsonStream: true, files, args, outputFiles: [SOLVE_FLATZINC_FILE] },
      deadlineAt: job.deadlineAt,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
      onMessage: (message) => collector.accept(message),
    });
    const finish = { ...finishOf(end, elapsedMs()), ...limitsAtEnd(job, runStartedAt, performance.now()) };
    const result = collector.finish(finish, job.solver, this.minizincVersion);
    const flatzinc = end.kind === 'exited' ? end.exit.outputFiles?.[SOLVE_FLATZINC_FILE] : undefined;
    return flatzinc == null ? result : { ...result, flatzincConstraints: constraintsOfFlatZincText(flatzinc) };
  }

  async compile(request: CompileRequest, solver: SolverInfo, deadlineAt: number): Promise<CompileResult> {
    const startedAt = performance.now();
    const sources = await gatherModelFiles(this.projectRoot, request.model, request.libraryDir);
    const data = dataFileContents(request.data);
    const files = data === undefined ? sources.files : { ...sources.files, [DATA_FILE]: data };
    // An absolute -G replaces the solver's globals library (a relative one would be looked up in the stdlib).
    const library = request.libraryDir === undefined ? [] : ['-G', `/minizinc/${virtualPath(this.projectRoot, request.libraryDir)}`];
    const args = ['-c', '--solver', solver.minizincId, ...library, '--fzn-format', 'json', '--fzn', FLATZINC_FILE, '--ozn', OUTPUT_MODEL_FILE, '--output-mode', 'json', '--statistics'];
    const collector = new StreamCollector(sources.nameFile, undefined, () => 0);
    const end = await this.pool.run({
      request: { jsonStream: true, files, args: [...args, sources.model, ...(data === undefined ? [] : [DATA_FILE])], outputFiles: [FLATZINC_FILE, OUTPUT_MODEL_FILE] },
      deadlineAt,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
      onMessage: (message) => collector.accept(message),
    });
    const elapsedMs = Math.round(performance.now() - startedAt);
    const outcome = collector.finish(finishOf(end, elapsedMs), solver, this.minizincVersion);
    const outputs = end.kind === 'exited' && end.exit.code === 0 ? end.exit.outputFiles ?? {} : {};
    const flatzinc = outputs[FLATZINC_FILE];
    const failure = outcome.error ?? (flatzinc == null ? { message: `Compilation stopped: ${outcome.stop}` } : undefined);
    return {
      flatzinc: flatzinc == null ? null : (JSON.parse(flatzinc) as Record<string, unknown>),
      outputModel: outputs[OUTPUT_MODEL_FILE] ?? null,
      statistics: outcome.statistics,
      minizincVersion: this.minizincVersion,
      elapsedMs,
      ...(failure === undefined ? {} : { error: failure }),
    };
  }

  async renderOutput(outputModel: string, values: Record<string, unknown>, deadlineAt: number, signal?: AbortSignal): Promise<RenderedOutput> {
    // The output model is a model without variables: any solver "solves" it and prints its
    // output item, which (compiled in JSON output mode) is the body of a solution message.
    const solver = this.offered.find((candidate) => candidate.id === 'gecode') ?? this.offered[0];
    if (solver === undefined) return { json: null, error: { message: 'No embedded solver can run an output model' } };
    let text: string | undefined;
    let failure: string | undefined;
    // MiniZinc's JSON data reader rejects an empty object ("expected string"): a model whose
    // output has no decision variables (all fixed at compile time) gets no data file at all.
    const data: Record<string, string> = Object.keys(values).length === 0 ? {} : { 'values.json': JSON.stringify(values) };
    // An empty output list compiles to `array [int] of bot: X = []`, which MiniZinc writes but
    // cannot read back as a model ("undefined identifier `bot'"): an empty array of strings prints the same.
    const model = outputModel.replace(EMPTY_ARRAY_TYPE, 'of string:');
    const end = await this.pool.run({
      request: { jsonStream: true, files: { 'output.mzn': `${model}\nsolve satisfy;\n`, ...data }, args: ['--solver', solver.minizincId, 'output.mzn', ...Object.keys(data)] },
      deadlineAt,
      ...(signal === undefined ? {} : { signal }),
      onMessage: (message) => {
        const output = message.output as { default?: unknown } | undefined;
        if (message.type === 'solution' && typeof output?.default === 'string') text ??= output.default;
        if (message.type === 'error') failure ??= [message.what, message.message].filter(Boolean).join(': ');
      },
    });
    const json = text === undefined ? undefined : (JSON.parse(`{${text}}`) as { output?: { json?: Record<string, unknown> } }).output?.json;
    if (json !== undefined) return { json };
    return { json: null, error: { message: `Rendering the output failed: ${failure ?? JSON.stringify(end)}` } };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
