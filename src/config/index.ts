/**
 * Configuration from environment variables, validated once at start-up. Every variable is
 * listed in README.md with its default; a bad value stops the service with a clear message.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  serviceEnvironment: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimitBytes: number;
  manifestSolveSeconds: number;
  bookingSolveSeconds: number;
  manifestSolver: string;
  bookingSolver: string;
  minizincBin: string | undefined;
  /** Solver threads of each planning worker's own engine. */
  engineWorkers: number;
  engineQueueLimit: number;
  /** Plans at once: planning worker threads (default: the core count). */
  planningWorkers: number;
  /** Plans that may wait for a planning worker before requests get 503. */
  planningQueueLimit: number;
  /** Added to a request's solve allowance to make its end-to-end deadline (journey data, assembly, validation, queueing). */
  deadlineGraceSeconds: number;
  /** On SIGTERM: how long in-flight plans may run to completion before they are cancelled. */
  shutdownGraceSeconds: number;
  journeyProvider: 'estimator' | 'openrouteservice' | 'osrm';
  journeyBaseUrl: string | undefined;
  journeyApiKey: string | undefined;
  /** Optional tuning of the journey providers (docs/journey.md); unset keeps the provider defaults. */
  journeyTuning: {
    requestTimeoutMs?: number;
    maxAttempts?: number;
    retryBaseDelayMs?: number;
    maxRelationsPerRequest?: number;
    maxLocationsPerRequest?: number;
    concurrency?: number;
    cacheMaxRelations?: number;
    cacheMaxAgeSeconds?: number;
  };
  /** Trial limits for credentials that set none of their own; null = unlimited. */
  trialDefaults: {
    requestsPerMinute: number | null;
    totalRequests: number | null;
    matrixRelationsPerRequest: number | null;
    matrixRelationsTotal: number | null;
  };
  issueLocalCredential: boolean;
  /** A separate listener for GET /metrics (then not served on PORT); undefined: /metrics on PORT. */
  metricsPort: number | undefined;
  metricsHost: string;
}

export class ConfigError extends Error {
  constructor(variable: string, value: string, expected: string) {
    super(`Configuration error: ${variable}=${JSON.stringify(value)} is invalid; expected ${expected}.`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** 64 MiB: more than twice the measured size of a spec-limit snapshot (see README, "Body limit"). */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(name, raw, `an integer from ${min} to ${max}`);
  return value;
}

function optionalInteger(env: Env, name: string, min: number, max: number): number | undefined {
  return env[name] === undefined || env[name] === '' ? undefined : integer(env, name, 0, min, max);
}

/** An optional limit: unset or `unlimited` means no limit. */
function limit(env: Env, name: string, fallback: number | null): number | null {
  const raw = env[name];
  if (raw === 'unlimited') return null;
  if (raw === undefined || raw === '') return fallback;
  return integer(env, name, 0, 1, Number.MAX_SAFE_INTEGER);
}

function defined<T extends Record<string, number | undefined>>(values: T): { [K in keyof T]?: number } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: number };
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(name, raw, `one of ${allowed.join(', ')}`);
  return raw as T;
}

function text(env: Env, name: string, fallback: string, pattern = /^\S+$/): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!pattern.test(raw)) throw new ConfigError(name, raw, `a value matching ${pattern}`);
  return raw;
}

function optionalUrl(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  try {
    new URL(raw);
  } catch {
    // Never echo a URL that may carry a password.
    throw new ConfigError(name, '<hidden>', 'an absolute URL');
  }
  return raw;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  return oneOf(env, name, fallback ? 'true' : 'false', ['true', 'false']) === 'true';
}

/** Only a `local` service may issue and print a credential by itself: elsewhere a token must never reach a log. */
function localCredentialWanted(env: Env, serviceEnvironment: string): boolean {
  const wanted = bool(env, 'ISSUE_LOCAL_CREDENTIAL', serviceEnvironment === 'local');
  if (wanted && serviceEnvironment !== 'local') throw new ConfigError('ISSUE_LOCAL_CREDENTIAL', 'true', `false outside SERVICE_ENVIRONMENT=local (here ${serviceEnvironment}): issue credentials with the credentials CLI`);
  return wanted;
}

