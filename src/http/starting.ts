/**
 * Serving while the service starts. The process listens at once: `/healthz` answers 200 and
 * `/readyz` 503 `starting` while the credential store opens and the solvers warm up in the
 * background; every other request waits for the started app and is then served by it. Once
 * started, every request goes straight to the app.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { ServiceError } from '../contract/index.ts';
import { errorEnvelope } from './error-envelope.ts';
import { requestLog } from './request-log.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface StartingOptions {
  logger: Logger;
  /** Resolves with the started app's handler; rejects when start-up fails. */
  started: Promise<Handler>;
  /** What `/readyz` says meanwhile. */
  starting: string;
}

export function whileStarting(options: StartingOptions): Handler {
  let app: Handler | undefined;
  let failed = false;
  options.started.then(
    (handler) => (app = handler),
    () => (failed = true),
  );
  const early = new Koa({ proxy: false });
  early.silent = true;
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', (ctx) => {
    ctx.status = 503;
    ctx.body = { status: failed ? 'failed' : 'starting', checks: { startup: { ok: false, detail: failed ? 'start-up failed; see the log' : options.starting } } };
  });
  early.use(requestLog(options.logger));
  early.use(errorEnvelope(options.logger));
  early.use(router.routes());
  early.use(async (ctx) => {
    if (failed) throw new ServiceError('dependency_unavailable', 'The service failed to start.');
    // Wait for the app, then hand it the untouched request (its body is still unread).
    ctx.respond = false;
    const handler = await options.started.catch(() => undefined);
    if (handler === undefined) {
      ctx.respond = true;
      throw new ServiceError('dependency_unavailable', 'The service failed to start.');
    }
    handler(ctx.req, ctx.res);
  });
  const earlyHandler = early.callback();
  return (request, response) => (app ?? earlyHandler)(request, response);
}
