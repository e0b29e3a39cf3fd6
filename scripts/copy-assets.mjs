/**
 * The second half of `npm run build`: tsc compiles every .ts file under src/ to dist/ (same
 * layout, one level below the project root like src/, so paths such as ../models resolve the
 * same); this copies every other file under src/ (worker entries in .cjs/.mjs, MiniZinc
 * libraries) beside them. Plain JavaScript, so the build needs no TypeScript runtime.
 */
import { cpSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src');
const target = join(root, 'dist');
let copied = 0;
for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || entry.name.endsWith('.ts')) continue;
  const from = join(entry.parentPath, entry.name);
  cpSync(from, join(target, relative(source, from)));
  copied += 1;
}
process.stdout.write(`copied ${copied} non-TypeScript files from src/ to dist/\n`);
