/**
 * The engine: starts the backends, keeps the solver registry, admits solves into the
 * available slots and hands each one to the backend its solver id picks.
 */
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Admission, type NotAdmitted } from './admission.ts';
import { createCpSatBackend } from './cpsat/backend.ts';
import { createEmbeddedBackend, type EmbeddedBackend } from './embedded/backend.ts';
import { projectRelative, resolveModelPath } from './model-files.ts';
import { createNativeBackend, type NativeBackend } from './native/backend.ts';
import { SolverRegistry } from './registry.ts';
import { StreamCollector, type Finish } from './stream.ts';
import { judgeClaim, rawClaim } from './trust/confirm.ts';
import type { Backend, BackendName, CompileRequest, CompileResult, EngineLogger, EngineOptions, SolveJob, SolveRequest, SolveResult, SolverInfo } from './types.ts';

export interface Engine {
  /** Runs a model; resolves with the outcome (ERROR included), rejects only when the queue is full or the solver unknown. */
  solve(request: SolveRequest): Promise<SolveResult>;
  /** Compiles a model to FlatZinc JSON with the embedded MiniZinc 2.10. */
  compile(request: CompileRequest): Promise<CompileResult>;
  /** Every solver of every backend, preferred backend first. */
  solvers(): SolverInfo[];
  /** The solver an id picks; throws UnknownSolverError naming the available ones. */
  assertSolver(id: string): SolverInfo;
  close(): Promise<void>;
}

const DEFAULT_QUEUE_LIMIT = 16;

interface BackendContext {
  options: EngineOptions & { projectRoot: string };
  workers: number;
}

/** One factory per backend; a factory returns null when its backend is simply not installed. */
const BACKEND_FACTORIES: Record<BackendName, (context: BackendContext) => Promise<Backend | null>> = {
  embedded: ({ options, workers }) =>
    createEmbeddedBackend({
      projectRoot: options.projectRoot,
      workers,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    }),
  native: ({ options }) =>
    createNativeBackend({
      projectRoot: options.projectRoot,
      bin: options.minizincBin ?? 'minizinc',
      required: options.minizincBin !== undefined,
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    }),
};

export async function createEngine(engineOptions: EngineOptions): Promise<Engine> {
  const options = { ...engineOptions, projectRoot: engineOptions.projectRoot ?? process.cwd() };
  const workers = options.workers ?? availableParallelism();
  const order = options.backends ?? (options.minizincBin === undefined ? ['embedded', 'native'] : ['native', 'embedded']);
  const started = await Promise.allSettled(order.map((name) => BACKEND_FACTORIES[name]({ options, workers })));
  const backends = withCpSat(started.flatMap((outcome) => (outcome.status === 'fulfilled' && outcome.value !== null ? [outcome.value] : [])));
  try {
    const failure = started.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    const registry = new SolverRegistry(backends);
    for (const id of options.requireSolvers ?? []) registry.resolve(id);
    return new SolvingEngine(options.projectRoot, backends, registry, new Admission(workers, options.queueLimit ?? DEFAULT_QUEUE_LIMIT), options.logger);
  } catch (error) {
    await Promise.all(backends.map((backend) => backend.close()));
    throw error;
  }
}

/**
 * CP-SAT runs behind the embedded MiniZinc (it compiles the models, with the native MiniZinc
 * first where there is one): it follows it in the preference order.
 */
function withCpSat(backends: Backend[]): Backend[] {
  const native = backends.find((backend) => backend.name === 'native') as NativeBackend | undefined;
  return backends.flatMap((backend) => {
    const cpSat = backend.name === 'embedded' ? createCpSatBackend(backend as EmbeddedBackend, native) : null;
    return cpSat === null ? [backend] : [backend, cpSat];
  });
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then((found) => found.isFile(), () => false);
}

class SolvingEngine implements Engine {
  constructor(
    private readonly projectRoot: string,
    private readonly backends: Backend[],
    private readonly registry: SolverRegistry,
    private readonly admission: Admission,
    private readonly logger?: EngineLogger,
  ) {}

