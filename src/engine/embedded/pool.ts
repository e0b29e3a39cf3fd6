/**
 * The pool of embedded MiniZinc workers. A worker runs exactly one MiniZinc invocation: the
 * WebAssembly solvers keep global state between runs (Chuffed, after proving one model
 * unsatisfiable, answers the next with a wrong status), so every run gets a fresh instance of
 * the shared compiled module. A run ends when MiniZinc exits, at its deadline, on abort, or
 * when the worker dies; then its worker is terminated and a new one starts at once, so that
 * the next run rarely waits for it.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { StreamMessage } from '../stream.ts';
import type { EngineLogger } from '../types.ts';
import type { WasmDistribution } from './wasm.ts';

const BOOTSTRAP = fileURLToPath(new URL('./worker-bootstrap.cjs', import.meta.url));
/** A worker that fails this many times in a row before it is ever ready means a broken install. */
const STARTUP_ATTEMPTS = 3;

/** The minizinc-worker.js request: files for its in-memory file system and the command line. */
export interface WorkerRequest {
  jsonStream: boolean;
  args: string[];
  files?: Record<string, string>;
  outputFiles?: string[];
}

export interface ExitMessage {
  type: 'exit';
  code: number | null;
  stdout?: string;
  stderr?: string;
  /** Set when MiniZinc threw instead of returning (a stack overflow, an abort). */
  message?: string;
  outputFiles?: Record<string, string | null>;
}

export type RunEnd =
  | { kind: 'exited'; exit: ExitMessage }
  | { kind: 'time_limit' }
  | { kind: 'cancelled' }
  | { kind: 'crashed'; message: string };

export interface PoolRun {
  request: WorkerRequest;
  /** performance.now() time at which the worker is terminated. */
  deadlineAt: number;
  signal?: AbortSignal;
  onMessage(message: StreamMessage): void;
}

export interface PoolStats {
  size: number;
  idle: number;
  busy: number;
  starting: number;
  /** Workers that died (crashed, killed at a deadline or abort) instead of finishing their run. */
  died: number;
}

export interface WorkerPoolOptions {
  size: number;
  distribution: WasmDistribution;
  module: WebAssembly.Module;
  logger?: EngineLogger;
}

interface Job {
  run: PoolRun;
  settle(end: RunEnd): void;
  slot?: Slot;
}

interface Slot {
  id: number;
  worker: Worker;
  state: 'starting' | 'idle' | 'busy' | 'retired';
  job?: Job;
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private died = 0;
  private startupFailures = 0;
  private closed = false;
  private brokenBecause: string | undefined;
  private readyListeners: { resolve(): void; reject(error: Error): void }[] = [];

  private constructor(private readonly options: WorkerPoolOptions) {
    for (let i = 0; i < options.size; i += 1) this.spawn();
  }

  /** Starts `size` workers; resolves once one is ready to run. */
  static async start(options: WorkerPoolOptions): Promise<WorkerPool> {
    const pool = new WorkerPool(options);
    await pool.firstReady();
    return pool;
  }

  run(run: PoolRun): Promise<RunEnd> {
    return new Promise<RunEnd>((resolve) => {
      if (this.closed || this.brokenBecause !== undefined) {
        resolve(this.closed ? { kind: 'cancelled' } : { kind: 'crashed', message: this.brokenBecause! });
        return;
      }
      const onAbort = () => this.stop(job, { kind: 'cancelled' });
      const timer = setTimeout(() => this.stop(job, { kind: 'time_limit' }), Math.max(0, run.deadlineAt - performance.now()));
      const job: Job = {
        run,
        settle: (end) => {
          clearTimeout(timer);
          run.signal?.removeEventListener('abort', onAbort);
          resolve(end);
        },
      };
      if (run.signal?.aborted) return this.finish(job, { kind: 'cancelled' });
      run.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(job);
      this.dispatch();
    });
  }

  stats(): PoolStats {
    const count = (state: Slot['state']) => [...this.slots].filter((slot) => slot.state === state).length;
    return { size: this.options.size, idle: count('idle'), busy: count('busy'), starting: count('starting'), died: this.died };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.settle({ kind: 'cancelled' });
    const slots = [...this.slots];
    for (const slot of slots) if (slot.job !== undefined) this.finish(slot.job, { kind: 'cancelled' });
    await Promise.all(slots.map((slot) => this.retire(slot)));
  }

