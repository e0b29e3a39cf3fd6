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
 *   --clock wall              what a routing instance's --seconds measure: wall (default) or cpu, the
 *                             process's CPU time, so that runs compared side by side search alike
 *                             however loaded the machine is (VROOM's seconds stay wall-clock)
 *   --ruin-share 1            share of the time for the TypeScript ruin and recreate before the models (0: off;
 *                             default: SearchParameters' share, 1: no model search, the engine never loads)
 *   --profile                 presets with every model strategy on: per strategy, calls, how many
 *                             improved the plan, and their cost (whether a model call pays)
 *   --local-search off        no local search between ruins (default on)
 *   --vroom 5                 VROOM's exploration level beside ours (`off`: no VROOM); needs ../shared/peers/vroom
 *   --json FILE               one row per instance and solver (ComparisonRow, bench/routing/comparison.ts)
 *
 * Routing instances run models/pdptw.mzn with the drivers'-hours rules switched OFF (a model
 * parameter), as the benchmarks have none; travel time = Euclidean distance, scaled x1000 and
 * rounded up for the model, distances reported in double precision.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { now, searchParameters, solveRouting, useClock } from '../src/routing/index.ts';
import type { ModelSolver } from '../src/planning/solve/model-solver.ts';
import { exactDistance, readLiLim, readSolomon, SCALE, type BenchmarkInstance } from './routing/instances.ts';
import { benchSolver } from './routing/solver.ts';
import { importSource } from './routing/import-source.ts';
import { instanceClass, printComparison, withinOnePercent, type ComparisonRow } from './routing/comparison.ts';
import { vroomPeer, type VroomPeer } from './routing/vroom-peer.ts';
import { printTable } from './routing/table.ts';
import { option } from './support/args.ts';

const DATA = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'bench-data');

/** One instance per class of each set: the default when `--instances` is not given. */
const REPRESENTATIVE = {
  lilim: ['lc101', 'lc201', 'lr101', 'lr201', 'lrc101', 'lrc201'],
  solomon: ['C101', 'C201', 'R101', 'R201', 'RC101', 'RC201'],
};

function listInstances(family: 'lilim' | 'solomon', wanted: string): string[] {
  const all = readdirSync(join(DATA, family)).filter((file) => file.endsWith('.txt')).map((file) => file.slice(0, -4)).sort();
  if (wanted === 'all') return all;
  if (wanted === 'default') return REPRESENTATIVE[family];
  const names = wanted.split(',').map((name) => name.trim().toLowerCase());
  return all.filter((name) => names.includes(name.toLowerCase()));
}

/** Milliseconds of CPU time the process has used (`--clock cpu`). */
function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

interface RoutingRun {
  solver: ModelSolver;
  solverTag: string;
  seconds: number;
  seed: number;
  ruinShare: number;
  localSearch: boolean;
}

/**
 * A model subproblem costs seconds (and the first one needs the engine loaded): with under 2 s
 * left for the model search, the ruin and recreate has all the time and the engine never loads.
 */
function usesModelSearch(run: RoutingRun): boolean {
  return run.seconds * (1 - run.ruinShare) >= 2;
}

async function runRouting(benchmark: BenchmarkInstance, run: RoutingRun) {
  const started = now();
  const bks = benchmark.bks;
  let within1PctSeconds: number | null = null;
  const modelSearch = usesModelSearch(run);
  const outcome = await solveRouting(benchmark.instance, {
    solver: run.solver,
    solverTag: run.solverTag,
    parameters: searchParameters({ seed: run.seed, deadline: started + run.seconds * 1000 }, modelSearch
      ? { ruinRecreate: { share: run.ruinShare, localSearch: run.localSearch } }
      : { ruinRecreate: { share: 1, localSearch: run.localSearch }, lns: { maxIterations: 0 } }),
    // the model's travel is rounded up per arc, so this is reached no earlier than in exact distance
    onImprovement: (cost) => {
      if (within1PctSeconds === null && withinOnePercent(cost.vehicles, cost.travel / SCALE, bks)) within1PctSeconds = (now() - started) / 1000;
    },
  });
  const elapsed = (now() - started) / 1000;
  const distance = exactDistance(benchmark, outcome.solution.routes);
  if (withinOnePercent(outcome.constructed.vehicles, outcome.constructed.travel / SCALE, bks)) within1PctSeconds = outcome.constructMs / 1000;
  const comparison: ComparisonRow = {
    solver: 'ours',
    instance: benchmark.instance.name,
    class: instanceClass(benchmark.instance.name),
    vehicles: outcome.cost.vehicles,
    bksVehicles: bks?.vehicles ?? null,
    distance,
    bksDistance: bks?.distance ?? null,
    gapPct: bks === null ? null : (100 * (distance - bks.distance)) / bks.distance,
    seconds: elapsed,
    within1PctSeconds,
    feasible: outcome.cost.dropped === 0 && outcome.lns.errors.length === 0,
  };
  const row = {
    instance: benchmark.instance.name,
    set: benchmark.family === 'lilim' ? 'Li&Lim' : 'Solomon',
    vehicles: String(outcome.cost.vehicles),
    'bks veh': bks === null ? '-' : String(bks.vehicles),
    distance: distance.toFixed(2),
    'bks dist': bks === null ? '-' : bks.distance.toFixed(2),
    'gap %': bks === null ? '-' : comparison.gapPct!.toFixed(2),
    'constr gap %': bks === null ? '-' : ((100 * (outcome.constructed.travel / SCALE - bks.distance)) / bks.distance).toFixed(1),
    seconds: elapsed.toFixed(1),
    's to 1 %': within1PctSeconds === null ? '-' : (within1PctSeconds as number).toFixed(2),
    'r&r moves': String(outcome.ruinRecreate?.iterations ?? 0),
    'ls moves': String(outcome.ruinRecreate?.localSearchMoves ?? 0),
    iterations: String(outcome.lns.iterations),
    'lns impr': String(outcome.lns.improvements),
    solver: `${run.solverTag} (${outcome.lns.errors.length === 0 ? 'ok' : `${outcome.lns.errors.length} errors`})`,
    status: outcome.cost.dropped === 0 ? 'all served' : `${outcome.cost.dropped} unserved`,
  };
  return { row, comparison };
}

