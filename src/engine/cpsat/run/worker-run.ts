/**
 * One CP-SAT solve in its own worker thread. The worker starts (and loads the WebAssembly)
 * as soon as a run is created, so that loading overlaps the MiniZinc compilation; the model
 * follows with `solve`. The worker is terminated when the run ends, at its hard deadline or
 * on abort: CP-SAT's own cancellation does not work and its solve blocks the thread.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CpModelProto, CpSolverResponse, SatParameters } from 'or-tools-wasm/cp-sat';

const ENTRY = fileURLToPath(new URL('./worker.mjs', import.meta.url));

export type CpSatEnd =
  | { kind: 'solved'; response: CpSolverResponse }
  | { kind: 'time_limit' }
  | { kind: 'cancelled' }
  | { kind: 'crashed'; message: string };

type WorkerMessage = { type: 'ready' } | { type: 'response'; response: CpSolverResponse } | { type: 'failed'; message: string };

export class CpSatRun {
  private readonly worker: Worker;
  private readonly ended: Promise<CpSatEnd>;
  private settle!: (end: CpSatEnd) => void;
  private settled = false;
  private stderrTail = '';

  constructor() {
    this.ended = new Promise((resolve) => {
      this.settle = resolve;
    });
    // The worker runs plain ESM: no loaders (tsx) inherited from the parent.
    this.worker = new Worker(ENTRY, { execArgv: [], stdout: true, stderr: true });
    this.worker.stdout.resume();
    this.worker.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-1000);
    });
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'response') this.end({ kind: 'solved', response: message.response });
      if (message.type === 'failed') this.end({ kind: 'crashed', message: message.message });
    });
    this.worker.on('error', (error: Error) => this.end({ kind: 'crashed', message: `The CP-SAT worker died: ${error.message}` }));
    this.worker.on('exit', (code) => this.end({ kind: 'crashed', message: `The CP-SAT worker exited with code ${code}${this.stderrTail === '' ? '' : `: ${this.stderrTail.trim()}`}` }));
  }

  /** Solves the model; the worker is terminated at `hardDeadlineAt` (performance.now() time) or on abort. */
  solve(model: CpModelProto, parameters: SatParameters, hardDeadlineAt: number, signal?: AbortSignal): Promise<CpSatEnd> {
    const timer = setTimeout(() => this.end({ kind: 'time_limit' }), Math.max(0, hardDeadlineAt - performance.now()));
    const onAbort = () => this.end({ kind: 'cancelled' });
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (!this.settled) this.worker.postMessage({ model, parameters });
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
    void this.worker.terminate();
  }
}
