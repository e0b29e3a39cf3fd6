import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { ServiceError, type Snapshot } from '../../contract/index.ts';
import type { AppOptions } from '../app.ts';
import { ClientClosedRequest } from '../client-closed.ts';
import { jsonBody } from '../json-body.ts';
import type { PlanningContext, PlanningOperation } from '../ports.ts';
import type { SnapshotSizes } from '../request-log.ts';

/**
 * POST /v1/manifests and POST /v1/booking-checks, thin: authenticate, read, validate, hand the
 * snapshot to the planner (a worker pool: it admits or refuses at once) and write its answer.
 */
export function planningRoutes(router: Router, options: AppOptions): void {
  const readJson = jsonBody(options.bodyLimitBytes);
  // a full pool refuses before the body is read and parsed: a burst costs the event loop nothing
  const refuseWhenFull = async (_ctx: Context, next: Next) => {
    options.planner.refuseWhenFull();
    await next();
  };
  for (const [path, operation] of [['/v1/manifests', 'manifests'], ['/v1/booking-checks', 'booking_checks']] as const) {
    router.post(path, options.access.require(operation), refuseWhenFull, readJson, async (ctx) => {
      const { snapshot, context, abort } = prepare(ctx, operation, options);
      const planned = await withDeadline(context, abort, () => options.planner.plan(operation, snapshot, context));
      ctx.type = 'application/json';
      ctx.body = Buffer.from(planned.json.buffer, planned.json.byteOffset, planned.json.byteLength);
    });
  }
}

function prepare(
  ctx: Context,
  operation: PlanningOperation,
  options: AppOptions,
): { snapshot: Snapshot; context: PlanningContext; abort: AbortController } {
  const receivedAt = Date.now();
  const snapshot = options.parser.parse(operation, ctx.request.body);
  ctx.state.snapshotSizes = sizesOf(snapshot);
  const abort = new AbortController();
  // the response closes before it finished only when the connection went away (the request's own
  // 'close' fired already, once its body was read)
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) abort.abort(new ClientClosedRequest());
  });
  const solveAllowanceMs = options.access.solveAllowanceMs(ctx.state, operation);
  const context: PlanningContext = {
    requestId: ctx.state.requestId as string,
    logger: options.logger.child({ request_id: ctx.state.requestId }),
    solveAllowanceMs,
    receivedAt,
    deadlineAt: receivedAt + options.requestDeadlineMs(solveAllowanceMs),
    signal: options.shutdownSignal === undefined ? abort.signal : AbortSignal.any([abort.signal, options.shutdownSignal]),
    chargeMatrixRelations: (relations) => options.access.chargeMatrixRelations(ctx.state, relations),
  };
  return { snapshot, context, abort };
}

/** The end-to-end deadline: past it the caller gets a 504 and the planner is told to stop. */
async function withDeadline<T>(context: PlanningContext, abort: AbortController, plan: () => Promise<T>): Promise<T> {
  const deadlineMs = context.deadlineAt - context.receivedAt;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ServiceError('planning_deadline_expired', `No valid answer within the ${Math.round(deadlineMs / 1000)} s planning deadline.`);
      abort.abort(error);
      reject(error);
    }, Math.max(0, context.deadlineAt - Date.now()));
  });
  try {
    return await Promise.race([plan(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function sizesOf(snapshot: Snapshot): SnapshotSizes {
  return {
    locations: snapshot.locations.length,
    nuggets: snapshot.nuggets.length,
    movements: snapshot.movements.length,
    ...(snapshot.new_movements === undefined ? {} : { new_movements: snapshot.new_movements.length }),
    drivers: snapshot.drivers.length,
    lorries: snapshot.lorries.length,
  };
}
