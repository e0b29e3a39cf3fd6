/**
 * The public benchmark problems of bench/engine-public/ (README there: what they are, their
 * origin and licence) on every solver, as the service solves them (proofs judged by the trust
 * policy): status and wall time per solver beside the expected answer, and a mark where a
 * solver's answer contradicts it (a wrong proof or objective, never just a time-out).
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Engine, SolveResult } from '../../src/engine/index.ts';
import { printTable } from '../routing/table.ts';

const DIRECTORY = fileURLToPath(new URL('./', import.meta.url));

interface Expected {
  status: string;
  objective: number | null;
}

function expectedOf(text: string): Expected {
  const match = /^% expected: (\w+)(?: (-?\d+))?$/m.exec(text);
  if (match === null) throw new Error('a public benchmark model needs a "% expected:" line');
  return { status: match[1]!, objective: match[2] === undefined ? null : Number(match[2]) };
}

/** A proof or objective that contradicts the expected answer (a time-out or crash is no contradiction). */
function contradicts(result: SolveResult, expected: Expected): boolean {
  if (result.status === 'UNSATISFIABLE') return expected.status !== 'UNSATISFIABLE';
  if (result.status === 'OPTIMAL') return expected.status !== 'OPTIMAL' || result.objective !== expected.objective;
  if (result.status === 'SATISFIED') return expected.status === 'UNSATISFIABLE' || (expected.objective !== null && result.objective !== null && result.objective < expected.objective);
  return false;
}

export async function runPublicBenchmarks(engine: Engine, timeLimitMs: number): Promise<void> {
  const files = (await readdir(DIRECTORY)).filter((name) => name.endsWith('.mzn')).sort();
  const solvers = engine.solvers().filter((solver) => ['gecode', 'chuffed', 'cp-sat'].includes(solver.id));
  const rows: Record<string, string>[] = [];
  for (const file of files) {
    const expected = expectedOf(await readFile(`${DIRECTORY}${file}`, 'utf8'));
    const row: Record<string, string> = { instance: file.replace(/\.mzn$/, ''), expected: `${expected.status}${expected.objective === null ? '' : ` ${expected.objective}`}` };
    for (const solver of solvers) {
      const started = performance.now();
      const result = await engine.solve({ model: `${DIRECTORY}${file}`, data: {}, solver: solver.key, timeLimitMs });
      const answer = `${result.status}${result.objective === null ? '' : ` ${result.objective}`}${contradicts(result, expected) ? ' WRONG' : ''}`;
      row[solver.key] = `${answer} ${((performance.now() - started) / 1000).toFixed(1)} s`;
    }
    rows.push(row);
  }
  console.log('\npublic benchmark problems (bench/engine-public/, proofs judged as in the service): status and seconds per solver');
  printTable(rows);
}
