/**
 * Enforcement on planning routes and `/v1/usage`, in this order:
 *
 * 1. 401: `credential_missing` (no Authorization header), `credential_malformed` (not
 *    `Bearer <token>`, or the token fails its shape or checksum), `credential_wrong_environment`
 *    (the token names another environment), `credential_invalid` (unknown to this service),
 *    `credential_revoked`, `credential_expired`. Only the Authorization header is read: a token
 *    in the URL or the body is never accepted.
 * 2. 403: `operation_not_allowed`.
 * 3. 429 (planning operations only): `total_requests_exhausted` (no Retry-After: waiting does
 *    not help), then `rate_limit_exceeded` (Retry-After = seconds to the next UTC minute).
 *
 * What counts as a request: every planning request that passes 1 and 2 and is within its
 * limits, whatever its outcome afterwards (422, 504, ...), because it is counted before the
 * body is read. Refused requests (401/403/429) do not count. `/v1/usage` never counts and is
 * never refused for spent allowance: it is how a caller sees why it is refused.
 */
import type { Context, Middleware, Next } from 'koa';
import { ServiceError } from '../contract/errors.ts';
import { PLANNING_OPERATIONS, type Operation } from '../contract/schemas/usage.ts';
import type { AccessControl } from '../http/ports.ts';
import { chargeMatrixRelations } from './matrix.ts';
import { effectiveLimits, solveAllowanceMilliseconds, type Credential, type ServiceLimits } from './model.ts';
import { available } from './available.ts';
import { credentialOf } from './state.ts';
import type { CredentialStore } from './store.ts';
import { parseToken } from './token.ts';
import { usageHandler } from './usage.ts';

export interface AccessControlOptions {
  store: CredentialStore;
  /** The environment this service runs in (SERVICE_ENVIRONMENT). */
  environment: string;
  /** Limits for credentials that have none of their own. */
  limits: ServiceLimits;
}

/** Everything the HTTP layer needs, as its `AccessControl` port. */
export function createAccessControl(options: AccessControlOptions): AccessControl {
  return {
    require: (operation: Operation) => requireCredential(options, operation),
    usage: usageHandler(options),
    solveAllowanceMs: (state, operation) => {
      const defaultSeconds = operation === 'manifests' ? options.limits.max_manifest_solve_seconds : options.limits.max_booking_check_solve_seconds;
      return solveAllowanceMilliseconds(credentialOf(state).limits, operation, defaultSeconds * 1000);
    },
    chargeMatrixRelations: (state, relations) => chargeMatrixRelations(options.store, credentialOf(state), relations, options.limits),
  };
}

/** Authenticates, checks the operation and, for planning operations, counts the request. */
export function requireCredential(options: AccessControlOptions, operation: Operation): Middleware {
  const counts = (PLANNING_OPERATIONS as readonly Operation[]).includes(operation);
  return async function enforceCredential(ctx: Context, next: Next): Promise<void> {
    const credential = await authenticate(options, ctx.get('Authorization')).catch((error: unknown) => {
      if (error instanceof ServiceError && error.status === 401) ctx.set('WWW-Authenticate', bearerChallenge(error));
      throw error;
    });
    ctx.state.credential = credential;
    ctx.state.credentialId = credential.id;
    if (!credential.operations.includes(operation)) {
      throw new ServiceError('operation_not_allowed', `This credential does not allow the ${operation} operation; it allows ${credential.operations.join(', ')}.`);
    }
    if (counts) await countRequest(options, credential);
    await next();
  };
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The RFC 6750 challenge of a 401: the scheme and realm, and `error="invalid_token"` when a
 * token was sent but refused (none when it was missing, as section 3.1 asks).
 */
function bearerChallenge(error: ServiceError): string {
  const realm = 'Bearer realm="manifest-planning"';
  return error.code === 'credential_missing' ? realm : `${realm}, error="invalid_token", error_description="${error.code}"`;
}

async function authenticate(options: AccessControlOptions, header: string): Promise<Credential> {
  if (header === '') throw new ServiceError('credential_missing', 'Send the credential in the header `Authorization: Bearer <token>`.');
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) throw new ServiceError('credential_malformed', 'The Authorization header must be `Bearer <token>`.');
  const parsed = parseToken(token);
  if (parsed === undefined) throw new ServiceError('credential_malformed', 'The bearer token is not a well-formed credential of this service (check that it was copied whole).');
  if (parsed.environment !== options.environment) {
    throw new ServiceError('credential_wrong_environment', `The credential is for the ${parsed.environment} environment; this service is ${options.environment}.`);
  }
  const credential = await available(() => options.store.findByToken(token));
  if (credential === undefined) throw new ServiceError('credential_invalid', 'The credential is not known to this service.');
  // The prefix is part of the hashed token, so this only fails if the store was edited by hand.
  if (credential.environment !== options.environment) {
    throw new ServiceError('credential_wrong_environment', `The credential is for the ${credential.environment} environment; this service is ${options.environment}.`);
  }
  if (credential.revoked_at !== null) throw new ServiceError('credential_revoked', `The credential ${credential.id} was revoked at ${credential.revoked_at}.`);
  if (credential.expires_at !== null && Date.parse(credential.expires_at) <= options.store.clock().getTime()) {
    throw new ServiceError('credential_expired', `The credential ${credential.id} expired at ${credential.expires_at}.`);
  }
  return credential;
}

async function countRequest(options: AccessControlOptions, credential: Credential): Promise<void> {
  const limits = effectiveLimits(credential.limits, options.limits);
  const count = await available(() => options.store.countRequest(credential.id, limits));
  switch (count.outcome) {
    case 'counted':
      return;
    case 'total_exhausted':
      throw new ServiceError('total_requests_exhausted', `The credential has used all ${limits.total_requests} of its planning requests; waiting will not help.`);
    case 'rate_limited':
      throw new ServiceError('rate_limit_exceeded', `The credential allows ${limits.requests_per_minute} planning requests per minute; retry after ${count.retryAfterSeconds} s.`, {
        retryAfterSeconds: count.retryAfterSeconds,
      });
  }
}
