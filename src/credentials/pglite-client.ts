/**
 * The embedded database (PGlite) behind the `SqlDatabase` seam, run in a worker thread of its
 * own (pglite-thread.ts) so that opening it never blocks the HTTP event loop: on a loaded
 * 2-core machine that took from seconds (a restart) to minutes (a first start, initdb), during
 * which /healthz could not answer. Statements cross the thread as messages; rows come back as
 * structured clones (dates stay dates).
 *
 * Transactions: PGlite has one session, so a transaction here is BEGIN, the work's statements
 * and COMMIT sent in order while every other statement waits for it to end (`idle`).
 */
import { Worker } from 'node:worker_threads';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { threadEntry } from '../workers/thread-entry.ts';
import { acquireLock } from './lock-file.ts';
import { templateDirectory, type Preparation } from './pglite-template.ts';
import type { PgliteThreadData, Statement, ThreadReply, ThreadRequest, ThreadStarted, TransferredError } from './pglite-protocol.ts';
import type { SqlDatabase, SqlQueryable } from './sql.ts';

export interface PgliteOptions {
  /** Copy the pre-initialised template on a first start (default); false: initdb in place. */
  useTemplate?: boolean;
  /** Told how the directory was prepared (and why the template could not be used, if so). */
  onPrepared?: (preparation: Preparation, templateError: string | undefined) => void;
}

type Pending = { resolve(rows: unknown[]): void; reject(error: Error): void };

/** Opens (creating if needed) a durable PGlite database in `directory`, holding its lock (lock-file.ts) while open. */
export async function openPglite(directory: string, options: PgliteOptions = {}): Promise<SqlDatabase> {
  await mkdir(dirname(directory), { recursive: true });
  const releaseLock = await acquireLock(directory);
  let worker: Worker | undefined;
  try {
    const { filename, entry } = threadEntry(import.meta.url, 'pglite-thread');
    const data: PgliteThreadData = { directory, template: options.useTemplate === false ? undefined : templateDirectory() };
    worker = new Worker(filename, { workerData: { entry, ...data } });
    const started = await startedMessage(worker);
    if (started.type === 'failed') throw revive(started.error);
    options.onPrepared?.(started.preparation, started.templateError);
  } catch (error) {
    await worker?.terminate();
    await releaseLock();
    throw error;
  }
  return new PgliteClient(worker, releaseLock);
}

function startedMessage(worker: Worker): Promise<ThreadStarted> {
  return new Promise((resolve, reject) => {
    const exited = (code: number) => reject(new Error(`The embedded database thread exited (code ${code}) while opening.`));
    worker.once('error', reject);
    worker.once('exit', exited);
    worker.once('message', (message: ThreadStarted) => {
      worker.off('error', reject);
      worker.off('exit', exited);
      resolve(message);
    });
  });
}

/** An error of the thread, with what callers read of it (code, detail, constraint; a message isDatabaseUnavailable knows). */
function revive(transferred: TransferredError): Error {
  const { message, ...rest } = transferred;
  return Object.assign(new Error(message), rest);
}

class PgliteClient implements SqlDatabase {
  readonly kind = 'pglite' as const;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** Settles when no transaction holds the session. */
  private idle: Promise<unknown> = Promise.resolve();
  private closed: Promise<void> | undefined;
  private ended = false;

  constructor(
    private readonly worker: Worker,
    private readonly releaseLock: () => Promise<void>,
  ) {
    worker.on('message', (reply: ThreadReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(revive(reply.error));
      else waiting?.resolve(reply.rows);
    });
    // the thread is gone (a crash, or closed): what was sent gets the error PGlite gives once closed
    worker.on('exit', () => {
      this.ended = true;
      this.failAll('PGlite is closed (its thread ended).');
    });
    worker.on('error', (error) => this.failAll(`PGlite is closed (its thread failed: ${error.message}).`));
  }

  async query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    await this.outsideTransactions();
    return (await this.send({ op: 'query', text, params })) as Row[];
  }

  async exec(script: string): Promise<void> {
    await this.outsideTransactions();
    await this.send({ op: 'exec', text: script });
  }

  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const run = this.idle.then(async () => {
      const tx: SqlQueryable = {
        query: async <Row>(text: string, params: unknown[] = []) => (await this.send({ op: 'query', text, params })) as Row[],
        exec: async (script: string) => void (await this.send({ op: 'exec', text: script })),
      };
      await tx.exec('BEGIN');
      try {
        const result = await work(tx);
        await tx.exec('COMMIT');
        return result;
      } catch (error) {
        await tx.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    this.idle = run.catch(() => undefined);
    return run;
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      try {
        await this.outsideTransactions();
        await this.send({ op: 'close' });
      } finally {
        await this.worker.terminate();
        await this.releaseLock();
      }
    })();
    return this.closed;
  }

  /** Waits until no transaction is open (also one that starts while waiting). */
  private async outsideTransactions(): Promise<void> {
    for (let current = this.idle; ; current = this.idle) {
      await current;
      if (current === this.idle) return;
    }
  }

  private send(request: Statement): Promise<unknown[]> {
    if (this.ended) return Promise.reject(new Error('PGlite is closed.'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  private failAll(message: string): void {
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
  }
}
