/**
 * Child-process entry of the CP-SAT backend: solves one CpModelProto with or-tools-wasm and
 * sends the response back. CP-SAT's `solve()` blocks its thread until it returns and its
 * cancellation does not work, so the only hard stop is killing this process; one process runs
 * one solve, then exits. It is a process of its own (not a worker thread) for the V8 flags
 * that process-run.ts starts it with, which a worker thread cannot be given.
 */
import { CpSat } from 'or-tools-wasm/cp-sat';

// The parent is gone (its end of the channel closed): nobody wants the answer.
process.once('disconnect', () => process.exit(0));

process.once('message', async ({ model, parameters }) => {
  try {
    const bytes = await CpSat.createModel(model);
    const { response } = await CpSat.solve(bytes, parameters);
    process.send({ type: 'response', response }, () => process.exit(0));
  } catch (error) {
    process.send({ type: 'failed', message: error instanceof Error ? error.message : String(error) }, () => process.exit(0));
  }
});
// Loading the WebAssembly is the slow part of a run: it overlaps the MiniZinc compilation.
CpSat.loadModule().then(
  () => process.send({ type: 'ready' }),
  (error) => process.send({ type: 'failed', message: `CP-SAT failed to load: ${error instanceof Error ? error.message : String(error)}` }),
);
