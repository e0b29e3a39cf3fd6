/**
 * A portfolio of independent searches on worker threads, as VROOM's `-t` runs its searches in
 * parallel: each thread constructs and runs the ruin and recreate (with its restarts) on a seed
 * of its own, all to the same deadline, and the best routes are kept (on a tie, the lowest
 * member's). Member 0 searches on the caller's seed, so one member is the plain search.
 *
 * Why: a run's result depends on its seed more than on any move (restarts.ts), and a second
 * core doubles the seeds tried in the same wall-clock time. The search on each thread is the
 * single-threaded one, unchanged; only the model search (improveByLns), which needs the
 * caller's engine, is not run on a thread.
 *
 * The core knows nothing of how the threads start: the caller names the worker entry
 * (portfolio-worker.ts, bundled or under tsx) and its workerData.
 */
import { Worker } from 'node:worker_threads';
import { compareCost } from '../structures/evaluate.ts';
import type { RoutingCost, RoutingInstance, RoutingSolution } from '../structures/instance.ts';
import type { RuinRecreateParameters } from '../structures/search-parameters.ts';
import { construct } from './insertion.ts';
import { ruinAndRecreateWithRestarts, runSeed } from './restarts.ts';
import { evaluateSolution } from '../structures/evaluate.ts';

/** What one thread searches: the instance, its seed and the shared (wall-clock) deadline. */
export interface PortfolioTask {
  instance: RoutingInstance;
  ruinRecreate: Omit<RuinRecreateParameters, 'share'>;
  seed: number;
  /** Epoch milliseconds (threads read the wall clock). */
  deadline: number;
}

export interface PortfolioImprovement {
  /** Epoch milliseconds when the member found it. */
  at: number;
  cost: RoutingCost;
}

export interface PortfolioMemberResult {
  solution: RoutingSolution;
  cost: RoutingCost;
  constructed: RoutingCost;
  constructMs: number;
  iterations: number;
  localSearchMoves: number;
  runs: number;
  /** Every new best of this member, in order. */
  improvements: PortfolioImprovement[];
}

export interface PortfolioOutcome extends PortfolioMemberResult {
  /** Which member's routes these are (0: the caller's seed). */
  member: number;
  members: PortfolioMemberResult[];
}

/** Seed of member `member`: far from every restart seed of the members before it (runSeed). */
export function memberSeed(seed: number, member: number): number {
  return runSeed(seed, member * 0x10000);
}

/** One member's whole search, on whichever thread runs it. */
export function searchMember(task: PortfolioTask): PortfolioMemberResult {
  const { instance } = task;
  const constructStarted = Date.now();
  const start = construct(instance).solution;
  const constructMs = Date.now() - constructStarted;
  const first = evaluateSolution(instance, start);
  if (!first.ok) throw new Error(`portfolio: the construction is infeasible: ${first.reason}`);
  const improvements: PortfolioImprovement[] = [{ at: Date.now(), cost: first.cost }];
  const result = ruinAndRecreateWithRestarts(instance, start, {
    ...task.ruinRecreate,
    seed: task.seed,
    deadline: task.deadline,
    onImprovement: (cost) => improvements.push({ at: Date.now(), cost }),
  });
  return {
    solution: result.solution,
    cost: result.cost,
    constructed: first.cost,
    constructMs,
    iterations: result.iterations,
    localSearchMoves: result.localSearchMoves,
    runs: result.runs,
    improvements,
  };
}

export interface PortfolioWorkerSpec {
  /** The worker's entry file (portfolio-worker.ts's, or a loader that imports it). */
  filename: string;
  workerData?: unknown;
}

/** Worker threads kept for many searches (a thread starts in tens of milliseconds, once). */
export class Portfolio {
  private readonly workers: Worker[];

  constructor(readonly threads: number, spec: PortfolioWorkerSpec) {
    if (!Number.isInteger(threads) || threads < 1) throw new Error(`portfolio: threads must be a positive integer, not ${threads}`);
    this.workers = Array.from({ length: threads }, () => new Worker(spec.filename, { workerData: spec.workerData }));
  }

  /** Runs one member per thread on `seed`'s member seeds; resolves with the best routes. */
  async solve(instance: RoutingInstance, ruinRecreate: Omit<RuinRecreateParameters, 'share'>, seed: number, deadline: number): Promise<PortfolioOutcome> {
    // every thread answers before the next search is posted, even when one of them failed
    const settled = await Promise.allSettled(this.workers.map((worker, member) => run(worker, { instance, ruinRecreate, seed: memberSeed(seed, member), deadline })));
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const members = settled.map((result) => (result as PromiseFulfilledResult<PortfolioMemberResult>).value);
    let best = 0;
    for (let member = 1; member < members.length; member += 1) {
      if (compareCost(instance, members[member]!.cost, members[best]!.cost) < 0) best = member;
    }
    return { ...members[best]!, member: best, members };
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

function run(worker: Worker, task: PortfolioTask): Promise<PortfolioMemberResult> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (message: { ok: true; result: PortfolioMemberResult } | { ok: false; error: string }) => {
      settle();
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    // a thread that is gone (out of memory, terminated) answers no more
    const onExit = (code: number) => {
      settle();
      reject(new Error(`portfolio: a search thread exited (code ${code})`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(task);
  });
}
