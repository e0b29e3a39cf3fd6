/**
 * A CP-SAT solution as the data of the model's output model: each FlatZinc output name with
 * its value (Booleans as true/false, arrays as the flat lists FlatZinc declares them as; the
 * output model restores enums, sets and array shapes).
 */
import type { OutputScalar, Translation } from '../translate/index.ts';

function scalarValue(scalar: OutputScalar, values: number[]): number | boolean {
  const value = 'value' in scalar ? scalar.value : values[scalar.index];
  if (value === undefined) throw new Error(`CP-SAT returned no value for variable ${'index' in scalar ? scalar.index : '?'}`);
  return scalar.kind === 'bool' ? value === 1 : value;
}

export function solutionValues(translation: Translation, values: number[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(translation.outputs).map(([name, entry]) => [name, Array.isArray(entry) ? entry.map((scalar) => scalarValue(scalar, values)) : scalarValue(entry, values)]),
  );
}
