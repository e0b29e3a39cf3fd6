/**
 * The credential store: one implementation over PGlite or PostgreSQL (see sql.ts).
 *
 * Counters are changed only by single conditional `UPDATE ... RETURNING` statements, so the
 * database serialises concurrent requests on a credential's row, whichever process sends them:
 * a request is counted exactly when its statement returns a row, and no update is lost.
 *
 * Per-minute rate: a fixed window per credential, aligned to UTC minutes, kept in the
 * credential's usage row (`minute_window_start`, `minute_window_requests`). The statement that
 * counts a request also rolls the window forward when a new minute has begun. The window only
 * ever moves forward, so a process whose clock lags another's counts into the newer window
 * rather than resetting it. Like any fixed window it admits up to twice the rate across a
 * minute boundary; in exchange it is one row, one statement and exact.
 */
import { join } from 'node:path';
import { NO_LIMITS, type Credential, type CredentialRequest, type IssuedCredential } from './model.ts';
import { migrate } from './migrations.ts';
import { openPostgres, type SqlDatabase } from './sql.ts';
import { openPglite, type PgliteOptions } from './pglite-client.ts';
import { digestsEqual, generateToken, newCredentialId, tokenDigest } from './token.ts';
import { checkCredentialRequest } from './request.ts';
import type { TrialLimits } from '../contract/schemas/usage.ts';

export interface CredentialStoreOptions {
  /** A PostgreSQL connection string; when absent the embedded database under `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** The service's data directory; the embedded database lives in `<dataDir>/credentials`. */
  dataDir: string;
  /** Time source for windows and timestamps (tests move it). */
  clock?: () => Date;
  /** Pooled PostgreSQL connections. */
  maxConnections?: number;
  onIdleConnectionError?: (error: Error) => void;
  /** The embedded database: how its directory was prepared (pglite-template.ts). */
  onEmbeddedPrepared?: PgliteOptions['onPrepared'];
}

/** How counting one planning request went. */
export type RequestCount =
  | { outcome: 'counted'; totalRequests: number; requestsThisMinute: number }
  | { outcome: 'total_exhausted'; totalRequests: number }
  | { outcome: 'rate_limited'; retryAfterSeconds: number };

export type MatrixCharge = { outcome: 'charged'; used: number } | { outcome: 'exhausted'; used: number };

export interface UsageCounters {
  totalRequests: number;
  matrixRelations: number;
  requestsThisMinute: number;
  /** Start of the current UTC minute. */
  minuteStart: Date;
}

export const MINUTE_MS = 60_000;

/** Opens the store named by the options and brings its schema up to date. */
export async function openCredentialStore(options: CredentialStoreOptions): Promise<CredentialStore> {
  const db =
    options.databaseUrl === undefined
      ? await openPglite(join(options.dataDir, 'credentials'), { ...(options.onEmbeddedPrepared === undefined ? {} : { onPrepared: options.onEmbeddedPrepared }) })
      : await openPostgres({
          connectionString: options.databaseUrl,
          ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
          ...(options.onIdleConnectionError === undefined ? {} : { onIdleConnectionError: options.onIdleConnectionError }),
        });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return new CredentialStore(db, options.clock ?? (() => new Date()));
}

interface CredentialRow {
  id: string;
  name: string;
  environment: string;
  token_sha256: string;
  operations: Credential['operations'];
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
  requests_per_minute: number | string | null;
  total_requests: number | string | null;
  matrix_relations_per_request: number | string | null;
  matrix_relations_total: number | string | null;
  max_manifest_solve_seconds: number | string | null;
  max_booking_check_solve_seconds: number | string | null;
}

interface UsageRow {
  total_requests: number | string;
  matrix_relations: number | string;
  minute_window_start: Date;
  minute_window_requests: number | string;
}

const CREDENTIAL_COLUMNS = `id, name, environment, token_sha256, operations, expires_at, revoked_at, created_at,
  requests_per_minute, total_requests, matrix_relations_per_request, matrix_relations_total,
  max_manifest_solve_seconds, max_booking_check_solve_seconds`;

export class CredentialStore {
  readonly kind: SqlDatabase['kind'];

  constructor(
    private readonly db: SqlDatabase,
    readonly clock: () => Date,
  ) {
    this.kind = db.kind;
  }

