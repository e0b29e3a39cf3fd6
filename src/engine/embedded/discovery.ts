/**
 * What the embedded MiniZinc says of itself: its version (`--version`) and its solvers
 * (`--solvers-json`). Both are fixed by the package's files, yet each answer costs a fresh
 * WebAssembly instance in a new thread (pool.ts: one instance per run), and every planning
 * worker asked both at start: on a loaded 2-core machine that was seconds of each worker's
 * warm-up. The answers are kept in the installation's cache (config/install-cache.ts), named
 * by the package's version and the size of its binary, and asked again only when absent or
 * unreadable; a cache that cannot be written is simply not kept.
 */
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { installCacheDirectory } from '../../config/install-cache.ts';
import type { WasmDistribution } from './wasm.ts';

export interface Discovery {
  /** `minizinc --version` output. */
  version: string;
  /** `minizinc --solvers-json` output. */
  solversJson: string;
}

function cacheFile(distribution: WasmDistribution): string | undefined {
  const cache = installCacheDirectory(distribution.wasm);
  if (cache === undefined) return undefined;
  // <package>/dist/minizinc.wasm
  const { version } = JSON.parse(readFileSync(join(dirname(dirname(distribution.wasm)), 'package.json'), 'utf8')) as { version: string };
  return join(cache, `minizinc-${version}-${distribution.wasmBytes}.json`);
}

/** The cached answers, or `ask`'s (then kept for the next start). */
export async function discover(distribution: WasmDistribution, ask: () => Promise<Discovery>): Promise<Discovery> {
  let file: string | undefined;
  try {
    file = cacheFile(distribution);
  } catch {
    file = undefined;
  }
  if (file !== undefined) {
    const cached = await readFile(file, 'utf8').then(parseDiscovery, () => undefined);
    if (cached !== undefined) return cached;
  }
  const answered = await ask();
  if (file !== undefined) {
    const writing = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
    await mkdir(dirname(file), { recursive: true })
      .then(() => writeFile(writing, JSON.stringify(answered)))
      .then(() => rename(writing, file))
      .catch(() => undefined);
  }
  return answered;
}

function parseDiscovery(text: string): Discovery | undefined {
  try {
    const value = JSON.parse(text) as Partial<Discovery>;
    if (typeof value.version !== 'string' || typeof value.solversJson !== 'string') return undefined;
    JSON.parse(value.solversJson);
    return { version: value.version, solversJson: value.solversJson };
  } catch {
    return undefined;
  }
}
