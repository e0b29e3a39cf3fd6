/**
 * `npm run bench -- planning-core [preset...]`: normalisation, pre-checks and manifest warnings on
 * data-gen presets and the spec-limit snapshot, with the embedded journey estimator. Prints one
 * row per snapshot: sizes, milliseconds per step, legs rejected (by reason) and peak heap.
 */
import { createEstimatorProvider } from '../src/journey/estimator-provider.ts';
import { precheckLegs } from '../src/planning/prechecks/index.ts';
import { buildPlanningProblem, placesNeedingJourneys } from '../src/planning/problem/index.ts';
import { planningWarnings } from '../src/planning/warnings/index.ts';
import { createSnapshotParser } from '../src/snapshot/index.ts';
import { specLimitSnapshot } from '../test/support/spec-limit-snapshot.ts';

const DEFAULT_CASES = ['small', 'medium', 'large', 'max', 'spec-limit'];

async function bodyOf(name: string): Promise<{ body: unknown; expectedShortfall: number | null }> {
  if (name === 'spec-limit') return { body: specLimitSnapshot(), expectedShortfall: null };
  const { generate, isPresetName } = await import('../data-gen/index.ts');
  if (!isPresetName(name)) throw new Error(`unknown case '${name}' (presets or spec-limit)`);
  const { snapshot, stats } = generate({ preset: name });
  return { body: snapshot, expectedShortfall: stats.unservable + stats.oversubscribed };
}

const timed = <T>(work: () => T): [T, number] => {
  const start = performance.now();
  const result = work();
  return [result, performance.now() - start];
};

export async function run(args: string[]): Promise<void> {
  const parser = createSnapshotParser();
  const provider = createEstimatorProvider();
  const rows: string[][] = [];
  for (const name of args.length > 0 ? args : DEFAULT_CASES) {
    const { body, expectedShortfall } = await bodyOf(name);
    const snapshot = parser.parse('manifests', structuredClone(body));
    const [placeIds, listMs] = timed(() => placesNeedingJourneys(snapshot));
    const places = placeIds.map((id) => snapshot.locations.find((place) => place.id === id)!);
    const journey = await provider.matrix(places, { deadline: Date.now() + 60_000 });
    const [problem, buildMs] = timed(() => buildPlanningProblem(snapshot, journey));
    const [rejected, precheckMs] = timed(() => precheckLegs(problem));
    const [, warningsMs] = timed(() => planningWarnings({ snapshot, problem, journeyWarnings: journey.warnings }));
    const reasons = new Map<string, number>();
    rejected.forEach((entry) => reasons.set(entry.reasonCode, (reasons.get(entry.reasonCode) ?? 0) + 1));
    rows.push([
      name,
      String(snapshot.movements.length),
      String(problem.units.length),
      String(placeIds.length),
      listMs.toFixed(0),
      buildMs.toFixed(0),
      precheckMs.toFixed(0),
      warningsMs.toFixed(0),
      String(rejected.length),
      expectedShortfall === null ? '-' : String(expectedShortfall),
      [...reasons].map(([code, count]) => `${code}:${count}`).join(' ') || '-',
      (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0),
    ]);
  }
  const header = ['snapshot', 'legs', 'units', 'places', 'places ms', 'build ms', 'prechecks ms', 'warnings ms', 'rejected', 'gen shortfall', 'reasons', 'heap MiB'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  rows.forEach((row) => console.log(line(row)));
  console.log('\ngen shortfall: legs data-gen itself could not make servable (a sound pre-check may reject at most these).');
}
