/** Paths and data of the engine's test models (test/engine/models), and native MiniZinc detection. */
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const MODELS = fileURLToPath(new URL('../models/', import.meta.url));

/** Embedded solvers that MiniZinc's WebAssembly build ships. */
export const EMBEDDED_SOLVERS = ['gecode', 'chuffed', 'cbc', 'highs'];

/** Three workers, three tasks: the unique optimum costs 14 (sort: cat, pack: bob, ship: ann). */
export const ASSIGNMENT_DATA = {
  Worker: ['ann', 'bob', 'cat'],
  Task: ['sort', 'pack', 'ship'],
  cost: [
    [9, 8, 6],
    [7, 3, 9],
    [5, 6, 8],
  ],
};

/** Whether a `minizinc` executable runs from PATH. */
export async function nativeMinizincFound(): Promise<boolean> {
  const result = await execa('minizinc', ['--version'], { reject: false });
  return result.exitCode === 0;
}
