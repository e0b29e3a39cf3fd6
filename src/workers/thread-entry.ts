/**
 * Where a worker thread starts. In a build (JavaScript in dist/) it is the compiled module
 * itself. From the TypeScript sources it is tsx-worker.mjs, which registers tsx in the new
 * thread (Node 20 does not pass the parent's loader hooks on to worker threads) and then
 * imports the module named by `workerData.entry`.
 */
import { fileURLToPath } from 'node:url';

/** `name` is the module's file name without extension, beside the module at `callerUrl` (its import.meta.url). */
export function threadEntry(callerUrl: string, name: string): { filename: string; entry: string } {
  const compiled = callerUrl.endsWith('.js');
  const entry = new URL(`./${name}.${compiled ? 'js' : 'ts'}`, callerUrl);
  const filename = compiled ? entry : new URL('./tsx-worker.mjs', import.meta.url);
  return { filename: fileURLToPath(filename), entry: entry.href };
}
