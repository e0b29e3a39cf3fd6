import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, toJson, type GenerateOptions } from './generate.ts';

export const EXAMPLES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'examples');

export interface Example {
  file: string;
  options: GenerateOptions;
  purpose: string;
}

/** The sample snapshots kept in data-gen/examples/ (README, docs and tests use them). */
export const EXAMPLES: readonly Example[] = [
  { file: 'tiny.json', options: { preset: 'tiny' }, purpose: 'POST /v1/manifests request of the README quick start; small enough for the MiniZinc IDE' },
  { file: 'tiny-booking.json', options: { preset: 'tiny', booking: 2 }, purpose: 'POST /v1/booking-checks request: tiny.json plus two proposed legs' },
  { file: 'small.json', options: { preset: 'small' }, purpose: 'POST /v1/manifests request: 5 drivers, 20 legs' },
  { file: 'small-booking.json', options: { preset: 'small', booking: 3 }, purpose: 'POST /v1/booking-checks request: small.json plus three proposed legs' },
];

/** Each example's file name and JSON text, exactly as `writeExamples` writes it. */
export function renderExamples(): { file: string; json: string }[] {
  return EXAMPLES.map((example) => ({ file: example.file, json: toJson(generate(example.options).snapshot) }));
}

/** Regenerates every example file; returns the paths written. */
export function writeExamples(dir: string = EXAMPLES_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  return renderExamples().map(({ file, json }) => {
    const path = join(dir, file);
    writeFileSync(path, json);
    return path;
  });
}
