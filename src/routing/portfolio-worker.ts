/**
 * Entry of a portfolio thread (algorithms/portfolio.ts): runs each task it is sent, one at a
 * time, and answers with the member's result or the error that stopped it.
 */
import { parentPort } from 'node:worker_threads';
import { searchMember, type PortfolioTask } from './algorithms/portfolio.ts';

parentPort!.on('message', (task: PortfolioTask) => {
  try {
    parentPort!.postMessage({ ok: true, result: searchMember(task) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
