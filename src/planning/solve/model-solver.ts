/**
 * What the orchestration needs of the engine (src/engine): the routing core's solver interface
 * (src/routing/structures/model-solver.ts), and where the model files are.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export type { ModelOutcome, ModelRun, ModelSolver, ModelStatus } from '../../routing/index.ts';

/** Absolute path of models/<name>. */
export function modelPath(name: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'models', name);
}
