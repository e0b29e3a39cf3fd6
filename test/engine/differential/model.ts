/**
 * The small random models of the differential suite, as a tree that prints as MiniZinc
 * (print.ts) and evaluates in TypeScript (evaluate.ts), so a solver's solution is checked
 * without trusting any solver. Every function is total by construction: divisors range over
 * non-zero values, element indices over the array's index set.
 */

export type IntExpr =
  | { k: 'const'; value: number }
  | { k: 'var'; name: string }
  /** A variable's element: name[index], index an integer expression within the array's index set. */
  | { k: 'at'; array: string; index: IntExpr }
  /** sum(coefficient * term) + constant */
  | { k: 'linear'; terms: [number, IntExpr][]; constant: number }
  | { k: 'abs'; of: IntExpr }
  | { k: 'div' | 'mod'; left: IntExpr; divisor: IntExpr }
  | { k: 'times'; left: IntExpr; right: IntExpr }
  | { k: 'max' | 'min'; of: IntExpr[] }
  /** [items][index], index a variable ranging over 1..items.length */
  | { k: 'element'; items: IntExpr[]; index: IntExpr }
  /** A parameter matrix indexed by two expressions: table[row, column]. */
  | { k: 'table'; table: string; row: IntExpr; column: IntExpr }
  | { k: 'bool2int'; of: BoolExpr }
  | { k: 'count'; of: IntExpr[]; value: IntExpr };

export type Comparison = '=' | '!=' | '<' | '<=';

export type BoolExpr =
  | { k: 'bvar'; name: string }
  | { k: 'compare'; op: Comparison; left: IntExpr; right: IntExpr }
  | { k: 'in'; of: IntExpr; set: number[] }
  /** A constant Boolean array indexed by a variable: [items][index], index over 1..items.length. */
  | { k: 'pick'; items: boolean[]; index: IntExpr }
  | { k: 'and' | 'or' | 'xor' | 'iff' | 'implies'; left: BoolExpr; right: BoolExpr }
  | { k: 'not'; of: BoolExpr };

/** Tasks of a scheduling constraint: start variables (by name) with fixed durations. */
export interface Tasks {
  starts: string[];
  durations: number[];
}

export type Constraint =
  | { k: 'holds'; expr: BoolExpr }
  | { k: 'alldifferent'; of: IntExpr[] }
  | { k: 'increasing'; of: IntExpr[] }
  | { k: 'disjunctive'; tasks: Tasks }
  | { k: 'cumulative'; tasks: Tasks; resources: number[]; capacity: number }
  /** circuit(array): the array (1-based successors) forms one Hamiltonian cycle. */
  | { k: 'circuit'; array: string }
  /** inverse(f, g): f[i] = j <-> g[j] = i. */
  | { k: 'inverse'; f: string; g: string }
  /** forall(i in index set)(succ[i] = 1 \/ time[succ[i]] >= time[i] + dist[i, succ[i]]): routing with travel times. */
  | { k: 'travel'; succ: string; time: string; dist: string };

export interface IntVariable {
  name: string;
  /** The domain, sorted and distinct. */
  domain: number[];
}

export interface ArrayVariable {
  name: string;
  length: number;
  domain: number[];
}

export interface Model {
  /** Seed and index that made it, for the printout of a failure. */
  label: string;
  ints: IntVariable[];
  bools: string[];
  arrays: ArrayVariable[];
  /** Parameter matrices (row-major, 1-based in MiniZinc). */
  tables: Record<string, number[][]>;
  constraints: Constraint[];
  objective: { sense: 'minimize' | 'maximize'; expr: IntExpr } | null;
}
