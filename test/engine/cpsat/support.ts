/**
 * Small FlatZinc models written in TypeScript, translated and solved by the real CP-SAT
 * (or-tools-wasm, in this thread) with every solution enumerated, and the brute-force
 * oracle the tests compare them with.
 */
import { CpSat } from 'or-tools-wasm/cp-sat';
import type { FlatZinc, FznArgument } from '../../../src/engine/cpsat/flatzinc.ts';
import { translate } from '../../../src/engine/cpsat/translate/index.ts';

/** An integer variable's range, or a Boolean. */
export type VariableSpec = readonly [number, number] | 'bool';

export type ConstraintSpec = readonly [id: string, args: FznArgument[]];

export function flatzinc(variables: Record<string, VariableSpec>, constraints: ConstraintSpec[], arrays: Record<string, (string | number | boolean)[]> = {}): FlatZinc {
  return {
    variables: Object.fromEntries(
      Object.entries(variables).map(([name, spec]) => [name, spec === 'bool' ? { type: 'bool' } : { type: 'int', domain: [[spec[0], spec[1]]] }]),
    ),
    arrays: Object.fromEntries(Object.entries(arrays).map(([name, a]) => [name, { a }])),
    constraints: constraints.map(([id, args]) => ({ id, args })),
    output: Object.keys(variables),
    solve: { method: 'satisfy' },
  };
}

/** A solution as `name=value` pairs in output order (Booleans as 0/1), one string per solution. */
export type SolutionSet = string[];

function key(names: string[], values: number[]): string {
  return names.map((name, i) => `${name}=${values[i]}`).join(' ');
}

/** Every solution of the model over its output variables, sorted (CP-SAT, enumerated). */
export async function cpSatSolutions(model: FlatZinc): Promise<SolutionSet> {
  const translation = translate(model);
  const names = Object.keys(translation.outputs);
  const found = new Set<string>();
  const read = (solution: number[]) =>
    names.map((name) => {
      const entry = translation.outputs[name]!;
      if (Array.isArray(entry)) throw new Error('scalar outputs only');
      return 'value' in entry ? entry.value : solution[entry.index]!;
    });
  const { response } = await CpSat.solve(
    await CpSat.createModel(translation.model),
    { enumerateAllSolutions: true, numSearchWorkers: 1, maxTimeInSeconds: 20 },
    { onSolution: (reply) => found.add(key(names, read((reply.solution ?? []).map(Number)))) },
  );
  if (response?.status !== 'OPTIMAL' && response?.status !== 'INFEASIBLE') throw new Error(`enumeration incomplete: ${String(response?.status)} ${response?.solutionInfo ?? ''}`);
  return [...found].sort();
}

/** Every assignment of the variables that satisfies the predicate, sorted. */
export function bruteForce(variables: Record<string, VariableSpec>, holds: (value: Record<string, number>) => boolean): SolutionSet {
  const names = Object.keys(variables);
  const out: string[] = [];
  const assign = (i: number, value: Record<string, number>): void => {
    if (i === names.length) {
      if (holds(value)) out.push(key(names, names.map((name) => value[name]!)));
      return;
    }
    const spec = variables[names[i]!]!;
    const [lo, hi] = spec === 'bool' ? [0, 1] : spec;
    for (let v = lo; v <= hi; v += 1) assign(i + 1, { ...value, [names[i]!]: v });
  };
  assign(0, {});
  return out.sort();
}

/** MiniZinc's integer division (truncates towards zero) and modulo (the sign of the dividend). */
export const truncDiv = (x: number, y: number): number => Math.trunc(x / y);
export const truncMod = (x: number, y: number): number => x - y * Math.trunc(x / y);
