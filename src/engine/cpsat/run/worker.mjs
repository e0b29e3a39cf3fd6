/**
 * Worker-thread entry of the CP-SAT backend: solves one CpModelProto with or-tools-wasm and
 * posts the response back. CP-SAT's `solve()` blocks its thread until it returns and its
 * cancellation does not work, so the only hard stop is terminating this worker; one worker
 * runs one solve, then exits.
 */
import { parentPort } from 'node:worker_threads';
import { CpSat } from 'or-tools-wasm/cp-sat';

parentPort.once('message', async ({ model, parameters }) => {
  try {
    const bytes = await CpSat.createModel(model);
    const { response } = await CpSat.solve(bytes, parameters);
    parentPort.postMessage({ type: 'response', response });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
// Loading the WebAssembly is the slow part of a run: it overlaps the MiniZinc compilation.
CpSat.loadModule().then(
  () => parentPort.postMessage({ type: 'ready' }),
  (error) => parentPort.postMessage({ type: 'failed', message: `CP-SAT failed to load: ${error instanceof Error ? error.message : String(error)}` }),
);
