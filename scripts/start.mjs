/**
 * `npm start`: runs the service from compiled JavaScript in this very process (npm execs node
 * on this file, so SIGTERM reaches the service). When any file under src/ is newer than the
 * last compilation, src/ is first transpiled to dist/ with esbuild (under a second; no type
 * check, `npm run build` runs tsc for that), in the same layout as `npm run build`.
 *
 * Why not `node --import tsx src/main.ts`: tsx compiles on the fly in the main thread and again
 * in every worker thread (each registers its own hooks), which cost seconds of start-up per
 * thread on a loaded machine before any planning worker could warm its solvers.
 *
 * The new dist/ is written beside the old one and swapped in by renames, so a service already
 * running from dist/ never reads a half-written file.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src');
const target = join(root, 'dist');
/** Written last by a compilation here; its time says what the compiled dist/ is up to date with. */
const STAMP = '.compiled-from-src';

function newestSource() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function upToDate(newest) {
  const stamp = join(target, STAMP);
  // a file time set through utimes loses a fraction of a millisecond
  return existsSync(join(target, 'main.js')) && existsSync(stamp) && statSync(stamp).mtimeMs + 1 >= newest;
}

async function compile(newest) {
  const { build } = await import('esbuild');
  const building = `${target}.tmp-${process.pid}`;
  const files = readdirSync(source, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  await build({
    entryPoints: files.filter((entry) => entry.name.endsWith('.ts')).map((entry) => join(entry.parentPath, entry.name)),
    outdir: building,
    outbase: source,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // one output file per source file (as tsc emits): every import stays an import, a relative
    // .ts one renamed to its .js output
    bundle: true,
    plugins: [
      {
        name: 'keep-imports',
        setup(esbuild) {
          esbuild.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            return { path: args.path.replace(/\.ts$/, '.js'), external: true };
          });
        },
      },
    ],
  });
  for (const entry of files.filter((item) => !item.name.endsWith('.ts'))) {
    const from = join(entry.parentPath, entry.name);
    cpSync(from, join(building, relative(source, from)));
  }
  // dated by the newest source it was made from, so a source saved meanwhile is not missed
  writeFileSync(join(building, STAMP), '');
  utimesSync(join(building, STAMP), newest / 1000, newest / 1000);
  const old = `${target}.old-${process.pid}`;
  try {
    if (existsSync(target)) renameSync(target, old);
    renameSync(building, target);
  } catch (error) {
    // another `npm start` swapped its own compilation in at the same moment: use that one
    if (!existsSync(join(target, 'main.js'))) throw error;
  } finally {
    rmSync(old, { recursive: true, force: true });
    rmSync(building, { recursive: true, force: true });
  }
}

const newest = newestSource();
if (!upToDate(newest)) {
  const started = performance.now();
  await compile(newest);
  process.stderr.write(`npm start: compiled src/ to dist/ with esbuild in ${Math.round(performance.now() - started)} ms\n`);
}
// `--compile-only`: bring dist/ up to date and stop (benches, scripts)
if (process.argv.includes('--compile-only')) process.exit(0);
// stack traces name the TypeScript sources (esbuild wrote linked source maps)
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(target, 'main.js')).href);
