/**
 * The CP-SAT backend: OR-Tools CP-SAT (npm `or-tools-wasm`, WebAssembly) behind the embedded
 * MiniZinc. A solve compiles the model to FlatZinc against the CP-SAT library (mznlib/), with
 * the native `minizinc` where there is one (FlatZinc text, read by flatzinc-text.ts) and else,
 * or when that fails, with the embedded MiniZinc (FlatZinc JSON); translates it (translate/),
 * solves it in a child process of its own, and renders the solution through the model's own
 * output model, so its result has the same shape as any embedded solver's. It counts as an
 * embedded solver: `embedded:cp-sat`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SEED, softTimeLimitMs } from '../arguments.ts';
import type { EmbeddedBackend, RenderedOutput } from '../embedded/backend.ts';
import type { NativeBackend } from '../native/backend.ts';
import type { Backend, CompileResult, EngineErrorInfo, SolveJob, SolveResult, SolverInfo, StopReason } from '../types.ts';
import { constraintsOfFlatZincJson } from '../trust/flatzinc-constraints.ts';
import { FlatZincSyntaxError, parseFlatZincText } from './flatzinc-text.ts';
import { outcomeOf, type CpSatOutcome } from './run/outcome.ts';
import { solutionValues } from './run/values.ts';
import type { CpSolverResponse } from 'or-tools-wasm/cp-sat';
import { CpSatRun } from './run/process-run.ts';
import { translate, translateFlatZinc, TranslationError, type Translation } from './translate/index.ts';

export const CP_SAT_LIBRARY = fileURLToPath(new URL('./mznlib/', import.meta.url));

/**
 * Time kept back from CP-SAT for rendering its solution through the output model (one short
 * embedded MiniZinc run, 300-1000 ms measured on a busy 2-core machine).
 */
const RENDER_RESERVE_MS = 800;
/**
 * CP-SAT's presolve and probing are skipped. In the WebAssembly build (Asyncify on Node 20, one
 * thread) they run some hundred times slower in wall time than their deterministic time says:
 * on the tiny day of `npm run bench -- ide` (849 variables) the presolve alone took the whole
 * 10 s budget (its probing 2.6 s for 0.014 deterministic seconds) and no solution was ever
 * found; without them the search starts after ~2-4 s and finds one. The search (and so every
 * OPTIMAL or UNSATISFIABLE claim) is the same CP-SAT search on the unpresolved model.
 * Its LP relaxation is left out too (linearization level 0): measured with Liftoff only
 * (process-run.ts), load 5-7, to the first solution on the `small` day 1.55 s instead of none
 * in 9.5 s cold and 0.79 s instead of 1.96 s warm, and `tiny` proven optimal in 1.86 s instead
 * of 2.50 s; the LP's bounds are not worth their time in this build.
 */
const FAST_START = { cpModelPresolve: false, cpModelProbingLevel: 0, linearizationLevel: 0 } as const;
/**
 * CP-SAT's own time limit. With V8's default tiering it overran it by 1-2 s on a loaded machine
 * (8 s asked, 8.9 s reported, the response back after 10.0 s), and a run killed at the hard
 * deadline loses every solution it found after its first (or-tools-wasm delivers a search's
 * solution only when it returns; the first is handed over on its own, solver-process.mjs), so
 * the margin is wider than MiniZinc's: an eighth of the time left, between 0.5 s and 3 s, never
 * more than half. It was a quarter, at least 1.5 s, before CP-SAT ran on Liftoff only: then a
 * 4 s solve gave CP-SAT 1.45 s and answered after 1.9-2.0 s (hard-optimisation.mzn, n = 14,
 * load ~2; CP-SAT's solveTime 1.44-1.49 s, no overrun), half its limit unused.
 */
function cpSatSoftLimitMs(remainingMs: number): number {
  const margin = Math.min(remainingMs / 2, Math.min(3000, Math.max(500, remainingMs / 8)));
  return Math.max(1, Math.min(softTimeLimitMs(remainingMs), Math.floor(remainingMs - margin)));
}
/** Below this, starting CP-SAT is pointless: the run ends UNKNOWN at once. */
const MIN_SOLVE_MS = 50;

