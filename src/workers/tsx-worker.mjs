// Entry of a planning worker when the service runs from its TypeScript sources (tsx): Node 20
// does not pass the parent's tsx loader hooks on to worker threads, so register them here and
// load the real entry. A compiled build (tsc to dist/) loads planning-worker.js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const entry = await import(workerData.entry);
export default entry.default;
