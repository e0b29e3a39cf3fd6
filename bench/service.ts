/**
 * `npm run bench -- service [--presets small,medium,large,max] [--seed 1] [--sweep 30]`:
 * POST /v1/manifests end to end over real HTTP, on the service's embedded defaults (embedded
 * MiniZinc solvers, embedded database, journey estimator).
 * - Presets: one data-gen preset at a time, each on a fresh service whose solve allowance is the
 *   preset's (tiny 10 s, small and medium 30 s, large 60 s, max 120 s). One table: HTTP status,
 *   seconds from request to the whole response, the allowance, legs planned, response size,
 *   validation, and whether the clock cut the search.
 * - Sweep (`--sweep N`, default 30; 0 skips it; `--presets none` runs it alone): N seeded small
 *   snapshots (1-3 drivers and lorries, 2-10 legs, 1-3 days, winter and summer dates), each one
 *   the generator built fully plannable (a witness plan serves every leg), posted one after the
 *   other to one service (30 s allowance). One row per snapshot, then the median and p95 seconds
 *   and how many were planned in full with `validation` passed (the target: median <= 1 s,
 *   p95 <= 2 s, all planned).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { generate, isPresetName, toJson } from '../data-gen/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { startService } from '../src/service.ts';
import { printTable } from './routing/table.ts';
import { option } from './support/args.ts';

const ALLOWANCE_SECONDS: Record<string, number> = { tiny: 10, small: 30, medium: 30, large: 60, max: 120 };

interface ManifestAnswer {
  manifests?: unknown[];
  unplanned_movements?: unknown[];
  evidence?: { validation: string; planning_engine: { solver: string | null; timing_dependent: boolean } };
  error?: { code: string };
}

type RunningService = Awaited<ReturnType<typeof startService>> & { token: string };

/** A service on loopback (port chosen by the OS) with its own data directory; `stop` closes both. */
async function benchService(allowance: number): Promise<{ service: RunningService; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mps-bench-'));
  const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir, MANIFEST_SOLVE_SECONDS: String(allowance) });
  const started = await startService(config, pino({ level: 'warn' }));
  const service = Object.assign(started, { token: (await started.ready).localCredential!.token });
  return {
    service,
    async stop() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postManifests(service: RunningService, body: string): Promise<{ status: number; text: string; seconds: number; answer: ManifestAnswer }> {
  const started = Date.now();
  const response = await fetch(`http://127.0.0.1:${service.port}/v1/manifests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, seconds: (Date.now() - started) / 1000, answer: JSON.parse(text) as ManifestAnswer };
}

async function postPreset(preset: string, seed: number): Promise<Record<string, string>> {
  const allowance = ALLOWANCE_SECONDS[preset] ?? 60;
  const body = toJson(generate({ preset: preset as never, seed }).snapshot, true);
  const legs = (JSON.parse(body) as { movements: unknown[] }).movements.length;
  const { service, stop } = await benchService(allowance);
  try {
    const { status, text, seconds, answer } = await postManifests(service, body);
    const unplanned = answer.unplanned_movements?.length ?? legs;
    return {
      preset,
      legs: String(legs),
      status: String(status) + (answer.error === undefined ? '' : ` ${answer.error.code}`),
      seconds: seconds.toFixed(1),
      allowance: `${allowance}s`,
      'within allowance': seconds <= allowance ? 'yes' : 'no',
      planned: String(legs - unplanned),
      manifests: String(answer.manifests?.length ?? 0),
      'response MB': (text.length / 2 ** 20).toFixed(1),
      validation: answer.evidence?.validation ?? '-',
      solver: answer.evidence?.planning_engine.solver ?? '-',
      'clock cut': answer.evidence === undefined ? '-' : answer.evidence.planning_engine.timing_dependent ? 'yes' : 'no',
    };
  } finally {
    await stop();
  }
}

/** The sweep's snapshot `index`: sizes and dates cycle so that every combination comes up. */
function sweepSnapshot(index: number, seed: number): { body: string; crews: number; legs: number; days: number; start: string } | null {
  const crews = 1 + (index % 3);
  const legs = 2 + ((index * 7) % 9);
  const days = 1 + ((index * 5) % 3);
  const start = index % 2 === 0 ? '2026-03-02' : '2026-07-06';
  const generated = generate({ preset: 'tiny', seed: seed * 1000 + index, days, start, size: { crews, legs, nuggets: 6 * legs + 10 } });
  const { unservable, oversubscribed, beyondBudget } = generated.stats;
  // fully plannable: the generator booked a crew for every leg within its budgets (a witness plan)
  if (unservable + oversubscribed + beyondBudget > 0) return null;
  return { body: toJson(generated.snapshot, true), crews, legs, days, start };
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)]!;

async function runSweep(count: number, seed: number): Promise<void> {
  const { service, stop } = await benchService(30);
  const rows: Record<string, string>[] = [];
  const seconds: number[] = [];
  let full = 0;
  try {
    for (let index = 0; rows.length < count && index < 10 * count; index += 1) {
      const snapshot = sweepSnapshot(index, seed);
      if (snapshot === null) continue;
      const { status, seconds: taken, answer } = await postManifests(service, snapshot.body);
      const unplanned = answer.unplanned_movements?.length ?? snapshot.legs;
      const validation = answer.evidence?.validation ?? '-';
      if (status === 200 && unplanned === 0 && validation === 'passed') full += 1;
      seconds.push(taken);
      rows.push({
        snapshot: String(index),
        drivers: String(snapshot.crews),
        legs: String(snapshot.legs),
        days: String(snapshot.days),
        start: snapshot.start,
        status: String(status),
        seconds: taken.toFixed(2),
        planned: `${snapshot.legs - unplanned}/${snapshot.legs}`,
        validation,
        search: answer.evidence?.planning_engine === undefined ? '-' : (answer.evidence.planning_engine as { status?: string }).status ?? '-',
      });
    }
  } finally {
    await stop();
  }
  seconds.sort((a, b) => a - b);
  console.log(`
Sweep of small fully plannable snapshots over HTTP (seed ${seed}), one service, posted one after the other
`);
  printTable(rows);
  console.log(`
${rows.length} snapshots: median ${percentile(seconds, 0.5).toFixed(2)} s, p95 ${percentile(seconds, 0.95).toFixed(2)} s, max ${seconds[seconds.length - 1]!.toFixed(2)} s; planned in full with validation passed: ${full}/${rows.length}`);
}

export async function run(args: string[]): Promise<void> {
  const presets = option(args, 'presets', 'small,medium,large,max').split(',').filter((name) => name !== 'none');
  const sweep = Number(option(args, 'sweep', '30'));
  const seed = Number(option(args, 'seed', '1'));
  const unknown = presets.filter((name) => !isPresetName(name));
  if (unknown.length > 0) throw new Error(`bench service: unknown preset(s) ${unknown.join(', ')}`);
  const rows: Record<string, string>[] = [];
  for (const preset of presets) {
    const row = await postPreset(preset, seed);
    rows.push(row);
    console.error(`${preset}: HTTP ${row.status} in ${row.seconds}s (allowance ${row.allowance}), ${row.planned}/${row.legs} legs planned`);
  }
  if (rows.length > 0) {
    console.log(`\nPOST /v1/manifests over HTTP on the service's defaults (seed ${seed}); seconds = request sent to whole response read\n`);
    printTable(rows);
  }
  if (sweep > 0) await runSweep(sweep, seed);
}
