/**
 * The WebAssembly MiniZinc of the npm package `minizinc`: where its files are and the one
 * compiled module every worker instantiates (compiled once per process).
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface WasmDistribution {
  wasm: string;
  /** Size of the .wasm file: how a worker tells MiniZinc's binary from other WebAssembly. */
  wasmBytes: number;
  data: string;
  workerScript: string;
}

export function locateDistribution(): WasmDistribution {
  // The package's Node entry spawns a native minizinc; only its files are ours to load.
  const dist = dirname(createRequire(import.meta.url).resolve('minizinc/minizinc-worker.js'));
  const wasm = join(dist, 'minizinc.wasm');
  return { wasm, wasmBytes: statSync(wasm).size, data: join(dist, 'minizinc.data'), workerScript: join(dist, 'minizinc-worker.js') };
}

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/** Compiled once per process and shared: compiling is the slow part of starting a worker. */
export function compiledModule(wasmPath: string): Promise<WebAssembly.Module> {
  let module = compiled.get(wasmPath);
  if (module === undefined) {
    module = readFile(wasmPath).then((bytes) => WebAssembly.compile(bytes));
    module.catch(() => compiled.delete(wasmPath));
    compiled.set(wasmPath, module);
  }
  return module;
}

/**
 * Gives this thread the module another thread compiled (a WebAssembly.Module crosses threads
 * without copying its code): planning workers start without compiling the 18 MB binary again.
 */
export function shareCompiledModule(wasmPath: string, module: WebAssembly.Module): void {
  if (!compiled.has(wasmPath)) compiled.set(wasmPath, Promise.resolve(module));
}
