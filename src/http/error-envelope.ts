import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { ServiceError, isServiceError, type ErrorBody } from '../contract/index.ts';
import { ClientClosedRequest } from './client-closed.ts';
import { closeAfterDraining } from './close-after-draining.ts';
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
      if (error instanceof ClientClosedRequest) {
        ctx.status = ClientClosedRequest.status;
        return;
      }
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
      if (serviceError.code === 'body_too_large' && !ctx.req.complete) closeAfterDraining(ctx);
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
  // inflation (under the body parser) throws a bare 415 naming the encoding
  if (httpError?.type === 'encoding.unsupported' || (httpError?.status === 415 && /content-encoding/i.test(String((error as Error).message)))) {
    return new ServiceError('unsupported_content_encoding', 'The Content-Encoding is not supported; send identity, gzip, deflate or br.');
  }
  if (httpError?.type === 'charset.unsupported' || httpError?.status === 415) {
    return new ServiceError('unsupported_charset', 'The body must be JSON in UTF-8.');
  }
  if (isZlibError(error)) {
    return new ServiceError('invalid_content_encoding', 'The body is not valid data of its Content-Encoding.');
  }
  return new ServiceError('internal_error', 'An unexpected error occurred; quote the request id to support.', { cause: error });
}

/** zlib's errors (corrupt or truncated gzip, deflate or brotli data) carry a Z_ or ERR_ZLIB / brotli code. */
function isZlibError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR__ERROR_FORMAT') || code.startsWith('ERR_BROTLI') || code === 'ERR_ZLIB_INITIALIZATION_FAILED');
}
