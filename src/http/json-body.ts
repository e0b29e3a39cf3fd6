import type { Context, Next } from 'koa';
import coBody from 'co-body';
import { ServiceError } from '../contract/index.ts';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, set by `jsonBody`. */
    body?: unknown;
  }
}

/**
 * `JSON.parse` makes a `__proto__` key an own property, never the object's prototype, so such a
 * key is data like any other: schema validation reports it as an unknown property with its path
 * (co-body would otherwise refuse the whole body with a 400).
 */
const PROTOTYPE_KEYS_ARE_DATA = { onProtoPoisoning: 'ignore' };

const UTF8 = new Set(['utf-8', 'utf8']);

/**
 * Reads a JSON request body within the size limit. The Content-Type must be JSON
 * (`application/json` or a `+json` type; anything else is a 400, as the spec's error table says)
 * in UTF-8 (RFC 8259; another charset is a 415). The body may be compressed with gzip, deflate or
 * br; its decompressed size counts against the limit.
 */
export function jsonBody(limitBytes: number) {
  return async function readJson(ctx: Context, next: Next): Promise<void> {
    if (!ctx.is('application/json', '+json')) {
      throw new ServiceError('unsupported_content_type', 'Send the request body as JSON with `Content-Type: application/json`.');
    }
    const charset = ctx.request.charset;
    if (charset !== '' && !UTF8.has(charset.toLowerCase())) {
      throw new ServiceError('unsupported_charset', `The body is declared as ${charset}; send JSON in UTF-8.`);
    }
    const declared = Number(ctx.get('Content-Length'));
    if (Number.isFinite(declared) && declared > limitBytes) {
      throw new ServiceError('body_too_large', `The request body exceeds the service limit of ${limitBytes} bytes.`);
    }
    ctx.request.body = await coBody.json(ctx, { limit: limitBytes, encoding: 'utf-8', strict: true, ...PROTOTYPE_KEYS_ARE_DATA });
    if (ctx.request.body === undefined) throw new ServiceError('malformed_json', 'The request body is empty.');
    await next();
  };
}
