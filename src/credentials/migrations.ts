/**
 * Versioned schema migrations, applied in order at start-up (service and CLI alike). A
 * migration is never edited once released: change the schema by appending a new one.
 */
import type { SqlDatabase } from './sql.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'credentials and usage counters',
    sql: `
      CREATE TABLE credentials (
        id text PRIMARY KEY,
        name text NOT NULL,
        environment text NOT NULL,
        token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
        operations text[] NOT NULL CHECK (operations <@ ARRAY['manifests', 'booking_checks', 'usage']),
        expires_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL,
        -- Limits: NULL means the service default applies.
        requests_per_minute integer CHECK (requests_per_minute >= 1),
        total_requests bigint CHECK (total_requests >= 1),
        matrix_relations_per_request bigint CHECK (matrix_relations_per_request >= 1),
        matrix_relations_total bigint CHECK (matrix_relations_total >= 1),
        max_manifest_solve_seconds integer CHECK (max_manifest_solve_seconds >= 1),
        max_booking_check_solve_seconds integer CHECK (max_booking_check_solve_seconds >= 1)
      );
      -- Hot counters live apart from the credential, one row each, updated by single
      -- conditional statements (see store.ts).
      CREATE TABLE credential_usage (
        credential_id text PRIMARY KEY REFERENCES credentials (id) ON DELETE CASCADE,
        total_requests bigint NOT NULL DEFAULT 0 CHECK (total_requests >= 0),
        matrix_relations bigint NOT NULL DEFAULT 0 CHECK (matrix_relations >= 0),
        minute_window_start timestamptz NOT NULL DEFAULT 'epoch',
        minute_window_requests integer NOT NULL DEFAULT 0 CHECK (minute_window_requests >= 0)
      );
    `,
  },
];

/** Any constant will do; it only has to be the same in every process that migrates. */
const MIGRATION_LOCK_KEY = 0x6d707331; // "mps1"

/**
 * Applies the migrations this database lacks, in one transaction, under an advisory lock so
 * that several processes starting at once against one server migrate exactly once.
 * Returns the versions applied now.
 */
export async function migrate(db: SqlDatabase, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    const applied = new Set(rows.map((row) => Number(row.version)));
    const newest = Math.max(0, ...migrations.map((migration) => migration.version));
    const unknown = [...applied].filter((version) => version > newest);
    if (unknown.length > 0) {
      throw new Error(`The credential database has schema version ${Math.max(...unknown)}, newer than this service knows (${newest}); upgrade the service.`);
    }
    const pending = migrations.filter((migration) => !applied.has(migration.version)).sort((a, b) => a.version - b.version);
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return pending.map((migration) => migration.version);
  });
}
