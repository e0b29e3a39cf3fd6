import type Router from '@koa/router';
import type { AppOptions } from '../app.ts';

/** Liveness, readiness, the OpenAPI document and trial usage. */
export function metaRoutes(router: Router, options: AppOptions): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const report = await options.readiness();
    ctx.status = report.ready ? 200 : 503;
    ctx.body = { status: report.ready ? 'ready' : 'not_ready', checks: report.checks };
  });
  router.get('/openapi.json', (ctx) => {
    ctx.body = options.openapi;
  });
  router.get('/v1/usage', options.access.require('usage'), options.access.usage);
}
