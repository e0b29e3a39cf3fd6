/**
 * Connection-level settings of the HTTP server, and the answers Node.js would otherwise write
 * itself without the error envelope (408 on a slow request, 431 on huge headers, 400 on a
 * request it cannot parse).
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { ServiceError, type ErrorBody, type ErrorCode } from '../contract/index.ts';
import { newRequestId } from './request-id.ts';

/**
 * Idle keep-alive connections stay open 65 s: longer than load balancers keep theirs (60 s is
 * common), so the server never closes a connection a client or balancer is about to reuse.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Headers of a request must arrive within this (Node requires it above the keep-alive timeout). */
export const HEADERS_TIMEOUT_MS = 66_000;
/** The whole request (headers and body) must arrive within this; planning time does not count. */
export const REQUEST_TIMEOUT_MS = 300_000;

export function configureConnections(server: Server, logger: Logger): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, logger));
}

const CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request did not arrive completely in time.' },
  HPE_HEADER_OVERFLOW: { code: 'request_headers_too_large', message: 'The request headers are too large.' },
};

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, logger: Logger): void {
  // a connection reset by the client, or one already answered: nothing to write to
  if (error.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const known = CLIENT_ERRORS[error.code ?? ''] ?? { code: 'malformed_request' as const, message: 'The HTTP request could not be parsed.' };
  const failure = new ServiceError(known.code, known.message);
  const requestId = newRequestId();
  const body: ErrorBody = { error: { code: failure.code, message: failure.message, request_id: requestId, details: [] } };
  const json = JSON.stringify(body);
  logger.info({ request_id: requestId, status: failure.status, code: failure.code, reason: error.code }, 'client error');
  socket.end(
    `HTTP/1.1 ${failure.status} ${STATUS_TEXT[failure.status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      `X-Request-ID: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
