/**
 * The process's first request handler (main.ts), while the service's own modules load: the HTTP
 * framework, the contract's schemas, the credential store and the planning pool's code take a
 * second or more to load on a loaded machine, and `/healthz` must not wait for them. It answers
 * `GET /healthz` 200 and `GET /readyz` 503 `starting`, and holds every other request, unread,
 * until the service hands over its handler (http/starting.ts), which then serves it. Plain
 * node:http, so that loading it costs nothing.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface LoadingHandler {
  handler: Handler;
  /** From now on `next` serves every request, starting with those held so far. */
  handOver(next: Handler): void;
}

export function whileLoading(starting: string): LoadingHandler {
  let next: Handler | undefined;
  const held: [IncomingMessage, ServerResponse][] = [];
  return {
    handler(request, response) {
      if (next !== undefined) return next(request, response);
      const path = (request.url ?? '/').split('?')[0];
      if (request.method === 'GET' && path === '/healthz') return answer(response, 200, { status: 'ok' });
      if (request.method === 'GET' && path === '/readyz') return answer(response, 503, { status: 'starting', checks: { startup: { ok: false, detail: starting } } });
      held.push([request, response]);
    },
    handOver(handler) {
      next = handler;
      for (const [request, response] of held.splice(0)) handler(request, response);
    },
  };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'X-Request-ID': randomUUID(), 'Cache-Control': 'no-store' });
  response.end(text);
}

/** Listens on `host:port`; rejects with the server's error (a port in use, say). */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}
