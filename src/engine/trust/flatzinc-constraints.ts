/**
 * The FlatZinc constraint predicates a run used: the "model class" the trust policy judges a
 * solver's claim by (see policy.ts). Read from FlatZinc text (`--fzn` beside a solve) or from
 * FlatZinc JSON (the CP-SAT backend's compile).
 */

const CONSTRAINT_LINE = /^constraint\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(/gm;
/** Set variables are their own class: Gecode orders sets differently from MiniZinc (issue 23). */
const SET_VARIABLE_LINE = /^(?:array\s*\[[^\]]*\]\s*of\s+)?var\s+set\s+of\b/m;

/** Marks a FlatZinc with set variables in the list of predicates. */
export const SET_VARIABLES = 'var set of int';

/** Sorted, distinct predicate names of a FlatZinc text. */
export function constraintsOfFlatZincText(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(CONSTRAINT_LINE)) names.add(match[1]!);
  if (SET_VARIABLE_LINE.test(text)) names.add(SET_VARIABLES);
  return [...names].sort();
}

interface FlatZincJson {
  variables?: Record<string, { type?: string }>;
  constraints?: { id?: unknown }[];
}

/** Sorted, distinct predicate names of a FlatZinc JSON document. */
export function constraintsOfFlatZincJson(flatzinc: Record<string, unknown>): string[] {
  const { variables = {}, constraints = [] } = flatzinc as FlatZincJson;
  const names = new Set<string>(constraints.flatMap((constraint) => (typeof constraint.id === 'string' ? [constraint.id] : [])));
  if (Object.values(variables).some((variable) => variable.type === 'set of int')) names.add(SET_VARIABLES);
  return [...names].sort();
}
