/**
 * `npm run bench -- ide [--presets tiny,small] [--seconds 10] [--solvers native:gecode,...]`:
 * the model author's workflow, measured. Each preset's example snapshot is exported as
 * `npm run export-model-data` writes it (data-gen/export.ts), and every exported day is solved
 * with models/pdptw.mzn alone, as the MiniZinc IDE or the command line would run it, on every
 * available solver: once from the day's data (the model's own search) and once from the data
 * with the service's plan of the day as the warm start (`warm_succ`), with the
 * large-neighbourhood search each solver can run, as the export's README runs it (warmRun). Prints the time to the
 * first solution, its objective, the best objective within the limit and the final status.
 * The solves go through the engine (native `minizinc` for native:gecode; the embedded runtime
 * for the others, CP-SAT compiling with the native `minizinc` where there is one), one at a
 * time. The first solution's time is when the engine hands it over, end to end (compiling
 * included). CP-SAT (or-tools-wasm) reports solutions only when its search returns, so the
 * backend searches to its first solution first, hands it over, and searches on from it
 * (src/engine/cpsat/run/solver-process.mjs): its time is that of its first solution, not of its end.
 * `compile s` is the model's compilation to FlatZinc where the solver reports it; `improved s`
 * when the first solution better than the first one came (with the warm start: the first plan
 * better than the service's).
 * Targets (issue 20): with the warm start a first solution within 2 s, and then a better one (or
 * a proof that there is none: OPTIMAL, in that row or, for the same objective, in any row of the
 * day); without it, a first solution within 10 s. `target` says whether the row meets its target.
 */
import { parseArgs } from 'node:util';
import { exportModelData } from '../data-gen/export.ts';
import { generate, toJson } from '../data-gen/index.ts';
import { createEngine, type SolveResult } from '../src/engine/index.ts';
import { modelPath } from '../src/planning/solve/model-solver.ts';
import { printTable } from './routing/table.ts';
import { REPOSITORY } from '../test/booking/support.ts';
import { WARM_LNS_KEEP } from '../data-gen/export.ts';

interface FirstSolution {
  ms: number;
  objective: number | null;
}

/**
 * Whether a row meets issue 20's target for its start (see the header). `optimum` is the
 * objective any solver proved optimal on the day (null if none did): a warm start that is already
 * optimal cannot be improved on, and meets the target with that proof.
 */
export function meetsTarget(
  start: 'model search' | 'warm start',
  first: FirstSolution | null,
  improved: FirstSolution | null,
  status: SolveResult['status'],
  optimum: number | null,
): boolean {
  if (first === null) return false;
  if (start === 'model search') return first.ms <= 10_000;
  return first.ms <= 2_000 && (improved !== null || status === 'OPTIMAL' || (optimum !== null && first.objective === optimum));
}

/**
 * The warm start as the export's README runs it on each solver: on the native Gecode, pdptw.mzn
 * with its large-neighbourhood search (`lns_keep`, relax_and_reconstruct); on Chuffed,
 * pdptw-restart.mzn (the same model with a neighbourhood search by on_restart, which Chuffed
 * runs and relax_and_reconstruct it refuses); on the embedded Gecode (MiniZinc's built-in Gecode
 * interface: branch and bound only, it ignores every restart annotation and aborts on
 * on_restart), pdptw-neighbourhoods.mzn (the same model, the warm start's neighbourhoods searched
 * in turn by branch and bound); on CP-SAT pdptw.mzn alone (its translation knows no restart
 * annotation, and pdptw-neighbourhoods.mzn found nothing better in its 10 s either).
 */
export function warmRun(solver: string, warmData: Record<string, unknown>): { model: string; data: Record<string, unknown> } {
  if (solver === 'native:gecode') return { model: 'pdptw.mzn', data: { ...warmData, lns_keep: WARM_LNS_KEEP } };
  if (solver.endsWith(':chuffed')) return { model: 'pdptw-restart.mzn', data: warmData };
  if (solver === 'embedded:gecode') return { model: 'pdptw-neighbourhoods.mzn', data: warmData };
  return { model: 'pdptw.mzn', data: warmData };
}

