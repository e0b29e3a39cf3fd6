import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Operation, PlanningOperation, Snapshot } from '../contract/index.ts';

export type { Operation, PlanningOperation };

/** What the planner needs to know about the request it serves. */
export interface PlanningContext {
  requestId: string;
  logger: Logger;
  /** Solve allowance in ms: the credential's cap and the service default, whichever is smaller. */
  solveAllowanceMs: number;
  /** Epoch ms at which the request arrived: the allowance (and so time spent queued) counts from here. */
  receivedAt: number;
  /** Epoch ms of the end-to-end deadline (allowance plus grace): past it the caller gets 504. */
  deadlineAt: number;
  /** Aborted when the caller goes away, the end-to-end deadline passes or the service stops. */
  signal: AbortSignal;
  /** Charges road-matrix relations to the credential before any journey lookup (throws a 429 ServiceError). */
  chargeMatrixRelations(relations: number): Promise<void>;
}

/** A response body already serialised as JSON: planning workers send bytes, so the event loop never stringifies a plan. */
export interface PlannedBody {
  json: Uint8Array;
}

/**
 * The planning layer as the HTTP layer sees it: admits the request (or throws 503 at once) and
 * runs it off the event loop (src/workers), resolving with the response body.
 */
export interface Planner {
  /** Throws the 503 a plan would get now (every worker busy and the queue full): checked before the body is read. */
  refuseWhenFull(): void;
  plan(operation: PlanningOperation, snapshot: Snapshot, context: PlanningContext): Promise<PlannedBody>;
}

/**
 * Access control as the HTTP layer sees it: `require(operation)` authenticates the bearer
 * credential, checks the operation and the trial limits, counts the request, and leaves on
 * `ctx.state` what `planningContext` needs.
 */
export interface AccessControl {
  require(operation: Operation): Middleware;
  /** GET /v1/usage, after `require('usage')`. */
  usage: Middleware;
  /** Solve allowance (ms) and relation charging for the authenticated request. */
  solveAllowanceMs(state: Record<string, unknown>, operation: PlanningOperation): number;
  chargeMatrixRelations(state: Record<string, unknown>, relations: number): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, { ok: boolean; detail?: unknown }>;
}
