/**
 * `npm run bench -- service [--presets small,medium,large,max] [--seed 1]`: POST /v1/manifests
 * end to end over real HTTP, on the service's embedded defaults (embedded MiniZinc solvers,
 * embedded database, journey estimator), one data-gen preset at a time, each on a fresh service
 * whose solve allowance is the preset's (tiny 10 s, small and medium 30 s, large 60 s, max 120 s).
 * Prints one table: HTTP status, seconds from request to the whole response, the allowance, legs
 * planned, response size, validation, and whether the clock cut the search.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { generate, isPresetName, toJson } from '../data-gen/index.ts';
import { loadConfig } from '../src/config/index.ts';
import { startService } from '../src/service.ts';
import { printTable } from './routing/table.ts';

const ALLOWANCE_SECONDS: Record<string, number> = { tiny: 10, small: 30, medium: 30, large: 60, max: 120 };

function option(args: string[], name: string, fallback: string): string {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? args[index + 1]! : fallback;
}

interface ManifestAnswer {
  manifests?: unknown[];
  unplanned_movements?: unknown[];
  evidence?: { validation: string; planning_engine: { solver: string | null; timing_dependent: boolean } };
  error?: { code: string };
}

async function postPreset(preset: string, seed: number): Promise<Record<string, string>> {
  const allowance = ALLOWANCE_SECONDS[preset] ?? 60;
  const body = toJson(generate({ preset: preset as never, seed }).snapshot, true);
  const legs = (JSON.parse(body) as { movements: unknown[] }).movements.length;
  const dataDir = mkdtempSync(join(tmpdir(), 'mps-bench-'));
  const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: dataDir, MANIFEST_SOLVE_SECONDS: String(allowance) });
  const service = await startService(config, pino({ level: 'warn' }));
  try {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${service.port}/v1/manifests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.localCredential!.token}`, 'Content-Type': 'application/json' },
      body,
    });
    const text = await response.text();
    const seconds = (Date.now() - started) / 1000;
    const answer = JSON.parse(text) as ManifestAnswer;
    const unplanned = answer.unplanned_movements?.length ?? legs;
    return {
      preset,
      legs: String(legs),
      status: String(response.status) + (answer.error === undefined ? '' : ` ${answer.error.code}`),
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
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(args: string[]): Promise<void> {
  const presets = option(args, 'presets', 'small,medium,large,max').split(',');
  const seed = Number(option(args, 'seed', '1'));
  const unknown = presets.filter((name) => !isPresetName(name));
  if (unknown.length > 0) throw new Error(`bench service: unknown preset(s) ${unknown.join(', ')}`);
  const rows: Record<string, string>[] = [];
  for (const preset of presets) {
    const row = await postPreset(preset, seed);
    rows.push(row);
    console.error(`${preset}: HTTP ${row.status} in ${row.seconds}s (allowance ${row.allowance}), ${row.planned}/${row.legs} legs planned`);
  }
  console.log(`\nPOST /v1/manifests over HTTP on the service's defaults (seed ${seed}); seconds = request sent to whole response read\n`);
  printTable(rows);
}
