/** Messages between the embedded database's thread (pglite-thread.ts) and its client (pglite-client.ts). */
import type { Preparation } from './pglite-template.ts';

export interface PgliteThreadData {
  /** The database directory (DATA_DIR/credentials). */
  directory: string;
  /** The pre-initialised directory to copy on a first start (pglite-template.ts); undefined: PGlite creates the database in place. */
  template: string | undefined;
}

export type Statement = { op: 'query'; text: string; params: unknown[] } | { op: 'exec'; text: string } | { op: 'close' };

export type ThreadRequest = Statement & { id: number };

/** An error as it crosses the thread boundary: what the store and isDatabaseUnavailable read of it. */
export interface TransferredError {
  name: string;
  message: string;
  code?: string | undefined;
  detail?: string | undefined;
  constraint?: string | undefined;
}

export type ThreadReply = { id: number; rows: unknown[] } | { id: number; error: TransferredError };

export type ThreadStarted = { type: 'started'; preparation: Preparation; templateError?: string } | { type: 'failed'; error: TransferredError };
