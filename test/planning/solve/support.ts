/**
 * The engine the solve tests run on: the real one, native MiniZinc preferred when it is
 * installed (faster to compile), embedded otherwise.
 */
import { fileURLToPath } from 'node:url';
import { createEngine, type Engine } from '../../../src/engine/index.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export function testEngine(): Promise<Engine> {
  return createEngine({ projectRoot: PROJECT_ROOT, workers: 2, backends: ['native', 'embedded'] });
}
