import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { BookingCheckResponse, ManifestPlanResponse, Operation, PlanningOperation, Snapshot } from '../contract/index.ts';

export type { Operation, PlanningOperation };

/** What the planner needs to know about the request it serves. */
export interface PlanningContext {
  requestId: string;
  logger: Logger;
  /** Solve allowance in ms: the credential's cap and the service default, whichever is smaller. */
  solveAllowanceMs: number;
  /** Aborted when the caller goes away or the end-to-end deadline passes. */
  signal: AbortSignal;
  /** Charges road-matrix relations to the credential before any journey lookup (throws a 429 ServiceError). */
  chargeMatrixRelations(relations: number): Promise<void>;
}

/** The planning layer as the HTTP layer sees it. */
export interface Planner {
  manifests(snapshot: Snapshot, context: PlanningContext): Promise<ManifestPlanResponse>;
  bookingCheck(snapshot: Snapshot, context: PlanningContext): Promise<BookingCheckResponse>;
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
