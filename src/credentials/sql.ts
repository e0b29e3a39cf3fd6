/**
 * The one seam between the credential store and its database: PGlite (PostgreSQL compiled to
 * WebAssembly, durable in a directory, run in a thread of its own: pglite-client.ts) or a real
 * PostgreSQL server through `pg`. Both speak the same SQL with `$n` parameters, so the store
 * above this file has a single implementation.
 */
import pg from 'pg';

export interface SqlQueryable {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface SqlDatabase extends SqlQueryable {
  readonly kind: 'pglite' | 'postgresql';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PostgresOptions {
  connectionString: string;
  /** Pooled connections; each holds one server backend. */
  maxConnections?: number;
  /** Errors of idle pooled connections (for example a server restart); the next query reconnects. */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openPostgres(options: PostgresOptions): Promise<SqlDatabase> {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10, connectionTimeoutMillis: 5_000 });
  // Without a listener an idle connection's error would crash the process.
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    // The connection string may carry a password: never repeat it.
    throw new Error(`Cannot connect to the PostgreSQL server given by DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }
  return {
    kind: 'postgresql',
    async query<Row>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as Row[];
    },
    async exec(script: string) {
      await pool.query(script); // no parameters: the simple protocol, which allows several statements
    },
    async transaction<T>(work: (tx: SqlQueryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as Row[],
          exec: async (script: string) => void (await client.query(script)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Whether a database error means the server cannot be reached or is going away (a 503 for the
 * caller), as opposed to a fault in our SQL (a 500 and a bug).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P (operator intervention).
    if (/^(08|53|57P)/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(code)) return true;
  }
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(message);
}