/** VROOM's row for the same instance, in the comparison's terms. */
async function runPeer(peer: VroomPeer, benchmark: BenchmarkInstance, path: string): Promise<ComparisonRow> {
  const result = await peer.solve(path);
  const bks = benchmark.bks;
  return {
    solver: peer.label,
    instance: benchmark.instance.name,
    class: instanceClass(benchmark.instance.name),
    vehicles: result.vehicles,
    bksVehicles: bks?.vehicles ?? null,
    distance: result.distance,
    bksDistance: bks?.distance ?? null,
    gapPct: bks === null ? null : (100 * (result.distance - bks.distance)) / bks.distance,
    seconds: result.wallSeconds,
    // VROOM reports once, at its end
    within1PctSeconds: withinOnePercent(result.vehicles, result.distance, bks) ? result.wallSeconds : null,
    feasible: result.feasible && result.unassigned === 0,
  };
}

export async function run(args: string[]): Promise<void> {
  const families = option(args, 'routing', 'lilim,solomon').split(',').filter((f) => f === 'lilim' || f === 'solomon') as ('lilim' | 'solomon')[];
  const wanted = option(args, 'instances', 'default');
  const seconds = Number(option(args, 'seconds', '60'));
  const solverTag = option(args, 'solver', 'gecode');
  const seed = Number(option(args, 'seed', '1'));
  const presets = option(args, 'presets', 'small,medium');
  const json = option(args, 'json', '');
  const vroom = option(args, 'vroom', '5');
  const clock = option(args, 'clock', 'wall');
  if (clock !== 'wall' && clock !== 'cpu') throw new Error(`--clock ${clock}: wall or cpu`);
  const { solver, describe, close, warm } = benchSolver(option(args, 'backend', 'native'));
  const routingRun: RoutingRun = {
    solver,
    solverTag,
    seconds,
    seed,
    ruinShare: Number(option(args, 'ruin-share', String(searchParameters({ seed, deadline: 0 }).ruinRecreate!.share))),
    localSearch: option(args, 'local-search', 'on') !== 'off',
  };
  try {
    if (presets !== 'none') {
      // the planner and the scenario generator are loaded only when a preset runs (and are not
      // in the bundle scripts/bench.mjs makes: a routing run does not parse them)
      const { runPresets } = await importSource<typeof import('./planning/presets.ts')>(new URL('./planning/presets.ts', import.meta.url).href);
      await runPresets(presets.split(','), { solver, solverTag, seed, describe, profile: args.includes('--profile') });
    }
    // after the presets, which plan on the wall clock as the service does; the model search
    // waits on the engine's process, whose time this process's CPU clock does not see
    if (clock === 'cpu' && families.length > 0 && usesModelSearch(routingRun)) throw new Error('--clock cpu: only with --ruin-share 1 (the model search runs in the engine\'s process)');
    if (clock === 'cpu') useClock(processCpuMs);
    const peer = families.length === 0 || vroom === 'off' ? null : await vroomPeer(Number(vroom), 2);
    // the engine loads before the first timed instance only when the model search will run
    if (families.length > 0 && usesModelSearch(routingRun)) await warm?.();
    const rows: Record<string, string>[] = [];
    const comparisons: ComparisonRow[] = [];
    let firstStep: number | null = null;
    for (const family of families) {
      for (const name of listInstances(family, wanted)) {
        const path = join(DATA, family, `${name}.txt`);
        const benchmark = family === 'lilim' ? readLiLim(join(DATA, 'lilim'), name) : readSolomon(join(DATA, 'solomon'), name);
        firstStep ??= process.uptime();
        const { row, comparison } = await runRouting(benchmark, routingRun);
        rows.push(row);
        comparisons.push(comparison);
        console.error(`${row.instance}: ${row.vehicles} vehicles (bks ${row['bks veh']}), ${row.distance} (gap ${row['gap %']}%) in ${row.seconds}s`);
        // VROOM runs after ours, one at a time, so neither shares the machine with the other
        if (peer !== null) comparisons.push(await runPeer(peer, benchmark, path));
      }
    }
    if (rows.length > 0) {
      console.log(`\nRouting benchmarks: models/pdptw.mzn with the hours rules OFF; ${seconds}s ${clock === 'cpu' ? 'of process CPU time ' : ''}per instance; engine: ${describe}` +
        `${peer === null ? '; VROOM peer not found (../shared/peers/vroom)' : `; beside ${peer.label} -t 2`}`);
      console.log('travel time = Euclidean distance, x1000 rounded up in the model; distances in double precision\n');
      printTable(rows);
      console.log('\nPer class (gap at the BKS vehicle count; a distance with more vehicles is not comparable):\n');
      printComparison(comparisons);
      console.log(`\nfirst search step ${firstStep!.toFixed(2)} s after the process started; ` +
        `process ${process.uptime().toFixed(1)} s for ${rows.length} x ${seconds} s of search budget (${peer === null ? 'no peer' : 'VROOM runs included'})`);
    }
    if (json !== '') {
      writeFileSync(json, `${JSON.stringify(comparisons, null, 2)}\n`);
      console.error(`wrote ${comparisons.length} rows to ${json}`);
    }
  } finally {
    await close();
  }
}
