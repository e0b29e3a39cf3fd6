/** The rules a credential request must meet, checked before anything is written. */
import { OPERATIONS, type TrialLimits } from '../contract/schemas/usage.ts';
import { isDateTimeWithOffset } from '../snapshot/date-time.ts';
import type { CredentialRequest } from './model.ts';
import { ENVIRONMENT_PATTERN } from './token.ts';

export const MAX_NAME_LENGTH = 200;
/** Limits are stored as PostgreSQL `integer`/`bigint`; this keeps every one exact as a JS number and within `integer`. */
export const MAX_LIMIT = 2_147_483_647;

/** Every problem with the request, as sentences; empty when it may be issued. */
export function checkCredentialRequest(request: CredentialRequest): string[] {
  const problems: string[] = [];
  if (request.name.trim().length === 0 || request.name.length > MAX_NAME_LENGTH) {
    problems.push(`The name must be 1 to ${MAX_NAME_LENGTH} characters.`);
  }
  if (!ENVIRONMENT_PATTERN.test(request.environment)) {
    problems.push(`The environment ${JSON.stringify(request.environment)} must match ${ENVIRONMENT_PATTERN} (for example local, staging, production).`);
  }
  if (request.operations.length === 0) problems.push(`At least one operation is needed (${OPERATIONS.join(', ')}).`);
  for (const operation of request.operations) {
    if (!(OPERATIONS as readonly string[]).includes(operation)) problems.push(`Unknown operation ${JSON.stringify(operation)}; use ${OPERATIONS.join(', ')}.`);
  }
  if (request.expires_at !== null && !isDateTimeWithOffset(request.expires_at)) {
    problems.push(`expires_at ${JSON.stringify(request.expires_at)} is not an ISO 8601 date-time with an offset (for example 2026-06-30T23:59:59Z).`);
  }
  for (const [name, value] of Object.entries(request.limits) as [keyof TrialLimits, number | null][]) {
    if (value !== null && !(Number.isInteger(value) && value >= 1 && value <= MAX_LIMIT)) {
      problems.push(`The limit ${name} must be an integer from 1 to ${MAX_LIMIT}, or absent for the service default.`);
    }
  }
  return problems;
}
