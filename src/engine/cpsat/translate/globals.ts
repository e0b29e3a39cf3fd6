/**
 * The global constraints of the CP-SAT library (mznlib/fzn_*.mzn) as CP-SAT's own
 * constraints: AllDifferent, Circuit, Cumulative, NoOverlap, Table and Inverse.
 */
import type { Arguments } from './arguments.ts';
import { combine, TranslationError, variableLinear, type CpModelBuilder, type Linear, type Literal } from './builder.ts';
import * as D from './domain.ts';

type Handler = (args: Arguments) => void;

/** Arcs beyond which a circuit is refused rather than encoded (one literal per arc). */
const ARC_LIMIT = 1_000_000;

/**
 * Successor variables as arcs i -> j (nodes 0..n-1), one literal per value xs[i] = first + j.
 * Values outside the nodes have no arc, so taking one breaks the circuit, as in MiniZinc.
 */
function successorCircuit(args: Arguments, selfLoops: boolean): void {
  const successors = args.ints(0);
  const first = args.intConstant(1);
  const n = successors.length;
  const tails: number[] = [];
  const heads: number[] = [];
  const literals: Literal[] = [];
  const incoming = new Array<number>(n).fill(0);
  const outgoing = new Array<number>(n).fill(0);
  successors.forEach((successor, tail) => {
    const targets = D.intersect(args.model.valuesOf(successor), D.interval(first, first + n - 1));
    if (tails.length + D.size(targets) > ARC_LIMIT) throw new TranslationError(`a circuit over more than ${ARC_LIMIT} arcs is beyond its encoding`);
    for (const value of D.values(targets)) {
      const head = value - first;
      if (head === tail && !selfLoops) continue;
      tails.push(tail);
      heads.push(head);
      literals.push(args.model.equalityLiteral(successor, value));
      outgoing[tail]! += 1;
      incoming[head]! += 1;
    }
  });
  // CP-SAT leaves out nodes without arcs; in MiniZinc every node needs a successor and a predecessor.
  if (outgoing.some((count) => count === 0) || incoming.some((count) => count === 0)) return args.model.postFalse([]);
  args.model.add({ circuit: { tails, heads, literals } }, []);
}

/** The expression itself if it cannot be negative, else a copy whose domain leaves negatives out. */
function nonNegative(model: CpModelBuilder, expression: Linear): Linear {
  const values = model.valuesOf(expression);
  if (D.min(values) >= 0) return expression;
  return variableLinear(model.variableFor(expression, D.intersect(values, D.interval(0, Infinity))));
}

interface Task {
  interval: number;
  demand: Linear;
  size: Linear;
}

/** The interval [start, start + size) as a CP-SAT interval constraint (its index). */
function interval(model: CpModelBuilder, start: Linear, size: Linear): number {
  let end = combine([[1, start], [1, size]]);
  if (model.fixedValue(size) === undefined) {
    const [lo, hi] = model.bounds(end);
    end = variableLinear(model.variableFor(end, D.interval(lo, hi)));
  }
  model.add({ interval: { start: model.proto(start), size: model.proto(size), end: model.proto(end) } }, []);
  return model.constraintCount - 1;
}

function tasks(args: Arguments, starts: Linear[], sizes: Linear[], demands: Linear[]): Task[] {
  if (starts.length !== sizes.length || starts.length !== demands.length) throw new TranslationError('the task arrays differ in length');
  return starts.map((start, i) => {
    const size = nonNegative(args.model, sizes[i]!);
    return { interval: interval(args.model, start, size), demand: nonNegative(args.model, demands[i]!), size };
  });
}

function cumulative(args: Arguments, all: Task[], capacity: Linear): void {
  args.model.add(
    {
      cumulative: {
        capacity: args.model.proto(capacity),
        intervals: all.map((task) => task.interval),
        demands: all.map((task) => args.model.proto(task.demand)),
      },
    },
    [],
  );
}

function noOverlap(args: Arguments, all: Task[]): void {
  args.model.add({ noOverlap: { intervals: all.map((task) => task.interval) } }, []);
}

const unitDemands = (count: number): Linear[] => Array.from({ length: count }, () => ({ vars: [], coeffs: [], offset: 1 }));

function table(args: Arguments, terms: Linear[], values: number[]): void {
  if (terms.length === 0) throw new TranslationError('a table over no variables');
  if (values.length % terms.length !== 0) throw new TranslationError(`${values.length} table entries do not make rows of ${terms.length}`);
  if (values.length === 0) return args.model.postFalse([]);
  args.model.add({ table: { exprs: terms.map((term) => args.model.proto(term)), values } }, []);
}

/** f[i] = j <-> invf[j] = i with both arrays shifted to start at 0, as CP-SAT's Inverse wants. */
function inverse(args: Arguments): void {
  const [direct, directFirst, reverse, reverseFirst] = [args.ints(0), args.intConstant(1), args.ints(2), args.intConstant(3)];
  const n = direct.length;
  if (reverse.length !== n) return args.model.postFalse([]);
  const zeroBased = (terms: Linear[], first: number) =>
    terms.map((term) => args.model.variableFor(combine([[1, term]], -first), D.intersect(args.model.valuesOf(combine([[1, term]], -first)), D.interval(0, n - 1))));
  args.model.add({ inverse: { fDirect: zeroBased(direct, reverseFirst), fInverse: zeroBased(reverse, directFirst) } }, []);
}

export const GLOBALS: Record<string, Handler> = {
  cpsat_all_different_int: (args) => args.model.add({ allDiff: { exprs: args.ints(0).map((term) => args.model.proto(term)) } }, []),
  cpsat_circuit: (args) => successorCircuit(args, false),
  cpsat_subcircuit: (args) => successorCircuit(args, true),
  cpsat_cumulative: (args) => {
    const starts = args.ints(0);
    if (starts.length === 0) return;
    cumulative(args, tasks(args, starts, args.ints(1), args.ints(2)), args.int(3));
  },
  cpsat_disjunctive: (args) => {
    const starts = args.ints(0);
    const all = tasks(args, starts, args.ints(1), unitDemands(starts.length));
    // Empty tasks may sit anywhere: a unit Cumulative ignores them, NoOverlap would not.
    const someMayBeEmpty = all.some((task) => D.min(args.model.valuesOf(task.size)) === 0);
    if (someMayBeEmpty) cumulative(args, all, { vars: [], coeffs: [], offset: 1 });
    else noOverlap(args, all);
  },
  cpsat_disjunctive_strict: (args) => {
    const starts = args.ints(0);
    noOverlap(args, tasks(args, starts, args.ints(1), unitDemands(starts.length)));
  },
  cpsat_table_int: (args) => table(args, args.ints(0), args.intConstants(1)),
  cpsat_table_bool: (args) =>
    table(
      args,
      args.bools(0).map((literal) => args.model.literalLinear(literal)),
      args.boolConstants(1).map((value) => (value ? 1 : 0)),
    ),
  cpsat_inverse: inverse,
};
