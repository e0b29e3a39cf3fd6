/**
 * What the HTTP process and a planning worker say to each other. A task goes in through the
 * pool (piscina) with a MessagePort of its own; over that port the worker reports that it
 * started, forwards its log lines, asks for road-matrix relations to be charged (the credential
 * store lives in the HTTP process), and counts events; the HTTP process answers charges and
 * asks for cancellation. Everything here is structured-clone data.
 */
import type { MessagePort } from 'node:worker_threads';
import type { PlanningEvent, PlanningOperation, SolveRecord } from '../app/index.ts';
import type { ErrorCode, ErrorDetail, Snapshot } from '../contract/index.ts';
import type { JourneyOptions } from '../journey/index.ts';
import type { SolverInfo } from '../engine/index.ts';

/** How each planning worker builds its long-lived components (from the validated Config). */
export interface PlanningWorkerOptions {
  projectRoot: string;
  logLevel: string;
  /** Solver threads of each worker's own engine (embedded MiniZinc workers / native processes). */
  engineWorkers: number;
  engineQueueLimit: number;
  minizincBin: string | undefined;
  manifestSolver: string;
  bookingSolver: string;
  journey: JourneyOptions;
}

export interface PlanTask {
  kind: 'plan';
  operation: PlanningOperation;
  snapshot: Snapshot;
  requestId: string;
  /** Epoch ms at which the solve allowance ends (queued time already counted). */
  allowanceEndsAt: number;
  port: MessagePort;
}

export interface DescribeTask {
  kind: 'describe';
}

export type WorkerTask = PlanTask | DescribeTask;

export interface SerializedError {
  code: ErrorCode;
  message: string;
  details: ErrorDetail[];
  retryAfterSeconds?: number;
}

export type PlanResult = { ok: true; json: Uint8Array; solve: SolveRecord } | { ok: false; error: SerializedError };
export interface DescribeResult {
  solvers: SolverInfo[];
}

/** Worker -> HTTP process, on the task's port. */
export type WorkerMessage =
  | { type: 'started' }
  | { type: 'log'; level: LogLevel; fields: Record<string, unknown>; message: string }
  | { type: 'charge'; id: number; relations: number }
  | { type: 'event'; event: PlanningEvent };

/** HTTP process -> worker, on the task's port. */
export type HostMessage = { type: 'charged'; id: number; error?: SerializedError } | { type: 'cancel'; reason: string };

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