export function loadConfig(env: Env = process.env, projectRoot = process.cwd()): Config {
  const serviceEnvironment = text(env, 'SERVICE_ENVIRONMENT', 'local', /^[a-z][a-z0-9-]{0,31}$/);
  const journeyProvider = oneOf(env, 'JOURNEY_PROVIDER', 'estimator', ['estimator', 'openrouteservice', 'osrm'] as const);
  const journeyBaseUrl = optionalUrl(env, 'JOURNEY_BASE_URL');
  if (journeyProvider !== 'estimator' && journeyBaseUrl === undefined) {
    throw new ConfigError('JOURNEY_BASE_URL', '', `the provider's base URL when JOURNEY_PROVIDER=${journeyProvider}`);
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST', '127.0.0.1'),
    serviceEnvironment,
    dataDir: resolve(projectRoot, text(env, 'DATA_DIR', '.data', /^.+$/)),
    databaseUrl: optionalUrl(env, 'DATABASE_URL'),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', DEFAULT_BODY_LIMIT_BYTES, 1024, 1024 * 1024 * 1024),
    manifestSolveSeconds: integer(env, 'MANIFEST_SOLVE_SECONDS', 30, 1, 3600),
    bookingSolveSeconds: integer(env, 'BOOKING_SOLVE_SECONDS', 5, 1, 600),
    // Gecode: the planner's subproblems repeat under its failure limits, and Chuffed 0.14 stops
    // with "UNKNOWN EXCEPTION" on pdptw.mzn once a neighbourhood fixes stops to a route
    manifestSolver: text(env, 'MANIFEST_SOLVER', 'gecode'),
    bookingSolver: text(env, 'BOOKING_SOLVER', 'chuffed'),
    minizincBin: env.MINIZINC_BIN === '' ? undefined : env.MINIZINC_BIN,
    engineWorkers: integer(env, 'ENGINE_WORKERS', 1, 1, 64),
    engineQueueLimit: integer(env, 'ENGINE_QUEUE_LIMIT', 16, 0, 10_000),
    planningWorkers: integer(env, 'PLANNING_WORKERS', availableParallelism(), 1, 256),
    planningQueueLimit: integer(env, 'PLANNING_QUEUE_LIMIT', availableParallelism(), 0, 1_000),
    deadlineGraceSeconds: integer(env, 'PLANNING_DEADLINE_GRACE_SECONDS', 15, 1, 600),
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 30, 0, 3600),
    journeyProvider,
    journeyBaseUrl,
    journeyApiKey: env.JOURNEY_API_KEY === '' ? undefined : env.JOURNEY_API_KEY,
    journeyTuning: defined({
      requestTimeoutMs: optionalInteger(env, 'JOURNEY_REQUEST_TIMEOUT_MS', 100, 600_000),
      maxAttempts: optionalInteger(env, 'JOURNEY_MAX_ATTEMPTS', 1, 10),
      retryBaseDelayMs: optionalInteger(env, 'JOURNEY_RETRY_BASE_DELAY_MS', 0, 60_000),
      maxRelationsPerRequest: optionalInteger(env, 'JOURNEY_MAX_RELATIONS_PER_REQUEST', 1, 10_000_000),
      maxLocationsPerRequest: optionalInteger(env, 'JOURNEY_MAX_LOCATIONS_PER_REQUEST', 2, 100_000),
      concurrency: optionalInteger(env, 'JOURNEY_CONCURRENCY', 1, 64),
      cacheMaxRelations: optionalInteger(env, 'JOURNEY_CACHE_MAX_RELATIONS', 0, 10_000_000),
      cacheMaxAgeSeconds: optionalInteger(env, 'JOURNEY_CACHE_MAX_AGE_SECONDS', 0, 30 * 24 * 3600),
    }),
    trialDefaults: {
      requestsPerMinute: limit(env, 'TRIAL_REQUESTS_PER_MINUTE', 60),
      totalRequests: limit(env, 'TRIAL_TOTAL_REQUESTS', null),
      matrixRelationsPerRequest: limit(env, 'TRIAL_MATRIX_RELATIONS_PER_REQUEST', 250_000),
      matrixRelationsTotal: limit(env, 'TRIAL_MATRIX_RELATIONS_TOTAL', null),
    },
    issueLocalCredential: localCredentialWanted(env, serviceEnvironment),
    metricsPort: optionalInteger(env, 'METRICS_PORT', 0, 65535),
    metricsHost: text(env, 'METRICS_HOST', '127.0.0.1'),
  };
}
