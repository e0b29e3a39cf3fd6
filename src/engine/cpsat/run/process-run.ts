/**
 * One CP-SAT solve in a child process of its own. The process starts (and loads the
 * WebAssembly) as soon as a run is created, so that loading overlaps the MiniZinc compilation;
 * the model follows with `solve`. The process is killed when the run ends, at its hard deadline
 * or on abort: CP-SAT's own cancellation does not work and its solve blocks the thread.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CpModelProto, CpSolverResponse, SatParameters } from 'or-tools-wasm/cp-sat';

const ENTRY = fileURLToPath(new URL('./solver-process.mjs', import.meta.url));

/**
 * CP-SAT runs on V8's baseline WebAssembly code alone (Liftoff). With V8's default tiering
 * (Node 20) the optimising compiler's work on or-tools-wasm's 12 MB Asyncify build takes over a
 * short solve: measured on the small day of `npm run bench -- ide` (5,822 variables, load 6-8
 * on 2 cores), 0 search branches in 9.5 s by default against 6,978 with Liftoff only, and the
 * warm-started small day's first solution in 1.96 s against none in 9.5 s; on the tiny day the
 * whole search to optimality took 1.29 s against 3.2 s for 340 branches. V8 flags belong to a
 * process, hence a child process rather than a worker thread; the search is the same.
 */
const V8_FLAGS = ['--liftoff-only'];

export type CpSatEnd =
  | { kind: 'solved'; response: CpSolverResponse }
  | { kind: 'time_limit' }
  | { kind: 'cancelled' }
  | { kind: 'crashed'; message: string };

type ProcessMessage = { type: 'ready' } | { type: 'solution'; response: CpSolverResponse } | { type: 'response'; response: CpSolverResponse } | { type: 'failed'; message: string };

export interface SolveOptions {
  /** performance.now() time at which the process is killed. */
  hardDeadlineAt: number;
  signal?: AbortSignal;
  /**
   * Search to the first solution first and hand it over at once (solver-process.mjs), then on
   * from it; without, CP-SAT's one solution comes with its end.
   */
  onFirstSolution?: (response: CpSolverResponse) => void;
}

export class CpSatRun {
  private readonly child: ChildProcess;
  private readonly ended: Promise<CpSatEnd>;
  private settle!: (end: CpSatEnd) => void;
  private settled = false;
  private stderrTail = '';
  private onFirstSolution: ((response: CpSolverResponse) => void) | undefined;

  constructor() {
    this.ended = new Promise((resolve) => {
      this.settle = resolve;
    });
    // Plain ESM with the flags above: no loaders (tsx) inherited from the parent.
    this.child = fork(ENTRY, [], { execArgv: V8_FLAGS, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-1000);
    });
    this.child.on('message', (message: ProcessMessage) => {
      if (message.type === 'solution' && !this.settled) this.onFirstSolution?.(message.response);
      if (message.type === 'response') this.end({ kind: 'solved', response: message.response });
      if (message.type === 'failed') this.end({ kind: 'crashed', message: message.message });
    });
    this.child.on('error', (error: Error) => this.end({ kind: 'crashed', message: `The CP-SAT process failed: ${error.message}` }));
    this.child.on('exit', (code, signal) =>
      this.end({ kind: 'crashed', message: `The CP-SAT process exited with ${signal ?? `code ${code}`}${this.stderrTail === '' ? '' : `: ${this.stderrTail.trim()}`}` }),
    );
  }

  /** Solves the model; the process is killed at the hard deadline or on abort. */
  solve(model: CpModelProto, parameters: SatParameters, { hardDeadlineAt, signal, onFirstSolution }: SolveOptions): Promise<CpSatEnd> {
    const timer = setTimeout(() => this.end({ kind: 'time_limit' }), Math.max(0, hardDeadlineAt - performance.now()));
    const onAbort = () => this.end({ kind: 'cancelled' });
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.onFirstSolution = onFirstSolution;
    if (!this.settled) this.child.send({ model, parameters, firstSolutionFirst: onFirstSolution !== undefined });
    return this.ended.finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  }

  /** Ends the run without solving (the compilation or the translation failed). */
  discard(): void {
    this.end({ kind: 'cancelled' });
  }

  private end(end: CpSatEnd): void {
    if (this.settled) return;
    this.settled = true;
    this.settle(end);
    this.child.kill('SIGKILL');
  }
}