  /** Runs the backend, then judges a claim of UNSATISFIABLE or OPTIMAL (src/engine/trust/). */
  async solve(request: SolveRequest): Promise<SolveResult> {
    const deadlineAt = performance.now() + request.timeLimitMs;
    const result = await this.solveOnce(request);
    if (request.proofs === 'raw') return rawClaim(result);
    return judgeClaim(request, result, {
      deadlineAt,
      solvers: this.registry.all(),
      solveRaw: (check) => this.solveOnce(check).then(rawClaim),
      ...(this.logger === undefined ? {} : { logger: this.logger }),
    });
  }

  private async solveOnce(request: SolveRequest): Promise<SolveResult> {
    const startedAt = performance.now();
    assertTimeLimit(request.timeLimitMs);
    const { backend, solver } = this.registry.resolve(request.solver);
    const modelPath = resolveModelPath(this.projectRoot, request.model);
    const job: SolveJob = { request, modelPath, solver, startedAt, deadlineAt: startedAt + request.timeLimitMs };
    // Admission first, synchronously at the call: solves are admitted (or refused) in the order
    // they were asked for. A file check before it let three calls race through the file system
    // and be admitted in whichever order their checks returned.
    const permit = await this.admission.acquire(job.deadlineAt, request.signal);
    if (typeof permit === 'string') return this.unrun(job, backend, permit);
    try {
      if (!(await isFile(modelPath))) return this.unrun(job, backend, `Model file not found: ${projectRelative(this.projectRoot, modelPath)}`);
      return await backend.solve(job);
    } finally {
      permit.release();
    }
  }

  async compile(request: CompileRequest): Promise<CompileResult> {
    const startedAt = performance.now();
    assertTimeLimit(request.timeLimitMs);
    const embedded = this.backends.find((backend): backend is EmbeddedBackend => backend.name === 'embedded' && 'compile' in backend);
    if (embedded === undefined) throw new Error('Compiling to FlatZinc JSON needs the embedded backend (MiniZinc 2.10).');
    const { solver } = this.registry.resolve(`embedded:${request.solver ?? 'gecode'}`);
    const resolved: CompileRequest = {
      ...request,
      model: resolveModelPath(this.projectRoot, request.model),
      ...(request.libraryDir === undefined ? {} : { libraryDir: resolveModelPath(this.projectRoot, request.libraryDir) }),
    };
    const deadlineAt = startedAt + request.timeLimitMs;
    const permit = await this.admission.acquire(deadlineAt, request.signal);
    if (typeof permit === 'string') {
      const elapsedMs = Math.round(performance.now() - startedAt);
      return { flatzinc: null, outputModel: null, statistics: {}, minizincVersion: embedded.minizincVersion, elapsedMs, error: { message: `Compilation stopped: ${permit}` } };
    }
    try {
      return await embedded.compile(resolved, solver, deadlineAt);
    } finally {
      permit.release();
    }
  }

  solvers(): SolverInfo[] {
    return this.registry.all();
  }

  assertSolver(id: string): SolverInfo {
    return this.registry.resolve(id).solver;
  }

  async close(): Promise<void> {
    await Promise.all(this.backends.map((backend) => backend.close()));
  }

  /** The result of a solve that never reached a solver: stopped while queued, or no model. */
  private unrun(job: SolveJob, backend: Backend, reason: NotAdmitted | string): SolveResult {
    const collector = new StreamCollector((name) => name, undefined, () => 0);
    const elapsedMs = Math.round(performance.now() - job.startedAt);
    const finish: Finish = reason === 'time_limit' || reason === 'cancelled' ? { ending: reason, elapsedMs } : { ending: 'exited', elapsedMs, failure: reason };
    return collector.finish(finish, job.solver, backend.minizincVersion);
  }
}

function assertTimeLimit(timeLimitMs: number): void {
  if (!Number.isFinite(timeLimitMs) || timeLimitMs <= 0) throw new RangeError(`timeLimitMs must be a positive number of milliseconds, not ${timeLimitMs}`);
}
