/**
 * `npm run bench -- data-gen [runs]`: generation time and JSON size of every data-gen preset, and
 * how long the service's contract validation takes on it (the max row sizes the body limit), and
 * how many legs went to crews whose day was already full (a density indicator: see data-gen/README.md).
 * Times are the median of `runs` runs (default 3).
 */
import { generate, PRESET_NAMES, PRESETS, toJson } from '../data-gen/index.ts';
import { createSnapshotParser } from '../src/snapshot/index.ts';

const MIB = 1024 * 1024;

export async function run(args: string[]): Promise<void> {
  const runs = Math.max(1, Number(args[0] ?? 3) || 3);
  const parser = createSnapshotParser();
  const rows: string[][] = [];
  for (const name of PRESET_NAMES) {
    const generateMs: number[] = [];
    const validateMs: number[] = [];
    let indented = '';
    let compact = '';
    let beyondBudget = 0;
    for (let k = 0; k < runs; k++) {
      const started = performance.now();
      const { snapshot, stats } = generate({ preset: name });
      indented = toJson(snapshot);
      beyondBudget = stats.beyondBudget;
      generateMs.push(performance.now() - started);
      compact = toJson(snapshot, true);
      const body = JSON.parse(compact);
      const validating = performance.now();
      parser.parse('manifests', body);
      validateMs.push(performance.now() - validating);
    }
    const preset = PRESETS[name];
    rows.push([
      name,
      String(preset.days),
      String(preset.locations),
      String(preset.nuggets),
      String(preset.legs),
      String(preset.crews),
      median(generateMs).toFixed(0),
      (Buffer.byteLength(indented) / MIB).toFixed(2),
      (Buffer.byteLength(compact) / MIB).toFixed(2),
      median(validateMs).toFixed(0),
      String(beyondBudget),
    ]);
  }
  printTable(['preset', 'days', 'places', 'nuggets', 'legs', 'crews', 'generate ms', 'JSON MiB', 'compact MiB', 'validate ms', 'beyond budget'], rows);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}
