/**
 * `npm run bench -- <name> [args...]`: runs bench/<name>.ts, whose `run(args)` prints a table.
 *
 * `manifests` (the routing bench, where the search budget per instance can be half a second)
 * runs from one JavaScript bundle in this very process: bench/manifests.ts and everything it
 * imports statically, bundled by esbuild into node_modules/.cache/ when a source is newer than
 * the bundle (~0.2 s, once). Under `tsx` the same process spent 0.7-1.3 s (load 5-8, 2 cores)
 * registering its hooks and compiling module by module before the first search step. Each
 * module keeps its own `import.meta.url` (the source file's), so paths resolve as from the
 * sources; a module imported by a path computed at run time (the solver engine) is TypeScript,
 * for which bench/routing/import-source.ts registers tsx when first needed.
 *
 * Every other bench runs as before, through `tsx bench/index.ts`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUNDLED = new Set(['manifests']);

const [name, ...args] = process.argv.slice(2);

if (!BUNDLED.has(name)) {
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, join(root, 'bench', 'index.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
} else {
  // node_modules may be shared between worktrees: one cache folder per checkout
  const key = createHash('sha256').update(root).digest('hex').slice(0, 12);
  const cache = join(root, 'node_modules', '.cache', 'manifest-planning-service', `bench-${key}`);
  const bundle = join(cache, `${name}.mjs`);
  const inputs = join(cache, `${name}.inputs.json`);
  if (!upToDate(bundle, inputs)) {
    const started = performance.now();
    await build(join(root, 'bench', `${name}.ts`), bundle, inputs);
    process.stderr.write(`bench: bundled bench/${name}.ts with esbuild in ${Math.round(performance.now() - started)} ms\n`);
  }
  // the routing bench's portfolio threads (src/routing/algorithms/portfolio.ts) load a bundle
  // of their own entry, made the same way
  const worker = join(cache, 'routing-portfolio-worker.mjs');
  const workerInputs = join(cache, 'routing-portfolio-worker.inputs.json');
  if (!upToDate(worker, workerInputs)) await build(join(root, 'src', 'routing', 'portfolio-worker.ts'), worker, workerInputs);
  process.env.BENCH_ROUTING_WORKER = worker;
  const benchmark = await import(pathToFileURL(bundle).href);
  await benchmark.run(args);
}

/** The bundle is newer than this script and every source it was made from. */
function upToDate(bundle, inputs) {
  if (!existsSync(bundle) || !existsSync(inputs)) return false;
  const made = statSync(bundle).mtimeMs;
  const sources = [fileURLToPath(import.meta.url), ...JSON.parse(readFileSync(inputs, 'utf8'))];
  for (const source of sources) {
    if (!existsSync(source) || statSync(source).mtimeMs > made) return false;
  }
  return true;
}

async function build(entry, bundle, inputs) {
  const { build: esbuild } = await import('esbuild');
  mkdirSync(dirname(bundle), { recursive: true });
  const building = `${bundle}.tmp-${process.pid}.mjs`;
  const result = await esbuild({
    entryPoints: [entry],
    absWorkingDir: root,
    outfile: building,
    bundle: true,
    // packages load from node_modules at run time, as from the sources
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // no source map: parsing one doubled the time to load the bundle
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(context) {
          context.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
            if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
            const source = readFileSync(args.path, 'utf8');
            const contents = source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
            return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
          });
        },
      },
    ],
  });
  const sources = Object.keys(result.metafile.inputs).map((input) => join(root, input));
  writeFileSync(inputs, JSON.stringify(sources));
  renameSync(building, bundle);
}
