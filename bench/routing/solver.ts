/**
 * The solver the benchmarks use: the service's engine (src/engine, `--backend embedded|native`)
 * when it is there, else the native `minizinc` on PATH (`--backend native-direct`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelSolver } from '../../src/planning/solve/model-solver.ts';
import { modelSolverOf, type SolvingEngine } from '../../src/planning/solve/engine-solver.ts';
import { importSource } from './import-source.ts';
import { nativeModelSolver } from './native-solver.ts';

export interface BenchSolver {
  solver: ModelSolver;
  describe: string;
  close(): Promise<void>;
  /** Starts the solver now (before a timed run that will call it), if not yet started. */
  warm?(): Promise<void>;
}

interface EngineModule {
  createEngine(options: { projectRoot: string; backends?: string[] }): Promise<SolvingEngine & { close(): Promise<void> }>;
}

/**
 * The solver, started on its first model call: a run whose search never reaches the model
 * search (or reaches it late) does not wait for the engine to load at start.
 */
export function benchSolver(backend: string): BenchSolver {
  let started: Promise<BenchSolver> | null = null;
  const start = (): Promise<BenchSolver> => (started ??= startSolver(backend));
  return {
    // both the engine and the direct native solver honour failure limits
    solver: { failLimits: true, solve: async (run) => (await start()).solver.solve(run) },
    describe: backend === 'native-direct' ? 'native minizinc on PATH (direct)' : `engine (${backend})`,
    close: async () => {
      if (started !== null) await (await started).close();
    },
    warm: async () => {
      await start();
    },
  };
}

async function startSolver(backend: string): Promise<BenchSolver> {
  const engineIndex = fileURLToPath(new URL('../../src/engine/index.ts', import.meta.url));
  if (backend !== 'native-direct' && existsSync(engineIndex)) {
    const { createEngine } = await importSource<EngineModule>(engineIndex);
    const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
    const engine = await createEngine({ projectRoot, ...(backend === 'auto' ? {} : { backends: [backend] }) });
    return { solver: modelSolverOf(engine), describe: `engine (${backend})`, close: () => engine.close() };
  }
  if (backend !== 'auto' && backend !== 'native-direct') throw new Error(`bench: src/engine is not available for backend ${backend}`);
  return { solver: nativeModelSolver(), describe: 'native minizinc on PATH (direct)', close: async () => {} };
}
