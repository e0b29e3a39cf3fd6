import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** Sizes of a snapshot for the request log: counts only, never content. */
export interface SnapshotSizes {
  locations: number;
  nuggets: number;
  movements: number;
  new_movements?: number;
  drivers: number;
  lorries: number;
}

/** One structured line per request: id, route, status, duration and snapshot sizes. Never a body, never a credential. */
export function requestLog(logger: Logger) {
  return async function logRequest(ctx: Context, next: Next): Promise<void> {
    const started = performance.now();
    try {
      await next();
    } finally {
      const sizes = ctx.state.snapshotSizes as SnapshotSizes | undefined;
      logger.info(
        {
          request_id: ctx.state.requestId,
          method: ctx.method,
          route: (ctx as { routePath?: string }).routePath ?? ctx.path,
          status: ctx.status,
          duration_ms: Math.round(performance.now() - started),
          ...(sizes === undefined ? {} : { snapshot: sizes }),
          ...(ctx.state.credentialId === undefined ? {} : { credential_id: ctx.state.credentialId }),
        },
        'request',
      );
    }
  };
}
