/**
 * `npm run bench -- <name> [args...]`: runs bench/<name>.ts, whose `run(args)` prints a table.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

interface Benchmark {
  run(args: string[]): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const [name, ...args] = process.argv.slice(2);
if (name === undefined || !available.includes(name)) {
  console.error(`usage: npm run bench -- <${available.join('|')}> [args...]`);
  process.exit(2);
}
const benchmark = (await import(join(here, `${name}.ts`))) as Benchmark;
await benchmark.run(args);