/** The package's version (its package.json is not exported: found from its CP-SAT entry, build/javascript/node/cp-sat.js). */
function orToolsVersion(): string {
  const entry = createRequire(import.meta.url).resolve('or-tools-wasm/cp-sat');
  const manifest = join(dirname(entry), '..', '..', '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * The CP-SAT solver of an embedded backend, or null when or-tools-wasm is not installed. With a
 * native backend that has Gecode, models are compiled with the native `minizinc` first: measured
 * on the days of `npm run bench -- ide` at load 5-9, 0.13-0.32 s against 1-7 s embedded.
 */
export function createCpSatBackend(embedded: EmbeddedBackend, native?: NativeBackend): Backend | null {
  const minizinc = embedded.solvers().find((solver) => solver.id === 'gecode');
  if (minizinc === undefined) return null;
  let version: string;
  try {
    version = orToolsVersion();
  } catch {
    return null;
  }
  const solver: SolverInfo = {
    id: 'cp-sat',
    // CP-SAT's own version is not exposed by the WebAssembly build: the package's is.
    name: 'OR-Tools CP-SAT (or-tools-wasm)',
    version,
    backend: 'embedded',
    key: 'embedded:cp-sat',
    minizincId: minizinc.minizincId,
    flags: ['-f', '-r'],
  };
  const nativeGecode = native?.solvers().find((candidate) => candidate.id === 'gecode');
  const nativeCompiler = native === undefined || nativeGecode === undefined ? undefined : { backend: native, solver: nativeGecode };
  return new CpSatBackend(embedded, minizinc, solver, nativeCompiler);
}

/** A solution already rendered and passed to the caller. */
interface Reported {
  outcome: CpSatOutcome;
  solution: Record<string, unknown>;
}

function sameValues(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** A compilation, and whether the native MiniZinc made it (its output model is rendered by the same). */
type Compiled = CompileResult & { natively: boolean };

/** A compiled and translated model. */
interface Prepared {
  compiled: Compiled;
  translation: Translation;
}

class CpSatBackend implements Backend {
  readonly name = 'embedded' as const;

  constructor(
    private readonly embedded: EmbeddedBackend,
    /** The MiniZinc solver configuration the model is compiled under (its globals are replaced by mznlib/). */
    private readonly compiler: SolverInfo,
    private readonly solver: SolverInfo,
    /** The native MiniZinc and the solver configuration it compiles under, when there is one. */
    private readonly nativeCompiler?: { backend: NativeBackend; solver: SolverInfo },
  ) {}

  get minizincVersion(): string {
    return this.embedded.minizincVersion;
  }

  solvers(): SolverInfo[] {
    return [this.solver];
  }

  /** Nothing to close: each solve's process ends with its solve; the embedded backend closes itself. */
  async close(): Promise<void> {}

  async solve(job: SolveJob): Promise<SolveResult> {
    const run = new CpSatRun();
    try {
      return await this.solveWith(run, job);
    } finally {
      run.discard();
    }
  }

  private async solveWith(run: CpSatRun, job: SolveJob): Promise<SolveResult> {
    const native = await this.compileNatively(job);
    const compiled = native?.compiled ?? { ...(await this.compile(job)), natively: false };
    const result = await this.solveCompiled(run, job, compiled, native?.translation);
    return compiled.flatzinc === null ? result : { ...result, flatzincConstraints: constraintsOfFlatZincJson(compiled.flatzinc) };
  }

  /**
   * The model compiled by the native MiniZinc and translated, or null where there is none or
   * any step fails (a model the native version cannot read, FlatZinc the translator refuses, a
   * stop): the embedded compilation then decides, and reports, as it would alone.
   */
  private async compileNatively(job: SolveJob): Promise<Prepared | null> {
    if (this.nativeCompiler === undefined) return null;
    const { backend, solver } = this.nativeCompiler;
    const signal = job.request.signal;
    const request = { model: job.modelPath, data: job.request.data, libraryDir: CP_SAT_LIBRARY, timeLimitMs: job.request.timeLimitMs, ...(signal === undefined ? {} : { signal }) };
    const native = await backend.compile(request, solver, job.deadlineAt);
    if (native.flatzinc === null || native.outputModel === null) return null;
    try {
      const flatzinc = parseFlatZincText(native.flatzinc);
      const translation = translateFlatZinc(flatzinc, { freeSearch: job.request.freeSearch === true });
      const compiled: Compiled = {
        natively: true,
        flatzinc: flatzinc as unknown as Record<string, unknown>,
        outputModel: native.outputModel,
        statistics: {},
        minizincVersion: backend.minizincVersion,
        elapsedMs: native.elapsedMs,
      };
      return { compiled, translation };
    } catch (error) {
      if (error instanceof FlatZincSyntaxError || error instanceof TranslationError) return null;
      throw error;
    }
  }

  private compile(job: SolveJob): Promise<CompileResult> {
    const signal = job.request.signal;
    return this.embedded.compile(
      { model: job.modelPath, data: job.request.data, libraryDir: CP_SAT_LIBRARY, timeLimitMs: job.request.timeLimitMs, ...(signal === undefined ? {} : { signal }) },
      this.compiler,
      job.deadlineAt,
    );
  }

  private async solveCompiled(run: CpSatRun, job: SolveJob, compiled: Compiled, translated?: Translation): Promise<SolveResult> {
    const { request } = job;
    const signal = request.signal;
    const statistics: Record<string, number | string> = { flatTime: compiled.elapsedMs / 1000, flatCompiler: `MiniZinc ${compiled.minizincVersion}` };
    if (compiled.flatzinc === null || compiled.outputModel === null) {
      const stop = signal?.aborted ? 'cancelled' : performance.now() >= job.deadlineAt ? 'time_limit' : 'failed';
      return this.result(job, { status: stop === 'failed' ? 'ERROR' : 'UNKNOWN', stop, values: null, objective: null, bound: null }, statistics, stop === 'failed' ? compiled.error : undefined);
    }

    let translation: Translation;
    try {
      translation = translated ?? translate(compiled.flatzinc, { freeSearch: request.freeSearch === true });
    } catch (error) {
      if (!(error instanceof TranslationError)) throw error;
      return this.result(job, { status: 'ERROR', stop: 'failed', values: null, objective: null, bound: null }, statistics, { message: `CP-SAT backend: ${error.message}` });
    }
    statistics.method = translation.objective ?? 'satisfy';
    statistics.variables = translation.model.variables?.length ?? 0;
    statistics.constraints = translation.model.constraints?.length ?? 0;

    // CP-SAT stops itself at its soft limit (as MiniZinc's --time-limit); its process is
    // killed at the hard one, which leaves the time to render the solution.
    const hardDeadlineAt = job.deadlineAt - Math.min(RENDER_RESERVE_MS, request.timeLimitMs * 0.3);
    const remainingMs = hardDeadlineAt - performance.now();
    const solveMs = cpSatSoftLimitMs(remainingMs);
    const solveStartedAt = performance.now();
    if (remainingMs <= MIN_SOLVE_MS) return this.result(job, { status: 'UNKNOWN', stop: 'time_limit', values: null, objective: null, bound: null }, statistics);
    // An optimisation hands its first solution over as soon as CP-SAT has it (see
    // solver-process.mjs), rendered while the search goes on. With a failure limit, one search
    // as before: the limit applies to it as Gecode's --fail does.
    let first: Promise<Reported | null> | undefined;
    const firstSolutionFirst = translation.objective !== null && request.failLimit === undefined;
    const end = await run.solve(
      translation.model,
      {
        maxTimeInSeconds: solveMs / 1000,
        numSearchWorkers: 1,
        ...FAST_START,
        randomSeed: request.seed ?? DEFAULT_SEED,
        // CP-SAT's failures are its conflicts: one search thread, a fixed seed and a conflict
        // limit make a run that the limit cuts repeat exactly, as Gecode's --fail does.
        ...(request.failLimit === undefined ? {} : { maxNumberOfConflicts: request.failLimit }),
      },
      {
        hardDeadlineAt,
        ...(signal === undefined ? {} : { signal }),
        ...(firstSolutionFirst ? { onFirstSolution: (response: CpSolverResponse) => (first = this.reportFirst(job, translation, compiled, response)) } : {}),
      },
    );
    const reported = first === undefined ? null : await first;
    // CP-SAT is a complete search whose only other stops here are a proof and, when asked, its
    // conflict limit: without that limit, an end without a proof is its time limit. (Judged by
    // the clock with a 50 ms tolerance, a 4 s solve was once called 'incomplete' in a CI run:
    // the child's searches keep their own budgets, which the parent cannot see exactly.)
    const limits = { timeLimitReached: request.failLimit === undefined || performance.now() >= solveStartedAt + solveMs - 50, failLimited: request.failLimit !== undefined };
    const outcome = outcomeOf(end, translation, limits);
    if (end.kind === 'solved') Object.assign(statistics, solveStatistics(end.response));
    // Killed at the hard deadline, cancelled or out of time without a second solution after the
    // first: the first stands.
    if (outcome.values === null && reported !== null && outcome.status === 'UNKNOWN') {
      return this.result(job, { ...reported.outcome, status: 'SATISFIED', stop: outcome.stop }, statistics, undefined, reported.solution);
    }
    if (outcome.values === null) return this.result(job, outcome, statistics, outcome.error);
    if (reported !== null && sameValues(reported.outcome.values!, outcome.values)) return this.result(job, outcome, statistics, undefined, reported.solution);

    const rendered = await this.render(compiled, solutionValues(translation, outcome.values), job.deadlineAt, signal);
    if (rendered.json === null) {
      const stop: StopReason = signal?.aborted ? 'cancelled' : performance.now() >= job.deadlineAt ? 'time_limit' : 'failed';
      if (reported !== null && stop !== 'failed') return this.result(job, { ...reported.outcome, status: 'SATISFIED', stop }, statistics, undefined, reported.solution);
      const unrendered = { status: stop === 'failed' ? ('ERROR' as const) : ('UNKNOWN' as const), stop, values: null, objective: null, bound: outcome.bound };
      return this.result(job, unrendered, statistics, stop === 'failed' ? rendered.error : undefined);
    }
    const result = this.result(job, outcome, statistics, undefined, rendered.json);
    request.onSolution?.({ solution: rendered.json, objective: result.objective, elapsedMs: result.elapsedMs });
    return result;
  }

  /**
   * Runs the output model on a solution, with the MiniZinc that compiled it: the native one
   * renders in 0.2 s where the embedded one took 1.5-4.5 s on a busy machine (its first run in
   * the process at load 10).
   */
  private render(compiled: Compiled, values: Record<string, unknown>, deadlineAt: number, signal?: AbortSignal): Promise<RenderedOutput> {
    const native = this.nativeCompiler;
    if (compiled.natively && native !== undefined) return native.backend.renderOutput(compiled.outputModel!, values, native.solver, deadlineAt, signal);
    return this.embedded.renderOutput(compiled.outputModel!, values, deadlineAt, signal);
  }

  /** Renders CP-SAT's first solution and passes it to the caller; null if it cannot be rendered. */
  private async reportFirst(job: SolveJob, translation: Translation, compiled: Compiled, response: CpSolverResponse): Promise<Reported | null> {
    const outcome = outcomeOf({ kind: 'solved', response }, translation, { timeLimitReached: false, failLimited: false });
    if (outcome.values === null) return null;
    const rendered = await this.render(compiled, solutionValues(translation, outcome.values), job.deadlineAt, job.request.signal);
    if (rendered.json === null) return null;
    job.request.onSolution?.({ solution: rendered.json, objective: outcome.objective, elapsedMs: Math.round(performance.now() - job.startedAt) });
    return { outcome, solution: rendered.json };
  }

  private result(job: SolveJob, outcome: CpSatOutcome, statistics: Record<string, number | string>, error?: EngineErrorInfo, solution: Record<string, unknown> | null = null): SolveResult {
    return {
      status: outcome.status,
      solution,
      objective: solution === null ? null : outcome.objective,
      bestBound: outcome.bound,
      statistics,
      solver: { id: this.solver.id, name: this.solver.name, version: this.solver.version },
      backend: 'embedded',
      minizincVersion: this.embedded.minizincVersion,
      elapsedMs: Math.round(performance.now() - job.startedAt),
      stop: outcome.stop,
      ...(error === undefined ? {} : { error }),
    };
  }
}

function solveStatistics(response: { numBranches?: unknown; numConflicts?: unknown; wallTime?: unknown; solutionInfo?: unknown }): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  if (response.numBranches !== undefined) out.nodes = Number(response.numBranches);
  if (response.numConflicts !== undefined) out.failures = Number(response.numConflicts);
  if (typeof response.wallTime === 'number') out.solveTime = response.wallTime;
  return out;
}
