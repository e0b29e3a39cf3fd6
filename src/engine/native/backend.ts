/**
 * The native backend: a `minizinc` executable (MINIZINC_BIN or PATH): Debian's 2.6.4 with
 * Gecode, or the official bundle with Chuffed, COIN-BC, HiGHS and OR-Tools CP-SAT. Each run
 * gets a temporary directory for its data, removed afterwards.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { limitsAtEnd, solveArguments } from '../arguments.ts';
import { DATA_FILE, dataFileContents, projectRelative } from '../model-files.ts';
import { knownSolvers, type MinizincSolverConfig } from '../registry.ts';
import { StreamCollector, type Finish } from '../stream.ts';
import type { Backend, CompileRequest, EngineErrorInfo, EngineLogger, SolveJob, SolveResult, SolverInfo } from '../types.ts';
import { constraintsOfFlatZincText } from '../trust/flatzinc-constraints.ts';
import type { RenderedOutput } from '../embedded/backend.ts';
import { nativeWorkaroundPaths } from '../embedded/workarounds.ts';
import { runNative, type NativeEnd } from './run.ts';

export interface NativeBackendOptions {
  projectRoot: string;
  /** The executable; `minizinc` means the one on PATH. */
  bin: string;
  /** The executable was configured explicitly: failing to run it is an error, not an absence. */
  required: boolean;
  logger?: EngineLogger;
}

const PROBE_MODEL = 'var 1..2: x;\nsolve satisfy;\n';
const PROBE_MS = 30_000;

function finishOf(end: NativeEnd, elapsedMs: number): Finish {
  switch (end.kind) {
    case 'exited':
      return end.exitCode === 0 ? { ending: 'exited', elapsedMs } : { ending: 'exited', elapsedMs, failure: `MiniZinc exited with code ${end.exitCode}` };
    case 'crashed':
      return { ending: 'crashed', elapsedMs, failure: end.message };
    default:
      return { ending: end.kind, elapsedMs };
  }
}

