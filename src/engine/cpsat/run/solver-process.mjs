/**
 * Child-process entry of the CP-SAT backend: solves one CpModelProto with or-tools-wasm and
 * sends the response back. CP-SAT's `solve()` blocks its thread until it returns and its
 * cancellation does not work, so the only hard stop is killing this process; one process runs
 * one solve, then exits. It is a process of its own (not a worker thread) for the V8 flags
 * that process-run.ts starts it with, which a worker thread cannot be given.
 *
 * With `firstSolutionFirst` (an optimisation), CP-SAT, which reports solutions only when it
 * returns, runs twice: to its first solution (`stopAfterFirstSolution`, see firstSearch), which is sent at once
 * as a `solution` message, then, with that solution as a complete hint (CP-SAT takes it back at
 * once and improves on it), for the time left. A first search that ends with anything else
 * (OPTIMAL, INFEASIBLE, UNKNOWN) is the answer.
 */
import { CpSat } from 'or-tools-wasm/cp-sat';

/** Below this many seconds left, the first solution is the answer. */
const MIN_SECOND_SEARCH_S = 0.05;

// The parent is gone (its end of the channel closed): nobody wants the answer.
process.once('disconnect', () => process.exit(0));

const reply = (message) => process.send(message, () => process.exit(0));

/**
 * The first search. With a solution hint (a warm start), it is first tried with the hinted
 * variables fixed to their hints, which gives the hint's solution at once where there is one;
 * that search covers only part of the problem, so its OPTIMAL is only a solution and its bound
 * none. If it finds nothing, the search starts over on the whole problem.
 */
async function firstSearch(bytes, model, parameters, startedAt) {
  const first = { ...parameters, stopAfterFirstSolution: true };
  if ((model.solutionHint?.vars?.length ?? 0) > 0) {
    const { response } = await CpSat.solve(bytes, { ...first, fixVariablesToTheirHintedValue: true });
    if (response?.status === 'FEASIBLE' || response?.status === 'OPTIMAL') {
      const { bestObjectiveBound: _partial, ...solution } = response;
      return { ...solution, status: 'FEASIBLE' };
    }
  }
  const left = parameters.maxTimeInSeconds - (performance.now() - startedAt) / 1000;
  return (await CpSat.solve(bytes, { ...first, maxTimeInSeconds: Math.max(left, 0.001) })).response;
}

async function firstSolutionFirst(model, parameters) {
  const startedAt = performance.now();
  const first = { response: await firstSearch(await CpSat.createModel(model), model, parameters, startedAt) };
  if (first.response?.status !== 'FEASIBLE') return first.response;
  process.send({ type: 'solution', response: first.response });
  const left = parameters.maxTimeInSeconds - (performance.now() - startedAt) / 1000;
  if (left < MIN_SECOND_SEARCH_S) return first.response;
  const values = first.response.solution.map(Number);
  const hinted = { ...model, solutionHint: { vars: values.map((_, index) => index), values } };
  const second = await CpSat.solve(await CpSat.createModel(hinted), { ...parameters, maxTimeInSeconds: left });
  // Out of time before it had the hint back (UNKNOWN): the first solution is the answer.
  return second.response?.status === 'UNKNOWN' ? first.response : second.response;
}

process.once('message', async ({ model, parameters, firstSolutionFirst: twice }) => {
  try {
    const response = twice ? await firstSolutionFirst(model, parameters) : (await CpSat.solve(await CpSat.createModel(model), parameters)).response;
    reply({ type: 'response', response });
  } catch (error) {
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
// Loading the WebAssembly is the slow part of a run: it overlaps the MiniZinc compilation.
CpSat.loadModule().then(
  () => process.send({ type: 'ready' }),
  (error) => process.send({ type: 'failed', message: `CP-SAT failed to load: ${error instanceof Error ? error.message : String(error)}` }),
);
