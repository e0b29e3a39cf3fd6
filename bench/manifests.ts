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
 *   --threads 2               routing searches at once, each on a thread with a seed of its own, the
 *                             best kept (src/routing/algorithms/portfolio.ts), as VROOM runs beside
 *                             ours on 2 threads (-t 2); default 2, 1 with --clock cpu or a model search
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
import { now, Portfolio, searchParameters, solveRouting, useClock, type PortfolioWorkerSpec, type RoutingCost, type RoutingSolution } from '../src/routing/index.ts';
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

/**
 * Milliseconds of CPU time the process has used (`--clock cpu`). process.cpuUsage() is a system
 * call and the search reads the clock at every elimination step and local-search pass: read on
 * each call it took 6-14 % of the CPU (lrc205, RC104, R105 at 0.5 s, profiled). It is read at
 * most once per wall-clock millisecond, and between two readings the clock runs as the wall
 * clock does (never backwards), so a reading is at most about a millisecond off.
 */
function processCpuClock(): () => number {
  const cpuMs = (): number => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let readAt = performance.now();
  let read = cpuMs();
  let last = read;
  return () => {
    const wall = performance.now();
    if (wall - readAt >= 1) {
      readAt = wall;
      read = cpuMs();
    }
    last = Math.max(last, read + (wall - readAt));
    return last;
  };
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

/** One instance's search, in-process or on the portfolio's threads, in the row's terms. */
interface Searched {
  solution: RoutingSolution;
  cost: RoutingCost;
  constructed: RoutingCost;
  within1PctSeconds: number | null;
  moves: number;
  localSearchMoves: number;
  lnsIterations: number;
  lnsImprovements: number;
  lnsErrors: number;
}

async function searchInProcess(benchmark: BenchmarkInstance, run: RoutingRun, started: number): Promise<Searched> {
  const bks = benchmark.bks;
  let within1PctSeconds: number | null = null;
  const outcome = await solveRouting(benchmark.instance, {
    solver: run.solver,
    solverTag: run.solverTag,
    parameters: searchParameters({ seed: run.seed, deadline: started + run.seconds * 1000 }, usesModelSearch(run)
      ? { ruinRecreate: { share: run.ruinShare, localSearch: run.localSearch } }
      : { ruinRecreate: { share: 1, localSearch: run.localSearch }, lns: { maxIterations: 0 } }),
    // the model's travel is rounded up per arc, so this is reached no earlier than in exact distance
    onImprovement: (cost) => {
      if (within1PctSeconds === null && withinOnePercent(cost.vehicles, cost.travel / SCALE, bks)) within1PctSeconds = (now() - started) / 1000;
    },
  });
  if (withinOnePercent(outcome.constructed.vehicles, outcome.constructed.travel / SCALE, bks)) within1PctSeconds = outcome.constructMs / 1000;
  return {
    solution: outcome.solution,
    cost: outcome.cost,
    constructed: outcome.constructed,
    within1PctSeconds,
    moves: outcome.ruinRecreate?.iterations ?? 0,
    localSearchMoves: outcome.ruinRecreate?.localSearchMoves ?? 0,
    lnsIterations: outcome.lns.iterations,
    lnsImprovements: outcome.lns.improvements,
    lnsErrors: outcome.lns.errors.length,
  };
}

/** The same search on each of the portfolio's threads with its own seed, the best kept. */
async function searchOnThreads(benchmark: BenchmarkInstance, run: RoutingRun, portfolio: Portfolio, started: number): Promise<Searched> {
  const parameters = searchParameters({ seed: run.seed, deadline: started + run.seconds * 1000 }, { ruinRecreate: { share: 1, localSearch: run.localSearch } });
  const outcome = await portfolio.solve(benchmark.instance, parameters.ruinRecreate!, run.seed, parameters.deadline);
  // the first moment any thread had routes within 1 % (the portfolio's best was then at least as good)
  const reached = outcome.members
    .flatMap((member) => member.improvements)
    .filter((improvement) => withinOnePercent(improvement.cost.vehicles, improvement.cost.travel / SCALE, benchmark.bks))
    .map((improvement) => improvement.at);
  return {
    solution: outcome.solution,
    cost: outcome.cost,
    constructed: outcome.constructed,
    within1PctSeconds: reached.length === 0 ? null : Math.max(0, Math.min(...reached) - started) / 1000,
    moves: outcome.members.reduce((sum, member) => sum + member.iterations, 0),
    localSearchMoves: outcome.members.reduce((sum, member) => sum + member.localSearchMoves, 0),
    lnsIterations: 0,
    lnsImprovements: 0,
    lnsErrors: 0,
  };
}

async function runRouting(benchmark: BenchmarkInstance, run: RoutingRun, portfolio: Portfolio | null) {
  const started = now();
  const bks = benchmark.bks;
  const searched = portfolio === null ? await searchInProcess(benchmark, run, started) : await searchOnThreads(benchmark, run, portfolio, started);
  const elapsed = (now() - started) / 1000;
  const distance = exactDistance(benchmark, searched.solution.routes);
  const comparison: ComparisonRow = {
    solver: 'ours',
    instance: benchmark.instance.name,
    class: instanceClass(benchmark.instance.name),
    vehicles: searched.cost.vehicles,
    bksVehicles: bks?.vehicles ?? null,
    distance,
    bksDistance: bks?.distance ?? null,
    gapPct: bks === null ? null : (100 * (distance - bks.distance)) / bks.distance,
    seconds: elapsed,
    within1PctSeconds: searched.within1PctSeconds,
    feasible: searched.cost.dropped === 0 && searched.lnsErrors === 0,
  };
  const row = {
    instance: benchmark.instance.name,
    set: benchmark.family === 'lilim' ? 'Li&Lim' : 'Solomon',
    vehicles: String(searched.cost.vehicles),
    'bks veh': bks === null ? '-' : String(bks.vehicles),
    distance: distance.toFixed(2),
    'bks dist': bks === null ? '-' : bks.distance.toFixed(2),
    'gap %': bks === null ? '-' : comparison.gapPct!.toFixed(2),
    'constr gap %': bks === null ? '-' : ((100 * (searched.constructed.travel / SCALE - bks.distance)) / bks.distance).toFixed(1),
    seconds: elapsed.toFixed(1),
    's to 1 %': searched.within1PctSeconds === null ? '-' : searched.within1PctSeconds.toFixed(2),
    'r&r moves': String(searched.moves),
    'ls moves': String(searched.localSearchMoves),
    iterations: String(searched.lnsIterations),
    'lns impr': String(searched.lnsImprovements),
    solver: `${run.solverTag} (${searched.lnsErrors === 0 ? 'ok' : `${searched.lnsErrors} errors`})`,
    status: searched.cost.dropped === 0 ? 'all served' : `${searched.cost.dropped} unserved`,
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
  let portfolio: Portfolio | null = null;
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
    if (clock === 'cpu') useClock(processCpuClock());
    const threads = Number(option(args, 'threads', clock === 'cpu' || usesModelSearch(routingRun) ? '1' : '2'));
    if (!Number.isInteger(threads) || threads < 1) throw new Error(`--threads ${option(args, 'threads', '')}: a positive integer`);
    // CPU time is the whole process's: threads would spend it together
    if (threads > 1 && clock === 'cpu') throw new Error('--threads: only 1 with --clock cpu');
    if (threads > 1 && usesModelSearch(routingRun)) throw new Error('--threads: only 1 with a model search (--ruin-share below 1)');
    portfolio = threads > 1 && families.length > 0 ? new Portfolio(threads, portfolioWorker()) : null;
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
        const { row, comparison } = await runRouting(benchmark, routingRun, portfolio);
        rows.push(row);
        comparisons.push(comparison);
        console.error(`${row.instance}: ${row.vehicles} vehicles (bks ${row['bks veh']}), ${row.distance} (gap ${row['gap %']}%) in ${row.seconds}s`);
        // VROOM runs after ours, one at a time, so neither shares the machine with the other
        if (peer !== null) comparisons.push(await runPeer(peer, benchmark, path));
      }
    }
    if (rows.length > 0) {
      console.log(`\nRouting benchmarks: models/pdptw.mzn with the hours rules OFF; ${seconds}s ${clock === 'cpu' ? 'of process CPU time ' : ''}per instance` +
        `${threads > 1 ? ` on ${threads} threads (a search with a seed of its own on each, the best kept)` : ''}; engine: ${describe}` +
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
    await portfolio?.close();
    await close();
  }
}

/**
 * The portfolio threads' entry: the bundle scripts/bench.mjs made beside this bench's, or, from
 * the TypeScript sources, the service's tsx loader for worker threads importing the entry.
 */
function portfolioWorker(): PortfolioWorkerSpec {
  const bundled = process.env.BENCH_ROUTING_WORKER;
  if (bundled !== undefined) return { filename: bundled };
  const source = new URL('../src/', import.meta.url);
  return { filename: fileURLToPath(new URL('workers/tsx-worker.mjs', source)), workerData: { entry: new URL('routing/portfolio-worker.ts', source).href } };
}