  /** Creates a credential and returns it with its token; the token is not kept, only its digest. */
  async issue(request: CredentialRequest): Promise<IssuedCredential> {
    return this.insert(this.db, request);
  }

  /**
   * Issues a credential only when the store holds none at all (the local quick start). Several
   * processes starting at once against one server issue at most one between them.
   */
  async issueIfEmpty(request: CredentialRequest): Promise<IssuedCredential | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_CREDENTIAL_LOCK_KEY]);
      const [row] = await tx.query<{ present: boolean }>('SELECT EXISTS (SELECT 1 FROM credentials) AS present');
      return row?.present ? undefined : this.insert(tx, request);
    });
  }

  async list(): Promise<Credential[]> {
    const rows = await this.db.query<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM credentials ORDER BY created_at, id`);
    return rows.map(toCredential);
  }

  async get(id: string): Promise<Credential | undefined> {
    const [row] = await this.db.query<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE id = $1`, [id]);
    return row === undefined ? undefined : toCredential(row);
  }

  /**
   * The credential a token belongs to. The lookup is by digest, so what an attacker could time
   * is a comparison of SHA-256 outputs of inputs they chose, which tells nothing about stored
   * digests' preimages; the final check compares the digests in constant time all the same.
   */
  async findByToken(token: string): Promise<Credential | undefined> {
    const digest = tokenDigest(token);
    const [row] = await this.db.query<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE token_sha256 = $1`, [digest]);
    return row !== undefined && digestsEqual(row.token_sha256, digest) ? toCredential(row) : undefined;
  }

  /** Revokes a credential (idempotent: a second revoke keeps the first time). Undefined when the id is unknown. */
  async revoke(id: string): Promise<Credential | undefined> {
    const [row] = await this.db.query<CredentialRow>(
      `UPDATE credentials SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 RETURNING ${CREDENTIAL_COLUMNS}`,
      [id, this.clock()],
    );
    return row === undefined ? undefined : toCredential(row);
  }

  /**
   * Counts one planning request against the total and the current minute, if both allow it.
   * A refused request is not counted. When both limits are reached, the total wins: waiting
   * would not help.
   */
  async countRequest(credentialId: string, limits: Pick<TrialLimits, 'requests_per_minute' | 'total_requests'>): Promise<RequestCount> {
    // A refused update followed by a read that shows no limit reached means a new minute began
    // in between; trying again is then bound to succeed or to see a limit.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = this.clock();
      const minuteStart = startOfMinute(now);
      const [counted] = await this.db.query<UsageRow>(
        `UPDATE credential_usage SET
           total_requests = total_requests + 1,
           minute_window_requests = CASE WHEN minute_window_start >= $2 THEN minute_window_requests + 1 ELSE 1 END,
           minute_window_start = GREATEST(minute_window_start, $2)
         WHERE credential_id = $1
           AND ($3::bigint IS NULL OR total_requests < $3::bigint)
           AND ($4::bigint IS NULL OR minute_window_start < $2 OR minute_window_requests < $4::bigint)
         RETURNING total_requests, matrix_relations, minute_window_start, minute_window_requests`,
        [credentialId, minuteStart, limits.total_requests, limits.requests_per_minute],
      );
      if (counted !== undefined) {
        return { outcome: 'counted', totalRequests: Number(counted.total_requests), requestsThisMinute: Number(counted.minute_window_requests) };
      }
      const usage = await this.usageRow(credentialId);
      const totalRequests = Number(usage.total_requests);
      if (limits.total_requests !== null && totalRequests >= limits.total_requests) return { outcome: 'total_exhausted', totalRequests };
      if (limits.requests_per_minute !== null && usage.minute_window_start >= minuteStart && Number(usage.minute_window_requests) >= limits.requests_per_minute) {
        const windowEnd = usage.minute_window_start.getTime() + MINUTE_MS;
        return { outcome: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) };
      }
    }
    throw new Error(`Counting a request for credential ${credentialId} did not settle.`);
  }

  /** Adds `relations` to the lifetime count if the result stays within `lifetimeLimit` (null = unlimited); all or nothing. */
  async chargeMatrixRelations(credentialId: string, relations: number, lifetimeLimit: number | null): Promise<MatrixCharge> {
    const [charged] = await this.db.query<{ matrix_relations: number | string }>(
      `UPDATE credential_usage SET matrix_relations = matrix_relations + $2::bigint
       WHERE credential_id = $1 AND ($3::bigint IS NULL OR matrix_relations + $2::bigint <= $3::bigint)
       RETURNING matrix_relations`,
      [credentialId, relations, lifetimeLimit],
    );
    if (charged !== undefined) return { outcome: 'charged', used: Number(charged.matrix_relations) };
    return { outcome: 'exhausted', used: Number((await this.usageRow(credentialId)).matrix_relations) };
  }

  async usage(credentialId: string): Promise<UsageCounters> {
    const row = await this.usageRow(credentialId);
    const minuteStart = startOfMinute(this.clock());
    return {
      totalRequests: Number(row.total_requests),
      matrixRelations: Number(row.matrix_relations),
      requestsThisMinute: row.minute_window_start >= minuteStart ? Number(row.minute_window_requests) : 0,
      minuteStart,
    };
  }

  /** For readiness checks: resolves when the database answers. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  private async usageRow(credentialId: string): Promise<UsageRow> {
    const [row] = await this.db.query<UsageRow>(
      'SELECT total_requests, matrix_relations, minute_window_start, minute_window_requests FROM credential_usage WHERE credential_id = $1',
      [credentialId],
    );
    if (row === undefined) throw new Error(`Credential ${credentialId} has no usage row.`);
    return row;
  }

  private async insert(db: Pick<SqlDatabase, 'query'>, request: CredentialRequest): Promise<IssuedCredential> {
    const problems = checkCredentialRequest(request);
    if (problems.length > 0) throw new Error(`Invalid credential request: ${problems.join(' ')}`);
    const id = newCredentialId();
    const token = generateToken(request.environment);
    const createdAt = this.clock();
    const limits = { ...NO_LIMITS, ...request.limits };
    const operations = [...new Set(request.operations)];
    // One statement, so the credential and its counters exist together or not at all.
    await db.query(
      `WITH credential AS (
         INSERT INTO credentials (id, name, environment, token_sha256, operations, expires_at, revoked_at, created_at,
           requests_per_minute, total_requests, matrix_relations_per_request, matrix_relations_total,
           max_manifest_solve_seconds, max_booking_check_solve_seconds)
         VALUES ($1, $2, $3, $4, $5::text[], $6, NULL, $7, $8, $9, $10, $11, $12, $13)
         RETURNING id
       )
       INSERT INTO credential_usage (credential_id) SELECT id FROM credential`,
      [
        id,
        request.name,
        request.environment,
        tokenDigest(token),
        operations,
        request.expires_at === null ? null : new Date(request.expires_at),
        createdAt,
        limits.requests_per_minute,
        limits.total_requests,
        limits.matrix_relations_per_request,
        limits.matrix_relations_total,
        limits.max_manifest_solve_seconds,
        limits.max_booking_check_solve_seconds,
      ],
    );
    return {
      id,
      name: request.name,
      environment: request.environment,
      operations,
      expires_at: request.expires_at === null ? null : new Date(request.expires_at).toISOString(),
      revoked_at: null,
      created_at: createdAt.toISOString(),
      limits,
      token,
    };
  }
}

const FIRST_CREDENTIAL_LOCK_KEY = 0x6d707332; // "mps2"

export function startOfMinute(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS);
}

function toCredential(row: CredentialRow): Credential {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    operations: row.operations,
    expires_at: row.expires_at === null ? null : row.expires_at.toISOString(),
    revoked_at: row.revoked_at === null ? null : row.revoked_at.toISOString(),
    created_at: row.created_at.toISOString(),
    limits: {
      requests_per_minute: nullableNumber(row.requests_per_minute),
      total_requests: nullableNumber(row.total_requests),
      matrix_relations_per_request: nullableNumber(row.matrix_relations_per_request),
      matrix_relations_total: nullableNumber(row.matrix_relations_total),
      max_manifest_solve_seconds: nullableNumber(row.max_manifest_solve_seconds),
      max_booking_check_solve_seconds: nullableNumber(row.max_booking_check_solve_seconds),
    },
  };
}

function nullableNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}
