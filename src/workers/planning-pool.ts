/**
 * The planning worker pool of the HTTP process (piscina: worker threads, a task queue with a
 * bound, AbortSignal cancellation that terminates a worker). It is the `Planner` port of the
 * HTTP layer:
 *
 * - admission: at most `workers` plans run at once and `queueLimit` wait; one more gets 503
 *   planning_capacity_unavailable with Retry-After at once, before anything is charged;
 * - cancellation: on abort (client gone, deadline, shutdown) a queued task just leaves the queue;
 *   a running one is asked to stop (its planner and solves watch the signal) and, if it has not
 *   stopped within `cancelGraceMs`, its worker is terminated (piscina starts a new one);
 * - state(): busy workers, queue depth, capacity and saturation for /readyz and metrics.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Logger } from 'pino';
import type { PlanningEvent, PlanningOperation, SolveRecord } from '../app/index.ts';
import { ServiceError, isServiceError, type Snapshot } from '../contract/index.ts';
import { compiledModule, locateDistribution, type SolverInfo } from '../engine/index.ts';
import type { PlannedBody, Planner, PlanningContext } from '../http/ports.ts';
import { deserialize, serialize } from './errors.ts';
import { threadEntry } from './thread-entry.ts';
import type { DescribeResult, HostMessage, PlanResult, PlanTask, PlanningWorkerOptions, WorkerMessage, WorkerTask } from './protocol.ts';

export interface PlanningPoolOptions {
  /** Plans at once: one worker thread each. */
  workers: number;
  /** Plans that may wait for a worker. */
  queueLimit: number;
  /** How long a running plan may take to stop cooperatively before its worker is terminated. */
  cancelGraceMs?: number;
  worker: PlanningWorkerOptions;
  logger: Logger;
  /** Told of every answered plan and every planning event (metrics). */
  onSolved?: (record: SolveRecord) => void;
  onEvent?: (event: PlanningEvent) => void;
}

/** What /readyz and the metrics read. */
export interface PlanningPoolState {
  /** Worker threads (plans at once). */
  capacity: number;
  /** Plans running on a worker now. */
  busy: number;
  /** Admitted plans waiting for a worker. */
  queued: number;
  queueLimit: number;
  /** True when the next plan would get 503: every worker busy and the queue full (or the service stopping). */
  saturated: boolean;
  stopping: boolean;
  /** Counters since start. */
  totals: { admitted: number; refused: number; completed: number; cancelled: number; workersTerminated: number; validatorRejections: number };
}

const DEFAULT_CANCEL_GRACE_MS = 750;

interface Admitted {
  deadlineAt: number;
  started: boolean;
}

export class PlanningPool implements Planner {
  private readonly piscina: Piscina<WorkerTask, PlanResult | DescribeResult>;
  private readonly admitted = new Set<Admitted>();
  private readonly totals = { admitted: 0, refused: 0, completed: 0, cancelled: 0, workersTerminated: 0, validatorRejections: 0 };
  private stopping = false;
  private describedSolvers: SolverInfo[] = [];
  private readonly idleListeners = new Set<() => void>();

  private constructor(
    private readonly options: PlanningPoolOptions,
    minizincModule: WebAssembly.Module,
  ) {
    const { filename, entry } = threadEntry(import.meta.url, 'planning-worker');
    this.piscina = new Piscina({
      filename,
      minThreads: options.workers,
      maxThreads: options.workers,
      // admission below keeps the queue within its limit; piscina's own bound is only a backstop
      maxQueue: options.workers + options.queueLimit,
      idleTimeout: Number.MAX_SAFE_INTEGER,
      // a worker's event loop must stay free while idle: its engine's solver threads talk to it
      atomics: 'disabled',
      // compiled once here, shared by every worker's engine (compiling is seconds of CPU)
      workerData: { entry, options: options.worker, minizincModule },
    });
  }

  /** Starts the workers and waits until one has its engine up (start-up fails if it cannot). */
  static async start(options: PlanningPoolOptions): Promise<PlanningPool> {
    const pool = new PlanningPool(options, await compiledModule(locateDistribution().wasm));
    try {
      const described = (await pool.piscina.run({ kind: 'describe' })) as DescribeResult;
      pool.describedSolvers = described.solvers;
    } catch (error) {
      await pool.piscina.destroy();
      throw error;
    }
    return pool;
  }

  /** The solvers each worker's engine offers. */
  solvers(): SolverInfo[] {
    return this.describedSolvers;
  }

  state(): PlanningPoolState {
    const busy = [...this.admitted].filter((task) => task.started).length;
    return {
      capacity: this.options.workers,
      busy,
      queued: this.admitted.size - busy,
      queueLimit: this.options.queueLimit,
      saturated: this.stopping || this.admitted.size >= this.options.workers + this.options.queueLimit,
      stopping: this.stopping,
      totals: { ...this.totals },
    };
  }