async function withTemporaryDirectory<T>(use: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'mzn-native-'));
  try {
    return await use(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A solver is offered only if it solves a one-variable model: a configuration can name a missing binary. */
async function probe(bin: string, solver: SolverInfo): Promise<string | undefined> {
  return withTemporaryDirectory(async (directory) => {
    await writeFile(join(directory, 'probe.mzn'), PROBE_MODEL);
    const result = await execa(bin, ['--solver', solver.minizincId, 'probe.mzn'], { cwd: directory, reject: false, timeout: PROBE_MS });
    return result.exitCode === 0 && result.stdout.includes('----------') ? undefined : `${result.shortMessage ?? ''} ${result.stderr}`.trim();
  });
}

/** The output of `compile`: FlatZinc as text (MiniZinc 2.6 has no JSON FlatZinc), or why there is none. */
export interface NativeCompileResult {
  flatzinc: string | null;
  /** The output model (.ozn), compiled in JSON output mode. */
  outputModel: string | null;
  elapsedMs: number;
  stop: 'compiled' | 'time_limit' | 'cancelled' | 'failed';
  error?: EngineErrorInfo;
}

/** The native backend as the CP-SAT backend compiles with it. */
export interface NativeBackend extends Backend {
  compile(request: CompileRequest, solver: SolverInfo, deadlineAt: number): Promise<NativeCompileResult>;
  renderOutput(outputModel: string, values: Record<string, unknown>, solver: SolverInfo, deadlineAt: number, signal?: AbortSignal): Promise<RenderedOutput>;
}

/** Null when no executable is found and none was configured. */
export async function createNativeBackend(options: NativeBackendOptions): Promise<NativeBackend | null> {
  const version = await execa(options.bin, ['--version'], { reject: false, timeout: PROBE_MS });
  if (version.exitCode !== 0) {
    if (!options.required) return null;
    throw new Error(`The native MiniZinc "${options.bin}" cannot be run: ${version.shortMessage}`);
  }
  const listed = await execa(options.bin, ['--solvers-json'], { timeout: PROBE_MS });
  const candidates = knownSolvers(JSON.parse(listed.stdout) as MinizincSolverConfig[], 'native');
  const failures = await Promise.all(candidates.map((solver) => probe(options.bin, solver)));
  failures.forEach((failure, index) => {
    if (failure !== undefined) options.logger?.warn({ solver: candidates[index]!.key, failure }, 'native solver listed but not runnable');
  });
  const minizincVersion = /version (\S+?),?\s/.exec(version.stdout)?.[1] ?? 'unknown';
  return new Native(options.projectRoot, options.bin, minizincVersion, candidates.filter((_, index) => failures[index] === undefined));
}

class Native implements NativeBackend {
  readonly name = 'native' as const;
  /**
   * Where the standard library is (`-G` names a solver library relative to it), undefined if not
   * reported: asked once, at the first compile with a library (only CP-SAT compiles here), so
   * that an engine's start-up does not pay for it.
   */
  private stdlibDir: Promise<string | undefined> | undefined;

  constructor(
    private readonly projectRoot: string,
    private readonly bin: string,
    readonly minizincVersion: string,
    private readonly offered: SolverInfo[],
  ) {}

  private standardLibrary(): Promise<string | undefined> {
    this.stdlibDir ??= execa(this.bin, ['--config-dirs'], { reject: false, timeout: PROBE_MS }).then((directories) =>
      directories.exitCode === 0 ? (JSON.parse(directories.stdout) as { mznStdlibDir?: string }).mznStdlibDir : undefined,
    );
    return this.stdlibDir;
  }

  solvers(): SolverInfo[] {
    return this.offered;
  }

  solve(job: SolveJob): Promise<SolveResult> {
    return withTemporaryDirectory(async (directory) => {
      const { request } = job;
      const data = dataFileContents(request.data);
      const dataPath = join(directory, DATA_FILE);
      if (data !== undefined) await writeFile(dataPath, data);
      const nameFile = (filename: string) => (filename === dataPath ? 'data' : projectRelative(this.projectRoot, filename));
      const elapsedMs = () => Math.round(performance.now() - job.startedAt);
      const collector = new StreamCollector(nameFile, request.onSolution, elapsedMs);
      const runStartedAt = performance.now();
      // The FlatZinc is kept beside the solve: the trust policy reads its constraints.
      const flatzincPath = join(directory, 'model.fzn');
      const args = ['--json-stream', ...solveArguments(job, runStartedAt), '--fzn', flatzincPath, job.modelPath, ...nativeWorkaroundPaths(job.solver.id), ...(data === undefined ? [] : [dataPath])];
      const end = await runNative({
        bin: this.bin,
        args,
        cwd: directory,
        deadlineAt: job.deadlineAt,
        ...(request.signal === undefined ? {} : { signal: request.signal }),
        onMessage: (message) => collector.accept(message),
        onStderr: (text) => collector.addStderr(text),
      });
      const finish = { ...finishOf(end, elapsedMs()), ...limitsAtEnd(job, runStartedAt, performance.now()) };
      const result = collector.finish(finish, job.solver, this.minizincVersion);
      const flatzinc = await readFile(flatzincPath, 'utf8').catch(() => undefined);
      return flatzinc === undefined ? result : { ...result, flatzincConstraints: constraintsOfFlatZincText(flatzinc) };
    });
  }

  /**
   * Compiles a model to FlatZinc text and an output model in JSON output mode, under `solver`'s
   * configuration with `request.libraryDir` as its globals library (-G).
   */
  compile(request: CompileRequest, solver: SolverInfo, deadlineAt: number): Promise<NativeCompileResult> {
    const startedAt = performance.now();
    return withTemporaryDirectory(async (directory) => {
      const data = dataFileContents(request.data);
      const dataPath = join(directory, DATA_FILE);
      if (data !== undefined) await writeFile(dataPath, data);
      const elapsedMs = () => Math.round(performance.now() - startedAt);
      const stdlibDir = request.libraryDir === undefined ? undefined : await this.standardLibrary();
      if (request.libraryDir !== undefined && stdlibDir === undefined) {
        return { flatzinc: null, outputModel: null, elapsedMs: elapsedMs(), stop: 'failed', error: { message: 'The native MiniZinc did not report its standard library directory' } };
      }
      const library = request.libraryDir === undefined ? [] : ['-G', relative(stdlibDir!, request.libraryDir)];
      const [flatzincPath, outputPath] = [join(directory, 'model.fzn'), join(directory, 'model.ozn')];
      const args = ['--json-stream', '-c', '--solver', solver.minizincId, ...library, '--fzn', flatzincPath, '--ozn', outputPath, '--output-mode', 'json', request.model, ...(data === undefined ? [] : [dataPath])];
      const nameFile = (filename: string) => (filename === dataPath ? 'data' : projectRelative(this.projectRoot, filename));
      const collector = new StreamCollector(nameFile, undefined, elapsedMs);
      const end = await runNative({
        bin: this.bin,
        args,
        cwd: directory,
        deadlineAt,
        ...(request.signal === undefined ? {} : { signal: request.signal }),
        onMessage: (message) => collector.accept(message),
        onStderr: (text) => collector.addStderr(text),
      });
      if (end.kind === 'time_limit' || end.kind === 'cancelled') return { flatzinc: null, outputModel: null, elapsedMs: elapsedMs(), stop: end.kind };
      const [flatzinc, outputModel] = await Promise.all([readFile(flatzincPath, 'utf8').catch(() => null), readFile(outputPath, 'utf8').catch(() => null)]);
      if (end.kind === 'exited' && end.exitCode === 0 && flatzinc !== null && outputModel !== null) return { flatzinc, outputModel, elapsedMs: elapsedMs(), stop: 'compiled' };
      const outcome = collector.finish(finishOf(end, elapsedMs()), solver, this.minizincVersion);
      return { flatzinc: null, outputModel: null, elapsedMs: elapsedMs(), stop: 'failed', error: outcome.error ?? { message: 'The native MiniZinc wrote no FlatZinc' } };
    });
  }

  /**
   * Runs an output model that `compile` wrote on values for its variables (MiniZinc JSON data)
   * and returns the solution it prints, as the embedded backend's renderOutput does.
   */
  renderOutput(outputModel: string, values: Record<string, unknown>, solver: SolverInfo, deadlineAt: number, signal?: AbortSignal): Promise<RenderedOutput> {
    return withTemporaryDirectory(async (directory) => {
      // Not `output.mzn`: the standard library has a file of that name.
      const [modelPath, valuesPath] = [join(directory, 'solution-output.mzn'), join(directory, 'values.json')];
      await writeFile(modelPath, `${outputModel}\nsolve satisfy;\n`);
      // MiniZinc's JSON data reader rejects an empty object: no data file when there are no values.
      const hasValues = Object.keys(values).length > 0;
      if (hasValues) await writeFile(valuesPath, JSON.stringify(values));
      let text: string | undefined;
      const collector = new StreamCollector((filename) => projectRelative(this.projectRoot, filename), undefined, () => 0);
      const end = await runNative({
        bin: this.bin,
        args: ['--json-stream', '--solver', solver.minizincId, modelPath, ...(hasValues ? [valuesPath] : [])],
        cwd: directory,
        deadlineAt,
        ...(signal === undefined ? {} : { signal }),
        onMessage: (message) => {
          const output = message.output as { default?: unknown } | undefined;
          if (message.type === 'solution' && typeof output?.default === 'string') text ??= output.default;
          collector.accept(message);
        },
        onStderr: (chunk) => collector.addStderr(chunk),
      });
      // Compiled under --json-stream, the output item prints `"output": {"json": {...}, ...}`.
      const json = text === undefined ? undefined : (JSON.parse(`{${text}}`) as { output?: { json?: Record<string, unknown> } }).output?.json;
      if (json !== undefined) return { json };
      const outcome = collector.finish(finishOf(end, 0), solver, this.minizincVersion);
      return { json: null, error: { message: `Rendering the output failed: ${outcome.error?.message ?? end.kind}` } };
    });
  }

  async close(): Promise<void> {
    // Runs own their processes and directories; nothing outlives them.
  }
}
