import { setTimeout as sleep } from 'node:timers/promises';
import { ServiceError } from '../contract/index.ts';
import type { UpstreamSettings } from './options.ts';
import type { JourneyLogger } from './types.ts';

/** One HTTP request to a provider. The API key, if any, is only ever in `headers`. */
export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface UpstreamCall {
  provider: string;
  settings: UpstreamSettings;
  deadline: number;
  signal: AbortSignal | undefined;
  logger: JourneyLogger | undefined;
}

/** A failure worth retrying: the provider may answer later. */
interface TransientFailure {
  kind: 'transient';
  detail: string;
  retryAfterMs?: number;
}

type Attempt = { kind: 'answer'; json: unknown } | TransientFailure;

const MAX_BACKOFF_MS = 5_000;
const MAX_RETRY_AFTER_MS = 3_600_000;

/**
 * Sends the request and returns its JSON body. Retries timeouts, unreachable servers, 429 and
 * 5xx with exponential backoff (or the provider's Retry-After) while attempts and the deadline
 * allow; then answers 503 `dependency_unavailable`. 401/403 give 502
 * `upstream_authentication_failed`, any other non-2xx or a body that is not JSON 502
 * `upstream_invalid_response`. Messages name the provider and the HTTP status, never the URL,
 * headers or body. A cancelled `signal` rejects with its reason.
 */
export async function fetchUpstreamJson(request: UpstreamRequest, call: UpstreamCall): Promise<unknown> {
  const { provider, settings, deadline, signal, logger } = call;
  let failure: TransientFailure = { kind: 'transient', detail: 'the planning deadline passed before a request could be sent' };
  let attempts = 0;
  for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
    const remainingMs = deadline - Date.now();
    if (remainingMs <= 0) break;
    attempts = attempt;
    const outcome = await attemptOnce(request, Math.min(settings.requestTimeoutMs, remainingMs), call);
    if (outcome.kind === 'answer') return outcome.json;
    failure = outcome;
    const delayMs = failure.retryAfterMs ?? Math.min(settings.retryBaseDelayMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
    if (attempt === settings.maxAttempts || Date.now() + delayMs >= deadline) {
      throw unavailable(provider, failure, attempt, settings);
    }
    logger?.warn({ provider, attempt, failure: failure.detail, delayMs }, 'journey-data request failed; retrying');
    await sleep(delayMs, undefined, { signal }).catch((error: unknown) => {
      signal?.throwIfAborted();
      throw error;
    });
  }
  throw unavailable(provider, failure, attempts, settings);
}

async function attemptOnce(request: UpstreamRequest, timeoutMs: number, call: UpstreamCall): Promise<Attempt> {
  const { provider, signal } = call;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      redirect: 'manual',
    });
    text = await response.text();
  } catch (error) {
    signal?.throwIfAborted();
    if (timeout.aborted) return { kind: 'transient', detail: `no answer within ${timeoutMs} ms` };
    return { kind: 'transient', detail: `connection failed (${networkErrorCode(error)})` };
  }
  const status = response.status;
  if (status === 401 || status === 403) {
    throw new ServiceError('upstream_authentication_failed', `The journey-data provider (${provider}) rejected the service's credentials (HTTP ${status}).`);
  }
  if (status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return { kind: 'transient', detail: `HTTP ${status}`, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  if (status < 200 || status > 299) throw invalidResponse(provider, `HTTP ${status}${rejectionCode(text)}`);
  try {
    return { kind: 'answer', json: JSON.parse(text) as unknown };
  } catch {
    throw invalidResponse(provider, 'a body that is not JSON');
  }
}

export function invalidResponse(provider: string, what: string): ServiceError {
  return new ServiceError('upstream_invalid_response', `The journey-data provider (${provider}) answered with ${what}.`);
}

function unavailable(provider: string, failure: TransientFailure, attempts: number, settings: UpstreamSettings): ServiceError {
  const tried = attempts === 0 ? '' : ` after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  return new ServiceError('dependency_unavailable', `The journey-data provider (${provider}) is unavailable: ${failure.detail}${tried}.`, {
    retryAfterSeconds: failure.retryAfterMs === undefined ? settings.unavailableRetryAfterSeconds : Math.max(1, Math.ceil(failure.retryAfterMs / 1000)),
  });
}

/** Retry-After as delay-seconds or an HTTP date, in ms; undefined when absent or unusable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  const delayMs = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(delayMs)) return undefined;
  return Math.min(Math.max(0, delayMs), MAX_RETRY_AFTER_MS);
}

/** A system error code such as ECONNREFUSED from fetch's cause; never the message, which may name the address. */
function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'network error';
}

/** The provider's machine-readable rejection code (OSRM `code`, ORS `error.code`), if it looks like one. */
function rejectionCode(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return '';
  }
  const record = body as { code?: unknown; error?: { code?: unknown } } | null;
  const code = record?.code ?? record?.error?.code;
  if (typeof code === 'string' && /^[A-Za-z]{1,40}$/.test(code)) return ` (${code})`;
  if (Number.isSafeInteger(code)) return ` (code ${code as number})`;
  return '';
}
