/**
 * Prometheus metrics (`GET /metrics`, text format 0.0.4) with prom-client: one registry per
 * service, so tests and several services in one process never mix counts. Labels are bounded:
 * routes are the router's patterns (unmatched paths are `unmatched`), denial reasons and
 * outcomes come from fixed catalogues.
 */
import type { Context, Middleware, Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PlanningEvent, SolveRecord } from '../app/index.ts';


/** Busy workers and queue depth of the planning pool, read at each scrape. */
export interface PlanningLoad {
  busy: number;
  queued: number;
  capacity: number;
}

export interface ServiceMetrics {
  registry: Registry;
  /** Counts and times every request; wraps the error envelope, so it sees final statuses and error codes. */
  middleware: Middleware;
  solved(record: SolveRecord): void;
  /** A planning worker's event: journey-provider calls are counted under `provider`. */
  planningEvent(event: PlanningEvent, provider: string): void;
  /** Where the planning gauges read from (the pool, once it exists). */
  observePlanningLoad(read: () => PlanningLoad): void;
  /** Serves the text exposition format. */
  handler: Middleware;
}

const CREDENTIAL_DENIAL_STATUSES = new Set([401, 403, 429]);
/** Request latency from a health check (ms) to a full manifest solve (minutes). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];
const SOLVE_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'mps_http_requests_total', help: 'HTTP requests by route, method and status.', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'mps_http_request_duration_seconds',
    help: 'HTTP request latency by route and method, from arrival to the last byte written.',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const denials = new Counter({
    name: 'mps_credential_denials_total',
    help: 'Requests refused by the credential checks, by error code (credential_missing, credential_revoked, rate_limit_exceeded, ...).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const solves = new Counter({
    name: 'mps_solves_total',
    help: 'Answered planning requests by operation, solver and outcome (booking checks: feasible, infeasible_proven, unknown; manifests: all_planned or unplanned_legs).',
    labelNames: ['operation', 'solver', 'outcome'],
    registers: [registry],
  });
  const solveSeconds = new Histogram({ name: 'mps_solve_duration_seconds', help: 'Solve time of answered planning requests.', labelNames: ['operation', 'solver'], buckets: SOLVE_BUCKETS, registers: [registry] });
  const journeyCalls = new Counter({ name: 'mps_journey_provider_calls_total', help: 'Journey-data provider calls by provider and outcome (ok, error).', labelNames: ['provider', 'outcome'], registers: [registry] });
  let planningLoad: (() => PlanningLoad) | undefined;
  const loadGauge = (name: string, help: string, field: keyof PlanningLoad) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (planningLoad !== undefined) this.set(planningLoad()[field]);
      },
    });
  loadGauge('mps_planning_queue_depth', 'Planning requests admitted and waiting for a worker.', 'queued');
  loadGauge('mps_planning_workers_busy', 'Planning workers running a request.', 'busy');
  loadGauge('mps_planning_workers', 'Planning workers in the pool.', 'capacity');

  return {
    registry,
    async middleware(ctx: Context, next: Next) {
      const stop = latency.startTimer();
      try {
        await next();
      } finally {
        const route = routeOf(ctx);
        stop({ route, method: ctx.method });
        requests.inc({ route, method: ctx.method, status: String(ctx.status) });
        const code = errorCodeOf(ctx);
        if (code !== undefined && CREDENTIAL_DENIAL_STATUSES.has(ctx.status) && isCredentialDenial(code)) denials.inc({ reason: code });
      }
    },
    solved(record) {
      solves.inc({ operation: record.operation, solver: record.solver, outcome: record.outcome });
      solveSeconds.observe({ operation: record.operation, solver: record.solver }, record.solveSeconds);
    },
    planningEvent(event, provider) {
      if (event === 'journey_call_ok') journeyCalls.inc({ provider, outcome: 'ok' });
      else if (event === 'journey_call_error') journeyCalls.inc({ provider, outcome: 'error' });
    },
    observePlanningLoad(read) {
      planningLoad = read;
    },
    async handler(ctx: Context) {
      ctx.set('Content-Type', registry.contentType);
      ctx.body = await registry.metrics();
    },
  };
}

/** The router's pattern (`/v1/manifests`), never the raw path: unknown paths must not create label values. */
function routeOf(ctx: Context): string {
  return (ctx as { routePath?: string }).routePath ?? (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
}

function errorCodeOf(ctx: Context): string | undefined {
  const body = ctx.body as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

const isCredentialDenial = (code: string) =>
  code.startsWith('credential_') || code === 'operation_not_allowed' || code === 'rate_limit_exceeded' || code === 'total_requests_exhausted' || code.startsWith('matrix_relations_');
