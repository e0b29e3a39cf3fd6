/**
 * `npm run bench -- booking-corpus [--solvers gecode,chuffed] [--runs 3] [--allowance 5000]`:
 * the regression corpus (test/cases) as the service checks it: every infeasible case and its
 * near-miss twin, timed end to end (journey data from the embedded estimator, then
 * `checkBooking` with the default allowance, alternatives off), the median of `--runs` runs per
 * case and solver, after one untimed warm-up check per solver (its first relaxation solve).
 *
 * Issue 19's target: the three disjunctive/capacity proofs (`sole-driver-conflict`,
 * `sole-lorry-conflict`, `place-full-in-window`) answer `infeasible_proven` with their reason
 * code in < 1 s on Gecode and Chuffed, and their twins answer `feasible`. The test suite checks
 * the answers (test/booking/corpus.test.ts); this bench times them.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { checkBooking } from '../src/booking/index.ts';
import { createEngine } from '../src/engine/index.ts';
import { corpus, corpusSolvers, estimatedJourney, parseBooking, type CorpusCase } from '../test/booking/support.ts';
import { printTable } from './routing/table.ts';
import { option } from './support/args.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET_CASES = ['sole-driver-conflict', 'sole-lorry-conflict', 'place-full-in-window'];
const TARGET_MS = 1_000;

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function run(args: string[]): Promise<void> {
  const runs = Math.max(1, Number(option(args, 'runs', '3')) || 3);
  const allowanceMs = Number(option(args, 'allowance', '5000'));
  const engine = await createEngine({ projectRoot: ROOT, workers: 2 });
  try {
    const available = corpusSolvers(engine);
    const solvers = option(args, 'solvers', available.join(',')).split(',').filter((id) => available.includes(id));
    const cases: CorpusCase[] = [...corpus('infeasible'), ...corpus('feasible')];
    const loadBefore = loadavg();
    const check = async (entry: CorpusCase, solver: string) => {
      const started = performance.now();
      const snapshot = parseBooking(entry.body);
      const response = await checkBooking({ snapshot, journey: await estimatedJourney(snapshot), engine, solver, allowanceMs, alternatives: false });
      return { response, ms: performance.now() - started };
    };
    const rows: Record<string, string>[] = [];
    const misses: string[] = [];
    for (const solver of solvers) {
      // warm-up: the relaxation model's first compile and the solver's first start on this backend
      await check(cases.find((entry) => entry.name === TARGET_CASES[0])!, solver);
      for (const entry of cases) {
        const timings: number[] = [];
        let answer = '';
        for (let index = 0; index < runs; index += 1) {
          const { response, ms } = await check(entry, solver);
          timings.push(ms);
          answer = response.reason_code === null ? response.status : `${response.status} ${response.reason_code}`;
        }
        const expected = entry.kind === 'infeasible' ? `infeasible_proven ${entry.expected.reason_code}` : 'feasible';
        const target = TARGET_CASES.includes(entry.name) || TARGET_CASES.includes(String(entry.expected.twin_of));
        const ms = median(timings);
        if (target && (answer !== expected || (entry.kind === 'infeasible' && ms >= TARGET_MS))) misses.push(`${entry.name} on ${solver}`);
        rows.push({
          solver,
          case: `${entry.kind}/${entry.name}${target ? ' *' : ''}`,
          answer,
          right: answer === expected ? 'yes' : `NO (expected ${expected})`,
          'median ms': ms.toFixed(0),
          'max ms': Math.max(...timings).toFixed(0),
        });
      }
    }
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    console.log(`\nbooking corpus (test/cases), allowance ${allowanceMs} ms, alternatives off, median of ${runs} runs; ` +
      `load average before ${load(loadBefore)}, after ${load(loadavg())}\n`);
    printTable(rows);
    console.log(`\n* issue 19's disjunctive/capacity proofs and their twins: ` +
      (misses.length === 0 ? `every proof right and under ${TARGET_MS} ms, every twin feasible (target met)` : `short on ${misses.join(', ')}`));
  } finally {
    await engine.close();
  }
}
