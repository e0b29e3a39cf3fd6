/**
 * `npm run bench -- manifests [options]`: the planner's benchmarks, one table per run.
 *
 *   --routing lilim,solomon   routing instances (Li & Lim PDPTW, Solomon VRPTW) against their BKS
 *   --instances lc101,R101    only these instances (default: a representative subset; `all` = 112)
 *   --seconds 60              budget per routing instance
 *   --presets small,medium    data-gen presets through planManifests (`none` to skip)
 *   --solver gecode           subproblem solver
 *   --backend native          engine backend: native (default; MiniZinc on PATH), embedded, auto,
 *                             or native-direct (bench/routing/native-solver.ts: honours failure limits)
 *   --seed 1
 *   --ruin-share 0.7          share of the time for the TypeScript ruin and recreate before the models (0: off)
 *   --profile                 presets with every model strategy on: per strategy, calls, how many
 *                             improved the plan, and their cost (whether a model call pays)
 *
 * Routing instances run models/pdptw.mzn with the drivers'-hours rules switched OFF (a model
 * parameter), as the benchmarks have none; travel time = Euclidean distance, scaled x100 and
 * rounded up for the model, distances reported in double precision.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchParameters, solveRouting } from '../src/routing/index.ts';
import type { ModelSolver } from '../src/planning/solve/model-solver.ts';
import { exactDistance, readLiLim, readSolomon, SCALE, type BenchmarkInstance } from './routing/instances.ts';
import { benchSolver } from './routing/solver.ts';
import { runPresets } from './planning/presets.ts';
import { printTable } from './routing/table.ts';

const DATA = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'bench-data');

/** One instance per class of each set: the default when `--instances` is not given. */
const REPRESENTATIVE = {
  lilim: ['lc101', 'lc201', 'lr101', 'lr201', 'lrc101', 'lrc201'],
  solomon: ['C101', 'C201', 'R101', 'R201', 'RC101', 'RC201'],
};

function option(args: string[], name: string, fallback: string): string {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? args[index + 1]! : fallback;
}

function listInstances(family: 'lilim' | 'solomon', wanted: string): string[] {
  const all = readdirSync(join(DATA, family)).filter((file) => file.endsWith('.txt')).map((file) => file.slice(0, -4)).sort();
  if (wanted === 'all') return all;
  if (wanted === 'default') return REPRESENTATIVE[family];
  const names = wanted.split(',').map((name) => name.trim().toLowerCase());
  return all.filter((name) => names.includes(name.toLowerCase()));
}

async function runRouting(benchmark: BenchmarkInstance, solver: ModelSolver, solverTag: string, seconds: number, seed: number, ruinShare: number) {
  const started = Date.now();
  const outcome = await solveRouting(benchmark.instance, {
    solver,
    solverTag,
    parameters: searchParameters({ seed, deadline: started + seconds * 1000 }, { ruinRecreate: { share: ruinShare } }),
  });
  const elapsed = (Date.now() - started) / 1000;
  const distance = exactDistance(benchmark, outcome.solution.routes);
  const bks = benchmark.bks;
  return {
    instance: benchmark.instance.name,
    set: benchmark.family === 'lilim' ? 'Li&Lim' : 'Solomon',
    hours: 'off',
    vehicles: String(outcome.cost.vehicles),
    'bks veh': bks === null ? '-' : String(bks.vehicles),
    distance: distance.toFixed(2),
    'bks dist': bks === null ? '-' : bks.distance.toFixed(2),
    'gap %': bks === null ? '-' : ((100 * (distance - bks.distance)) / bks.distance).toFixed(2),
    'constr gap %': bks === null ? '-' : ((100 * (outcome.constructed.travel / SCALE - bks.distance)) / bks.distance).toFixed(1),
    seconds: elapsed.toFixed(1),
    'r&r moves': String(outcome.ruinRecreate?.iterations ?? 0),
    iterations: String(outcome.lns.iterations),
    solver: `${solverTag} (${outcome.lns.errors.length === 0 ? 'ok' : `${outcome.lns.errors.length} errors`})`,
    status: outcome.cost.dropped === 0 ? 'all served' : `${outcome.cost.dropped} unserved`,
    _gap: bks === null ? null : (distance - bks.distance) / bks.distance,
    _vehOver: bks === null ? null : outcome.cost.vehicles - bks.vehicles,
  };
}

export async function run(args: string[]): Promise<void> {
  const families = option(args, 'routing', 'lilim,solomon').split(',').filter((f) => f === 'lilim' || f === 'solomon') as ('lilim' | 'solomon')[];
  const wanted = option(args, 'instances', 'default');
  const seconds = Number(option(args, 'seconds', '60'));
  const solverTag = option(args, 'solver', 'gecode');
  const seed = Number(option(args, 'seed', '1'));
  const ruinShare = Number(option(args, 'ruin-share', '0.7'));
  const presets = option(args, 'presets', 'small,medium');
  const { solver, describe, close } = await benchSolver(option(args, 'backend', 'native'));
  try {
    if (presets !== 'none') await runPresets(presets.split(','), { solver, solverTag, seed, describe, profile: args.includes('--profile') });
    const rows: Awaited<ReturnType<typeof runRouting>>[] = [];
    for (const family of families) {
      for (const name of listInstances(family, wanted)) {
        const benchmark = family === 'lilim' ? readLiLim(join(DATA, 'lilim'), name) : readSolomon(join(DATA, 'solomon'), name);
        const row = await runRouting(benchmark, solver, solverTag, seconds, seed, ruinShare);
        rows.push(row);
        console.error(`${row.instance}: ${row.vehicles} vehicles (bks ${row['bks veh']}), ${row.distance} (gap ${row['gap %']}%) in ${row.seconds}s`);
      }
    }
    if (rows.length > 0) {
      console.log(`\nRouting benchmarks: models/pdptw.mzn with the drivers'-hours rules OFF; ${seconds}s per instance; engine: ${describe}`);
      console.log('travel time = Euclidean distance, x100 rounded up in the model; distances in double precision\n');
      printTable(rows.map(({ _gap, _vehOver, ...row }) => row));
      const gaps = rows.flatMap((row) => (row._gap === null ? [] : [row._gap]));
      // a distance is comparable with the BKS only at the same vehicle count (more vehicles can drive less)
      const sameVehicles = rows.flatMap((row) => (row._gap === null || row._vehOver !== 0 ? [] : [row._gap]));
      const mean = (values: number[]) => (100 * values.reduce((a, b) => a + b, 0)) / Math.max(1, values.length);
      const over = rows.filter((row) => row._vehOver !== null && row._vehOver > 1).length;
      const above = rows.filter((row) => row._vehOver !== null && row._vehOver > 0).length;
      console.log(`\nmean gap ${mean(gaps).toFixed(2)}% over ${gaps.length} instances; ` +
        `${mean(sameVehicles).toFixed(2)}% over the ${sameVehicles.length} at the BKS vehicle count; ` +
        `${above} instance(s) above the BKS vehicle count, ${over} above BKS + 1`);
    }
  } finally {
    await close();
  }
}
