// Entry of a worker thread (planning workers, the embedded database) when the service runs
// from its TypeScript sources (tsx): Node 20 does not pass the parent's tsx loader hooks on to
// worker threads, so register them here and load the real entry (workers/thread-entry.ts).
// A compiled build loads the .js entries directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const entry = await import(workerData.entry);
export default entry.default;
