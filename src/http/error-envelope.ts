import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { ServiceError, isServiceError, type ErrorBody } from '../contract/index.ts';
import { requestIdFrom } from './request-id.ts';

/**
 * The first middleware: gives every request its id (X-Request-ID on every response) and turns
 * every failure into the spec's error envelope. Server errors never expose internals.
 */
export function errorEnvelope(logger: Logger) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    const { id, malformed } = requestIdFrom(ctx.headers['x-request-id']);
    ctx.state.requestId = id;
    ctx.set('X-Request-ID', id);
    try {
      if (malformed) throw new ServiceError('bad_request_header', 'X-Request-ID must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_", ":" or "-".');
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new ServiceError('route_not_found', `No route ${ctx.method} ${ctx.path}.`);
    } catch (error) {
      const serviceError = asServiceError(error);
      if (serviceError.status >= 500) {
        logger.error({ request_id: id, err: error }, 'request failed');
      }
      const body: ErrorBody = {
        error: { code: serviceError.code, message: serviceError.message, request_id: id, details: serviceError.details },
      };
      ctx.status = serviceError.status;
      ctx.body = body;
      ctx.set('X-Request-ID', id);
      if (serviceError.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(Math.ceil(serviceError.retryAfterSeconds)));
      if (serviceError.code === 'method_not_allowed' && Array.isArray(ctx.state.allowedMethods)) ctx.set('Allow', ctx.state.allowedMethods.join(', '));
    }
  };
}

/** Errors thrown by Koa's body parser carry an HTTP status and a type; map the ones a caller can cause. */
function asServiceError(error: unknown): ServiceError {
  if (isServiceError(error)) return error;
  const httpError = error as { status?: number; type?: string; expose?: boolean };
  if (httpError?.status === 413 || httpError?.type === 'entity.too.large') {
    return new ServiceError('body_too_large', 'The request body exceeds the service limit.');
  }
  if (httpError?.type === 'entity.parse.failed' || (httpError?.status === 400 && error instanceof SyntaxError)) {
    return new ServiceError('malformed_json', 'The request body is not valid JSON.');
  }
  if (httpError?.status === 400 && httpError.expose === true) {
    return new ServiceError('malformed_json', 'The request body could not be read as JSON.');
  }
  if (httpError?.status === 415 || httpError?.type === 'charset.unsupported' || httpError?.type === 'encoding.unsupported') {
    return new ServiceError('unsupported_content_type', 'The request body must be UTF-8 JSON.');
  }
  return new ServiceError('internal_error', 'An unexpected error occurred; quote the request id to support.', { cause: error });
}
