/**
 * The solver the benchmarks use: the service's engine (src/engine, `--backend embedded|native`)
 * when it is there, else the native `minizinc` on PATH (`--backend native-direct`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelSolver } from '../../src/planning/solve/model-solver.ts';
import { modelSolverOf, type SolvingEngine } from '../../src/planning/solve/engine-solver.ts';
import { nativeModelSolver } from './native-solver.ts';

export interface BenchSolver {
  solver: ModelSolver;
  describe: string;
  close(): Promise<void>;
}

interface EngineModule {
  createEngine(options: { projectRoot: string; backends?: string[] }): Promise<SolvingEngine & { close(): Promise<void> }>;
}

export async function benchSolver(backend: string): Promise<BenchSolver> {
  const engineIndex = fileURLToPath(new URL('../../src/engine/index.ts', import.meta.url));
  if (backend !== 'native-direct' && existsSync(engineIndex)) {
    const { createEngine } = (await import(engineIndex)) as EngineModule;
    const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
    const engine = await createEngine({ projectRoot, ...(backend === 'auto' ? {} : { backends: [backend] }) });
    return { solver: modelSolverOf(engine), describe: `engine (${backend})`, close: () => engine.close() };
  }
  if (backend !== 'auto' && backend !== 'native-direct') throw new Error(`bench: src/engine is not available for backend ${backend}`);
  return { solver: nativeModelSolver(), describe: 'native minizinc on PATH (direct)', close: async () => {} };
}
