/**
 * The thread that owns the embedded database (started by pglite-client.ts). PGlite runs
 * PostgreSQL compiled to WebAssembly in the thread that opens it, and opening it (initdb on a
 * first start, recovery and catalogue loading on a restart) keeps that thread busy for seconds:
 * here it is not the HTTP event loop's thread, so /healthz and /readyz answer meanwhile.
 *
 * Messages are answered in the order they come; PGlite runs them one at a time on its single
 * session, so a transaction opened by the client is a run of messages (pglite-client.ts keeps
 * other statements out of it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { prepareDatabaseDirectory } from './pglite-template.ts';
import type { PgliteThreadData, ThreadReply, ThreadRequest, ThreadStarted, TransferredError } from './pglite-protocol.ts';

const { directory, template } = workerData as PgliteThreadData;
const port = parentPort!;

function transferable(error: unknown): TransferredError {
  const { name, message, code, detail, constraint } = error as Partial<Record<keyof TransferredError, string>>;
  return { name: name ?? 'Error', message: message ?? String(error), code, detail, constraint };
}

async function open(): Promise<{ db: PGlite; started: ThreadStarted }> {
  const prepared = await prepareDatabaseDirectory(directory, template);
  const db = new PGlite(directory);
  await db.waitReady;
  return { db, started: { type: 'started', ...prepared } };
}

try {
  const { db, started } = await open();
  port.on('message', (request: ThreadRequest) => {
    const work =
      request.op === 'query'
        ? db.query(request.text, request.params).then((result) => result.rows)
        : request.op === 'exec'
          ? db.exec(request.text).then(() => [])
          : db.close().then(() => []);
    work.then(
      (rows) => port.postMessage({ id: request.id, rows } satisfies ThreadReply),
      (error: unknown) => port.postMessage({ id: request.id, error: transferable(error) } satisfies ThreadReply),
    );
  });
  port.postMessage(started);
} catch (error) {
  port.postMessage({ type: 'failed', error: transferable(error) } satisfies ThreadStarted);
}
