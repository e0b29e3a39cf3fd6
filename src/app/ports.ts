/**
 * The ports of the application layer: what a planning entry point (plan manifests, check a
 * booking) needs from whoever runs it. A planning worker implements them (src/workers); the
 * HTTP layer never reaches in here, and nothing here imports src/http.
 */
import type { PlanningOperation, Snapshot } from '../contract/index.ts';
import type { Engine } from '../engine/index.ts';
import type { JourneyProvider } from '../journey/index.ts';

export type { PlanningOperation };

/** A pino-compatible subset: what the planning code logs through. */
export interface AppLogger {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  debug(fields: Record<string, unknown>, message: string): void;
}

/** Events an entry point reports for metrics. */
export type PlanningEvent = 'validator_rejection' | 'journey_call_ok' | 'journey_call_error';

/** What an entry point knows about the request it serves. */
export interface PlanningContext {
  requestId: string;
  /** Carries the request id on every line. */
  logger: AppLogger;
  /** Solve allowance in ms still left for this request (queued time already taken off). */
  solveAllowanceMs: number;
  /** Aborted when the caller goes away, the deadline passes or the service stops. */
  signal: AbortSignal;
  /** Charges road-matrix relations to the credential before any journey lookup (rejects with a 429 ServiceError). */
  chargeMatrixRelations(relations: number): Promise<void>;
  /** Counts an event (metrics). */
  count(event: PlanningEvent): void;
}

/** The long-lived components an entry point plans with (one set per planning worker). */
export interface PlanningDependencies {
  engine: Engine;
  journey: JourneyProvider;
  manifestSolver: string;
  bookingSolver: string;
  /** Fixed seed: the same request and configuration give the same plan. */
  seed?: number;
}

export interface PlanningRequest {
  operation: PlanningOperation;
  snapshot: Snapshot;
}
