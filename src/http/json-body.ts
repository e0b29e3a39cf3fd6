import type { Context, Next } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { ServiceError } from '../contract/index.ts';

/**
 * Reads a JSON request body within the size limit. The Content-Type must be JSON
 * (`application/json` or a `+json` type); anything else is a 400, as the spec's error table says.
 */
export function jsonBody(limitBytes: number) {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: limitBytes, encoding: 'utf-8', jsonStrict: true });
  return async function readJson(ctx: Context, next: Next): Promise<void> {
    if (!ctx.is('application/json', '+json')) {
      throw new ServiceError('unsupported_content_type', 'Send the request body as JSON with `Content-Type: application/json`.');
    }
    const declared = Number(ctx.get('Content-Length'));
    if (Number.isFinite(declared) && declared > limitBytes) {
      throw new ServiceError('body_too_large', `The request body exceeds the service limit of ${limitBytes} bytes.`);
    }
    await parse(ctx, async () => undefined);
    if (ctx.request.body === undefined) throw new ServiceError('malformed_json', 'The request body is empty.');
    await next();
  };
}