  async plan(operation: PlanningOperation, snapshot: Snapshot, context: PlanningContext): Promise<PlannedBody> {
    const admitted = this.admit(context.deadlineAt);
    const channel = new MessageChannel();
    const terminate = new AbortController();
    let escalation: NodeJS.Timeout | undefined;
    const cancel = () => {
      this.totals.cancelled += 1;
      if (!admitted.started) return terminate.abort(context.signal.reason);
      post(channel.port1, { type: 'cancel', reason: String(context.signal.reason?.message ?? context.signal.reason) });
      escalation = setTimeout(() => {
        this.totals.workersTerminated += 1;
        context.logger.warn({ grace_ms: this.cancelGraceMs }, 'planning worker did not stop in time; terminating it');
        terminate.abort(context.signal.reason);
      }, this.cancelGraceMs);
    };
    channel.port1.on('message', (message: WorkerMessage) => this.onWorkerMessage(message, admitted, channel.port1, context));
    const task: PlanTask = {
      kind: 'plan',
      operation,
      snapshot,
      requestId: context.requestId,
      allowanceEndsAt: context.receivedAt + context.solveAllowanceMs,
      port: channel.port2,
    };
    if (context.signal.aborted) cancel();
    else context.signal.addEventListener('abort', cancel, { once: true });
    const running = this.piscina.run(task, { transferList: [channel.port2], signal: terminate.signal }) as Promise<PlanResult>;
    try {
      // the caller hears at once when its request is aborted; the worker may still be stopping
      const result = await Promise.race([running, rejectOnAbort(context.signal)]);
      if (!result.ok) throw deserialize(result.error);
      this.totals.completed += 1;
      this.options.onSolved?.(result.solve);
      return { json: result.json };
    } finally {
      context.signal.removeEventListener('abort', cancel);
      void running
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(escalation);
          channel.port1.close();
          this.admitted.delete(admitted);
          if (this.admitted.size === 0) for (const listener of this.idleListeners) listener();
        });
    }
  }

  /**
   * Graceful stop: refuses new plans (503 service_stopping), lets admitted ones finish within
   * `graceMs`, then cancels the rest through their signals (`cancelAll`) and closes the workers.
   */
  async drain(graceMs: number, cancelAll: () => void): Promise<void> {
    this.stopping = true;
    if (this.admitted.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          cancelAll();
          resolve();
        }, graceMs);
        this.whenIdle(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      await new Promise<void>((resolve) => this.whenIdle(resolve));
    }
    await this.piscina.destroy();
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.piscina.destroy();
  }

  private get cancelGraceMs(): number {
    return this.options.cancelGraceMs ?? DEFAULT_CANCEL_GRACE_MS;
  }

  private whenIdle(listener: () => void): void {
    if (this.admitted.size === 0) return listener();
    const once = () => {
      this.idleListeners.delete(once);
      listener();
    };
    this.idleListeners.add(once);
  }

  refuseWhenFull(): void {
    if (this.stopping || this.admitted.size >= this.options.workers + this.options.queueLimit) this.admit(Date.now());
  }

  private admit(deadlineAt: number): Admitted {
    if (this.stopping) {
      this.totals.refused += 1;
      throw new ServiceError('service_stopping', 'The service is shutting down; retry (another instance may answer).', { retryAfterSeconds: 1 });
    }
    if (this.admitted.size >= this.options.workers + this.options.queueLimit) {
      this.totals.refused += 1;
      throw new ServiceError(
        'planning_capacity_unavailable',
        `All ${this.options.workers} planning workers are busy and ${this.options.queueLimit} requests are already waiting.`,
        { retryAfterSeconds: this.secondsUntilAWorkerFrees() },
      );
    }
    const admitted: Admitted = { deadlineAt, started: false };
    this.admitted.add(admitted);
    this.totals.admitted += 1;
    return admitted;
  }

  /** When the first running plan must end at the latest (its deadline). */
  private secondsUntilAWorkerFrees(): number {
    const firstEnd = Math.min(...[...this.admitted].map((task) => task.deadlineAt));
    return Math.max(1, Math.ceil((firstEnd - Date.now()) / 1000));
  }

  private onWorkerMessage(message: WorkerMessage, admitted: Admitted, port: MessagePort, context: PlanningContext): void {
    switch (message.type) {
      case 'started':
        admitted.started = true;
        return;
      case 'log':
        context.logger[message.level](message.fields, message.message);
        return;
      case 'event':
        this.count(message.event);
        return;
      case 'charge':
        context.chargeMatrixRelations(message.relations).then(
          () => post(port, { type: 'charged', id: message.id }),
          (error: unknown) => post(port, { type: 'charged', id: message.id, error: serialize(isServiceError(error) ? error : new ServiceError('dependency_unavailable', 'The credential store could not be reached.')) }),
        );
        return;
    }
  }

  private count(event: PlanningEvent): void {
    this.options.onEvent?.(event);
    if (event === 'validator_rejection') this.totals.validatorRejections += 1;
  }
}

function post(port: MessagePort, message: HostMessage): void {
  port.postMessage(message);
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
