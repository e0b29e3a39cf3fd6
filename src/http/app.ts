import Koa, { type Context } from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { ServiceError } from '../contract/index.ts';
import type { SnapshotParser } from '../snapshot/index.ts';
import { errorEnvelope } from './error-envelope.ts';
import { requestLog } from './request-log.ts';
import { planningRoutes } from './routes/planning.ts';
import { metaRoutes } from './routes/meta.ts';
import { viewerRoutes } from './routes/viewer.ts';
import type { ServiceMetrics } from './metrics.ts';
import type { AccessControl, Planner, ReadinessReport } from './ports.ts';

export interface AppOptions {
  logger: Logger;
  parser: SnapshotParser;
  planner: Planner;
  access: AccessControl;
  readiness(): Promise<ReadinessReport>;
  openapi: object;
  bodyLimitBytes: number;
  /** Upper bound for one planning request end to end (solve allowance plus overheads). */
  requestDeadlineMs(solveAllowanceMs: number): number;
  /** Aborted when the service stops: plans still running are cancelled (503 service_stopping). */
  shutdownSignal?: AbortSignal;
  /** Counts and times requests; `serveMetrics` also routes GET /metrics here (else a separate listener serves it). */
  metrics?: ServiceMetrics;
  serveMetrics?: boolean;
}

export function createApp(options: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true; // errors are logged once, by the error envelope
  const router = new Router();
  metaRoutes(router, options);
  planningRoutes(router, options);
  viewerRoutes(router);
  if (options.metrics !== undefined && options.serveMetrics === true) router.get('/metrics', options.metrics.handler);

  // The request log wraps everything so that it sees the final status the error envelope set;
  // it never throws, so the envelope is the first middleware that can answer.
  if (options.metrics !== undefined) app.use(options.metrics.middleware);
  app.use(requestLog(options.logger));
  app.use(errorEnvelope(options.logger));
  app.use(router.routes());
  app.use(async (ctx: Context) => {
    const allowed = allowedMethodsFor(router, ctx.path);
    if (allowed.length === 0) throw new ServiceError('route_not_found', `No route ${ctx.method} ${ctx.path}.`);
    ctx.state.allowedMethods = allowed;
    throw new ServiceError('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}; use ${allowed.join(' or ')}.`);
  });
  return app;
}

function allowedMethodsFor(router: Router, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.stack) {
    if (layer.match(path)) for (const method of layer.methods) if (method !== 'HEAD') methods.add(method);
  }
  return [...methods].sort();
}
