/**
 * A planning worker (a thread of the pool in planning-pool.ts): owns its engine (with its own
 * MiniZinc solver threads) and journey provider, and runs one application entry point
 * (src/app) per task, off the HTTP event loop. The response goes back as JSON bytes, so the
 * HTTP process neither clones nor stringifies a plan.
 */
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';
import { ENTRY_POINTS, solveRecordOf, type AppLogger, type PlanningContext, type PlanningDependencies } from '../app/index.ts';
import { ServiceError, isServiceError } from '../contract/index.ts';
import { createEngine, locateDistribution, shareCompiledModule } from '../engine/index.ts';
import { createJourneyProvider } from '../journey/index.ts';
import { portLogger } from './port-logger.ts';
import { deserialize, serialize } from './errors.ts';
import type { DescribeResult, HostMessage, PlanResult, PlanTask, PlanningWorkerOptions, WorkerMessage, WorkerTask } from './protocol.ts';

/** A solve that was queued past its allowance still gets this long to give an anytime answer within the grace. */
const MIN_SOLVE_MS = 1_000;

/**
 * Planning threads (and the solver threads they start, which inherit it) run at a lower
 * priority than the HTTP thread of the same process: under full planning load the event loop
 * still gets the CPU it needs to answer health checks and admit or refuse requests at once.
 */
const PLANNING_THREAD_NICE = 5;
try {
  setPriority(0, PLANNING_THREAD_NICE); // pid 0 is this thread only on Linux
} catch {
  // a platform that refuses: planning still works, at the same priority
}

const { options, minizincModule } = workerData as { options: PlanningWorkerOptions; minizincModule: WebAssembly.Module };
shareCompiledModule(locateDistribution().wasm, minizincModule);

/** Lines of the worker's long-lived components go to the task running now (one task at a time). */
let currentLogger: AppLogger | undefined;
const workerLogger = {
  warn: (fields: Record<string, unknown>, message: string) => currentLogger?.warn(fields, message),
};

const dependencies: PlanningDependencies = {
  engine: await createEngine({
    projectRoot: options.projectRoot,
    workers: options.engineWorkers,
    queueLimit: options.engineQueueLimit,
    ...(options.minizincBin === undefined ? {} : { minizincBin: options.minizincBin }),
    requireSolvers: [options.manifestSolver, options.bookingSolver],
    logger: workerLogger,
  }),
  journey: createJourneyProvider(options.journey, { logger: workerLogger }),
  manifestSolver: options.manifestSolver,
  bookingSolver: options.bookingSolver,
};

export default async function runTask(task: WorkerTask): Promise<PlanResult | DescribeResult> {
  if (task.kind === 'describe') return { solvers: dependencies.engine.solvers() };
  return plan(task);
}

async function plan(task: PlanTask): Promise<PlanResult> {
  const { port } = task;
  const send = (message: WorkerMessage) => port.postMessage(message);
  const abort = new AbortController();
  const charges = new Map<number, { resolve(): void; reject(error: Error): void }>();
  port.on('message', (message: HostMessage) => {
    if (message.type === 'cancel') abort.abort(new Error(message.reason));
    if (message.type !== 'charged') return;
    const pending = charges.get(message.id);
    charges.delete(message.id);
    if (message.error === undefined) pending?.resolve();
    else pending?.reject(deserialize(message.error));
  });
  const logger = portLogger(port, options.logLevel);
  currentLogger = logger;
  send({ type: 'started' });
  let nextCharge = 0;
  const context: PlanningContext = {
    requestId: task.requestId,
    logger,
    solveAllowanceMs: Math.max(MIN_SOLVE_MS, task.allowanceEndsAt - Date.now()),
    signal: abort.signal,
    chargeMatrixRelations: (relations) =>
      new Promise<void>((resolve, reject) => {
        const id = nextCharge++;
        charges.set(id, { resolve, reject });
        send({ type: 'charge', id, relations });
      }),
    count: (event) => send({ type: 'event', event }),
  };
  try {
    const body = await ENTRY_POINTS[task.operation](task.snapshot, context, dependencies);
    return { ok: true, json: new TextEncoder().encode(JSON.stringify(body)), solve: solveRecordOf(task.operation, body) };
  } catch (error) {
    if (isServiceError(error)) return { ok: false, error: serialize(error) };
    // cancelled: the HTTP process has answered already and reads nothing of this
    if (!abort.signal.aborted) logger.error({ err: error }, 'planning failed');
    return { ok: false, error: serialize(new ServiceError('internal_error', 'An unexpected error occurred; quote the request id to support.')) };
  } finally {
    currentLogger = undefined;
    port.close();
  }
}
