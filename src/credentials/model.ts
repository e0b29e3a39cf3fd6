/**
 * The trial credential as the store keeps it and the CLI prints it (never with its token,
 * except once in `IssuedCredential`), and how its limits combine with the service defaults.
 */
import Type, { type Static } from 'typebox';
import { DateTime, Id, Nullable } from '../contract/schemas/common.ts';
import { Operation, TrialLimits, type PlanningOperation } from '../contract/schemas/usage.ts';
import type { Config } from '../config/index.ts';

export const Credential = Type.Object(
  {
    id: Id(),
    name: Type.String(),
    environment: Type.String(),
    operations: Type.Array(Operation),
    expires_at: Nullable(DateTime()),
    revoked_at: Nullable(DateTime()),
    created_at: DateTime(),
    /** The credential's own limits; `null` means the service default applies. */
    limits: TrialLimits,
  },
  { additionalProperties: false, title: 'Credential' },
);
export type Credential = Static<typeof Credential>;

/** What `issue` returns: the only moment the token exists outside the caller's hands. */
export const IssuedCredential = Type.Object({ ...Credential.properties, token: Type.String() }, { additionalProperties: false, title: 'IssuedCredential' });
export type IssuedCredential = Static<typeof IssuedCredential>;

/** What an operator asks for when issuing a credential. */
export interface CredentialRequest {
  name: string;
  environment: string;
  operations: Operation[];
  expires_at: string | null;
  limits: TrialLimits;
}

export const NO_LIMITS: TrialLimits = {
  requests_per_minute: null,
  total_requests: null,
  matrix_relations_per_request: null,
  matrix_relations_total: null,
  max_manifest_solve_seconds: null,
  max_booking_check_solve_seconds: null,
};

/**
 * The service's defaults for credentials without a limit of their own (`null` = unlimited).
 * The solve times are the planner's configured time limits: a credential can lower them,
 * never raise them.
 */
export type ServiceLimits = Omit<TrialLimits, 'max_manifest_solve_seconds' | 'max_booking_check_solve_seconds'> & {
  max_manifest_solve_seconds: number;
  max_booking_check_solve_seconds: number;
};

/** The limits in force for a credential: its own where set, else the service default; solve times are the smaller of the two. */
export function effectiveLimits(own: TrialLimits, service: ServiceLimits): TrialLimits {
  return {
    requests_per_minute: own.requests_per_minute ?? service.requests_per_minute,
    total_requests: own.total_requests ?? service.total_requests,
    matrix_relations_per_request: own.matrix_relations_per_request ?? service.matrix_relations_per_request,
    matrix_relations_total: own.matrix_relations_total ?? service.matrix_relations_total,
    max_manifest_solve_seconds: smaller(own.max_manifest_solve_seconds, service.max_manifest_solve_seconds),
    max_booking_check_solve_seconds: smaller(own.max_booking_check_solve_seconds, service.max_booking_check_solve_seconds),
  };
}

/** The solve allowance in milliseconds for one operation: the credential's cap or the service default, whichever is smaller. */
export function solveAllowanceMilliseconds(own: TrialLimits, operation: PlanningOperation, serviceDefaultMs: number): number {
  const capSeconds = operation === 'manifests' ? own.max_manifest_solve_seconds : own.max_booking_check_solve_seconds;
  return capSeconds === null ? serviceDefaultMs : Math.min(capSeconds * 1000, serviceDefaultMs);
}

function smaller(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/** The service limits from the configuration (TRIAL_* variables and the solve-time defaults). */
export function serviceLimitsFrom(config: Pick<Config, 'trialDefaults' | 'manifestSolveSeconds' | 'bookingSolveSeconds'>): ServiceLimits {
  return {
    requests_per_minute: config.trialDefaults.requestsPerMinute,
    total_requests: config.trialDefaults.totalRequests,
    matrix_relations_per_request: config.trialDefaults.matrixRelationsPerRequest,
    matrix_relations_total: config.trialDefaults.matrixRelationsTotal,
    max_manifest_solve_seconds: config.manifestSolveSeconds,
    max_booking_check_solve_seconds: config.bookingSolveSeconds,
  };
}
