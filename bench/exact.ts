/**
 * `npm run bench -- exact [seeds] [limit-ms]`: where the exact model (models/horizon.mzn) finishes.
 * Small snapshots of growing size (legs of the `tiny` preset with its 2 drivers, and of the
 * `small` preset with its 5), `seeds` of each (default 3), solved whole on Gecode and Chuffed
 * with `limit-ms` each (default 20,000). Prints per size and solver: how many were proven
 * optimal, legs served of offered, search failures (machine-independent) and wall-clock seconds
 * (median, max; noisy on a shared machine).
 */
import { generate, toJson } from '../data-gen/index.ts';
import { createEngine } from '../src/engine/index.ts';
import { solveExact } from '../src/planning/exact/index.ts';
import { caseOf } from '../test/planning/exact/support.ts';
import { REPOSITORY } from '../test/booking/support.ts';

const SIZES: [preset: 'tiny' | 'small', legs: number][] = [['tiny', 1], ['tiny', 2], ['tiny', 3], ['tiny', 4], ['tiny', 6], ['small', 4], ['small', 6], ['small', 8], ['small', 10]];

function body(preset: 'tiny' | 'small', seed: number, legs: number): Record<string, any> {
  const snapshot = JSON.parse(toJson(generate({ preset, seed }).snapshot));
  snapshot.movements = snapshot.movements.slice(0, legs);
  const kept = new Set(snapshot.movements.map((leg: { id: string }) => leg.id));
  for (const nugget of snapshot.nuggets) if (nugget.reserved_for_movement_id != null && !kept.has(nugget.reserved_for_movement_id)) delete nugget.reserved_for_movement_id;
  return snapshot;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

export async function run(args: string[]): Promise<void> {
  const seeds = Number(args[0] ?? 3);
  const limitMs = Number(args[1] ?? 20_000);
  const engine = await createEngine({ projectRoot: REPOSITORY, workers: 1 });
  const rows: string[][] = [['preset', 'legs', 'units', 'slots', 'solver', 'optimal', 'served/offered', 'failures (median)', 'seconds median', 'seconds max']];
  try {
    for (const [preset, legs] of SIZES) {
      const cases = await Promise.all(Array.from({ length: seeds }, (_, index) => caseOf(body(preset, index + 1, legs))));
      for (const solver of ['gecode', 'chuffed']) {
        let optimal = 0;
        let served = 0;
        let offered = 0;
        const failures: number[] = [];
        const seconds: number[] = [];
        let units = 0;
        let slots = 0;
        for (const { problem } of cases) {
          const started = Date.now();
          const result = await solveExact(problem, engine, { solver, timeLimitMs: limitMs });
          seconds.push((Date.now() - started) / 1000);
          if (result.provenOptimal) optimal++;
          served += result.stats.legsServed;
          offered += result.stats.legsOffered;
          if (result.stats.failures !== null) failures.push(result.stats.failures);
          units = Math.max(units, result.stats.units);
          slots = Math.max(slots, result.stats.duties);
        }
        rows.push([preset, String(legs), String(units), String(slots), solver, `${optimal}/${cases.length}`, `${served}/${offered}`,
          failures.length === 0 ? '-' : String(median(failures)), median(seconds).toFixed(1), Math.max(...seconds).toFixed(1)]);
        console.error(rows[rows.length - 1]!.join(' '));
      }
    }
  } finally {
    await engine.close();
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
}