  private firstReady(): Promise<void> {
    if ([...this.slots].some((slot) => slot.state === 'idle')) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyListeners.push({ resolve, reject }));
  }

  private spawn(): void {
    const { distribution, module } = this.options;
    const worker = new Worker(BOOTSTRAP, {
      workerData: { module, wasmBytes: distribution.wasmBytes, workerScript: distribution.workerScript },
      // The worker runs plain CommonJS: no loaders (tsx) inherited from the parent.
      execArgv: [],
      // Emscripten prints crash traces to the console: keep them off the process's own streams.
      stdout: true,
      stderr: true,
    });
    const slot: Slot = { id: this.nextId++, worker, state: 'starting' };
    this.slots.add(slot);
    let stderrTail = '';
    worker.stdout.resume();
    worker.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    worker.on('message', (message: StreamMessage | ExitMessage) => this.onMessage(slot, message));
    worker.on('error', (error: Error) => this.onWorkerDeath(slot, error.message, stderrTail));
    worker.on('exit', (code) => this.onWorkerDeath(slot, `worker exited with code ${code}`, stderrTail));
    worker.postMessage({ wasmURL: distribution.wasm, dataURL: distribution.data });
  }

  private onMessage(slot: Slot, message: StreamMessage | ExitMessage): void {
    if (message.type === 'ready') return this.onReady(slot);
    const job = slot.job;
    if (job === undefined) return;
    if (message.type !== 'exit') return job.run.onMessage(message as StreamMessage);
    slot.job = undefined;
    this.replace(slot);
    job.settle({ kind: 'exited', exit: message as ExitMessage });
  }

  private onReady(slot: Slot): void {
    if (slot.state !== 'starting') return;
    this.startupFailures = 0;
    for (const listener of this.readyListeners.splice(0)) listener.resolve();
    slot.state = 'idle';
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.state !== 'idle') continue;
      const job = this.waiting.shift();
      if (job === undefined) return;
      slot.state = 'busy';
      slot.job = job;
      job.slot = slot;
      slot.worker.postMessage(job.run.request);
    }
  }

  /** Deadline or abort: a waiting job just leaves; a running one takes its worker with it. */
  private stop(job: Job, end: RunEnd): void {
    const slot = job.slot;
    if (slot !== undefined && slot.job === job) {
      slot.job = undefined;
      this.died += 1;
      this.replace(slot);
    }
    this.finish(job, end);
  }

  private finish(job: Job, end: RunEnd): void {
    const index = this.waiting.indexOf(job);
    if (index >= 0) this.waiting.splice(index, 1);
    job.settle(end);
  }

  private onWorkerDeath(slot: Slot, reason: string, stderrTail: string): void {
    if (slot.state === 'retired') return;
    const wasStarting = slot.state === 'starting';
    const job = slot.job;
    slot.job = undefined;
    this.died += 1;
    this.options.logger?.warn({ worker: slot.id, reason, stderr: stderrTail }, 'embedded MiniZinc worker died');
    if (job !== undefined) this.finish(job, { kind: 'crashed', message: `The MiniZinc worker died: ${reason}` });
    if (wasStarting && ++this.startupFailures >= STARTUP_ATTEMPTS) return this.breakDown(reason);
    this.replace(slot);
  }

  private breakDown(reason: string): void {
    this.brokenBecause = `Embedded MiniZinc workers fail to start: ${reason}`;
    for (const slot of [...this.slots]) void this.retire(slot);
    for (const listener of this.readyListeners.splice(0)) listener.reject(new Error(this.brokenBecause));
    for (const job of this.waiting.splice(0)) job.settle({ kind: 'crashed', message: this.brokenBecause });
  }

  private replace(slot: Slot): void {
    void this.retire(slot);
    if (!this.closed) this.spawn();
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.state === 'retired') return;
    slot.state = 'retired';
    this.slots.delete(slot);
    await slot.worker.terminate();
  }
}
