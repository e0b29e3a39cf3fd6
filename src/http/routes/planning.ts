import type Router from '@koa/router';
import type { Context } from 'koa';
import { ServiceError, type Snapshot } from '../../contract/index.ts';
import type { AppOptions } from '../app.ts';
import { jsonBody } from '../json-body.ts';
import type { PlanningContext, PlanningOperation } from '../ports.ts';
import type { SnapshotSizes } from '../request-log.ts';

/** POST /v1/manifests and POST /v1/booking-checks: authenticate, read, validate, plan. */
export function planningRoutes(router: Router, options: AppOptions): void {
  const readJson = jsonBody(options.bodyLimitBytes);
  router.post('/v1/manifests', options.access.require('manifests'), readJson, async (ctx) => {
    const { snapshot, context, abort } = prepare(ctx, 'manifests', options);
    ctx.body = await withDeadline(context, abort, options, () => options.planner.manifests(snapshot, context));
  });
  router.post('/v1/booking-checks', options.access.require('booking_checks'), readJson, async (ctx) => {
    const { snapshot, context, abort } = prepare(ctx, 'booking_checks', options);
    ctx.body = await withDeadline(context, abort, options, () => options.planner.bookingCheck(snapshot, context));
  });
}

function prepare(
  ctx: Context,
  operation: PlanningOperation,
  options: AppOptions,
): { snapshot: Snapshot; context: PlanningContext; abort: AbortController } {
  const snapshot = options.parser.parse(operation, ctx.request.body);
  ctx.state.snapshotSizes = sizesOf(snapshot);
  const abort = new AbortController();
  ctx.req.once('close', () => {
    if (!ctx.res.writableEnded) abort.abort(new Error('client closed the connection'));
  });
  const context: PlanningContext = {
    requestId: ctx.state.requestId as string,
    logger: options.logger.child({ request_id: ctx.state.requestId }),
    solveAllowanceMs: options.access.solveAllowanceMs(ctx.state, operation),
    signal: abort.signal,
    chargeMatrixRelations: (relations) => options.access.chargeMatrixRelations(ctx.state, relations),
  };
  return { snapshot, context, abort };
}

/** The end-to-end deadline: past it the caller gets a 504 and the planner is told to stop. */
async function withDeadline<T>(context: PlanningContext, abort: AbortController, options: AppOptions, plan: () => Promise<T>): Promise<T> {
  const deadlineMs = options.requestDeadlineMs(context.solveAllowanceMs);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ServiceError('planning_deadline_expired', `No answer within the ${Math.round(deadlineMs / 1000)} s planning deadline.`);
      abort.abort(error);
      reject(error);
    }, deadlineMs);
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