interface Measured {
  row: Record<string, string>;
  start: 'model search' | 'warm start';
  first: FirstSolution | null;
  improved: FirstSolution | null;
  status: SolveResult['status'];
  objective: number | null;
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

function options(args: string[]) {
  const { values } = parseArgs({ args, strict: true, options: { presets: { type: 'string', default: 'tiny,small' }, seconds: { type: 'string', default: '10' }, solvers: { type: 'string' } } });
  return { presets: values.presets.split(',') as ('tiny' | 'small')[], limitMs: Number(values.seconds) * 1000, solvers: values.solvers?.split(',') };
}

export async function run(args: string[]): Promise<void> {
  const { presets, limitMs, solvers } = options(args);
  const engine = await createEngine({ projectRoot: REPOSITORY, workers: 1, backends: ['native', 'embedded'] });
  const rows: Record<string, string>[] = [];
  try {
    const keys = solvers ?? engine.solvers().filter((solver) => ['gecode', 'chuffed', 'cp-sat'].includes(solver.id)).map((solver) => solver.key);
    for (const preset of presets) {
      const snapshot = JSON.parse(toJson(generate({ preset, seed: 1 }).snapshot));
      const exported = await exportModelData(snapshot);
      for (const day of exported.days) {
        const measured: Measured[] = [];
        for (const solver of keys) {
          const warm = warmRun(solver, day.warmData);
          const runs = [
            ['model search', 'pdptw.mzn', day.data],
            ['warm start', warm.model, warm.data],
          ] as const;
          for (const [start, model, data] of runs) {
            let first: FirstSolution | null = null;
            let improved: FirstSolution | null = null;
            const started = performance.now();
            const result: SolveResult = await engine.solve({
              model: modelPath(model),
              data,
              solver,
              timeLimitMs: limitMs,
              seed: 1,
              proofs: 'raw',
              onSolution: (event) => {
                const solution = { ms: performance.now() - started, objective: event.objective };
                if (first === null) first = solution;
                else if (improved === null && solution.objective !== null && first.objective !== null && solution.objective < first.objective) improved = solution;
              },
            });
            // a solution the engine did not hand over as it came counts at the end
            const atEnd = result.solution === null ? null : { ms: result.elapsedMs, objective: result.objective };
            const reached = (first as FirstSolution | null) ?? atEnd;
            const better = (improved as FirstSolution | null) ?? (atEnd !== null && reached !== null && atEnd.objective !== null && reached.objective !== null && atEnd.objective < reached.objective ? atEnd : null);
            rows.push({
              preset,
              day: day.date,
              requests: String(day.day.instance.requests.length),
              vehicles: String(day.day.instance.vehicles.length),
              solver,
              start: start === 'warm start' && model !== 'pdptw.mzn' ? `${start} (${model})` : start,
              'compile s': typeof result.statistics.flatTime === 'number' ? result.statistics.flatTime.toFixed(2) : '-',
              'first solution s': reached === null ? '-' : seconds(reached.ms),
              'first objective': reached === null ? '-' : String(reached.objective),
              'improved s': better === null ? '-' : seconds(better.ms),
              'best objective': result.solution === null ? '-' : String(result.objective),
              status: `${result.status} (${result.stop})`,
            });
            measured.push({ row: rows.at(-1)!, start, first: reached, improved: better, status: result.status, objective: result.objective });
            console.error(Object.values(rows.at(-1)!).join(' '));
          }
        }
        const optimum = measured.find((entry) => entry.status === 'OPTIMAL')?.objective ?? null;
        for (const entry of measured) entry.row.target = meetsTarget(entry.start, entry.first, entry.improved, entry.status, optimum) ? 'met' : 'missed';
      }
    }
  } finally {
    await engine.close();
  }
  printTable(rows);
}
