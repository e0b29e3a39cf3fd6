/**
 * The reifiable FlatZinc builtins. Each relation knows how to post itself and its negation
 * under enforcement literals; its plain, full reification (`_reif`: r -> c and not r -> not c)
 * and half reification (`_imp`: r -> c) forms follow from that, with the exact semantics of
 * flatzinc_builtins.mzn.
 */
import type { Arguments } from './arguments.ts';
import { combine, negate, type Linear, type Literal } from './builder.ts';
import * as D from './domain.ts';

/** A relation over the arguments before the reification literal. */
export interface Relation {
  post(args: Arguments, enforcement: Literal[]): void;
  negation(args: Arguments, enforcement: Literal[]): void;
}

/** sum(as[i] * xs[i]) for the int_lin_* and bool_lin_* builtins. */
export function weightedSum(coeffs: number[], terms: Linear[]): Linear {
  if (coeffs.length !== terms.length) throw new RangeError(`${coeffs.length} coefficients for ${terms.length} terms`);
  return combine(terms.map((term, i) => [coeffs[i]!, term] as const));
}

const difference = (args: Arguments): Linear => combine([[1, args.int(0)], [-1, args.int(1)]]);
const linearSum = (args: Arguments): Linear => combine([[1, weightedSum(args.intConstants(0), args.ints(1))]], -args.intConstant(2));

/** A relation `expression in allowed` (its negation: `expression not in allowed`). */
function linearRelation(expression: (args: Arguments) => Linear, allowed: (args: Arguments) => D.Domain): Relation {
  const post = (args: Arguments, enforcement: Literal[]) => args.model.linearIn(expression(args), allowed(args), enforcement);
  return {
    post,
    negation: (args, enforcement) => {
      const sum = expression(args);
      const [lo, hi] = args.model.bounds(sum);
      args.model.linearIn(sum, D.complementWithin(allowed(args), lo, hi), enforcement);
    },
  };
}

const ZERO = () => D.singleton(0);
const NON_POSITIVE = () => D.interval(-Infinity, 0);
const NEGATIVE = () => D.interval(-Infinity, -1);
const NON_ZERO = (args: Arguments) => {
  const [lo, hi] = args.model.bounds(difference(args));
  return D.complementWithin(D.singleton(0), lo, hi);
};
const NON_ZERO_SUM = (args: Arguments) => {
  const [lo, hi] = args.model.bounds(linearSum(args));
  return D.complementWithin(D.singleton(0), lo, hi);
};

function or(args: Arguments, literals: Literal[], enforcement: Literal[]): void {
  args.model.add({ boolOr: { literals } }, enforcement);
}

function and(args: Arguments, literals: Literal[], enforcement: Literal[]): void {
  args.model.add({ boolAnd: { literals } }, enforcement);
}

/** a != b for literals, as a linear constraint (which CP-SAT enforces everywhere). */
function differ(args: Arguments, a: Literal, b: Literal, enforcement: Literal[]): void {
  args.model.linearIn(combine([[1, args.model.literalLinear(a)], [1, args.model.literalLinear(b)]]), D.singleton(1), enforcement);
}

function equal(args: Arguments, a: Literal, b: Literal, enforcement: Literal[]): void {
  args.model.linearIn(combine([[1, args.model.literalLinear(a)], [-1, args.model.literalLinear(b)]]), D.singleton(0), enforcement);
}

const clauseLiterals = (args: Arguments): Literal[] => [...args.bools(0), ...args.bools(1).map(negate)];

/** The relations by base name; the forms under which FlatZinc names them are in RELATION_FORMS. */
export const RELATIONS = {
  int_eq: linearRelation(difference, ZERO),
  int_ne: linearRelation(difference, NON_ZERO),
  int_le: linearRelation(difference, NON_POSITIVE),
  int_lt: linearRelation(difference, NEGATIVE),
  int_lin_eq: linearRelation(linearSum, ZERO),
  int_lin_ne: linearRelation(linearSum, NON_ZERO_SUM),
  int_lin_le: linearRelation(linearSum, NON_POSITIVE),
  set_in: linearRelation((args) => args.int(0), (args) => args.set(1)),
  bool_eq: {
    post: (args, enforcement) => equal(args, args.bool(0), args.bool(1), enforcement),
    negation: (args, enforcement) => differ(args, args.bool(0), args.bool(1), enforcement),
  },
  // a <= b: not a or b
  bool_le: {
    post: (args, enforcement) => or(args, [negate(args.bool(0)), args.bool(1)], enforcement),
    negation: (args, enforcement) => and(args, [args.bool(0), negate(args.bool(1))], enforcement),
  },
  // a < b: not a and b
  bool_lt: {
    post: (args, enforcement) => and(args, [negate(args.bool(0)), args.bool(1)], enforcement),
    negation: (args, enforcement) => or(args, [args.bool(0), negate(args.bool(1))], enforcement),
  },
  bool_clause: {
    post: (args, enforcement) => or(args, clauseLiterals(args), enforcement),
    negation: (args, enforcement) => and(args, clauseLiterals(args).map(negate), enforcement),
  },
  array_bool_or: {
    post: (args, enforcement) => or(args, args.bools(0), enforcement),
    negation: (args, enforcement) => and(args, args.bools(0).map(negate), enforcement),
  },
  array_bool_and: {
    post: (args, enforcement) => and(args, args.bools(0), enforcement),
    negation: (args, enforcement) => or(args, args.bools(0).map(negate), enforcement),
  },
  bool_or: {
    post: (args, enforcement) => or(args, [args.bool(0), args.bool(1)], enforcement),
    negation: (args, enforcement) => and(args, [negate(args.bool(0)), negate(args.bool(1))], enforcement),
  },
  bool_and: {
    post: (args, enforcement) => and(args, [args.bool(0), args.bool(1)], enforcement),
    negation: (args, enforcement) => or(args, [negate(args.bool(0)), negate(args.bool(1))], enforcement),
  },
  bool_xor: {
    post: (args, enforcement) => differ(args, args.bool(0), args.bool(1), enforcement),
    negation: (args, enforcement) => equal(args, args.bool(0), args.bool(1), enforcement),
  },
} satisfies Record<string, Relation>;

type RelationName = keyof typeof RELATIONS;

/**
 * How FlatZinc names each form, with the number of arguments before the reification literal.
 * Most builtins are `X`, `X_reif`, `X_imp`; the Boolean connectives are born reified
 * (`bool_and(a, b, r)` is r <-> a /\ b) and have no plain form in FlatZinc.
 */
export const RELATION_FORMS: { id: string; relation: RelationName; arity: number; form: 'plain' | 'reif' | 'imp' }[] = [
  ...(
    [
      ['int_eq', 2],
      ['int_ne', 2],
      ['int_le', 2],
      ['int_lt', 2],
      ['int_lin_eq', 3],
      ['int_lin_ne', 3],
      ['int_lin_le', 3],
      ['set_in', 2],
      ['bool_eq', 2],
      ['bool_le', 2],
      ['bool_lt', 2],
      ['bool_clause', 2],
    ] as const
  ).flatMap(([relation, arity]) => [
    { id: relation, relation, arity, form: 'plain' as const },
    { id: `${relation}_reif`, relation, arity, form: 'reif' as const },
    { id: `${relation}_imp`, relation, arity, form: 'imp' as const },
  ]),
  ...(
    [
      ['array_bool_or', 1],
      ['array_bool_and', 1],
      ['bool_or', 2],
      ['bool_and', 2],
      ['bool_xor', 2],
    ] as const
  ).flatMap(([relation, arity]) => [
    { id: relation, relation, arity, form: 'reif' as const },
    { id: `${relation}_imp`, relation, arity, form: 'imp' as const },
  ]),
];

export function postRelationForm(args: Arguments, relation: RelationName, arity: number, form: 'plain' | 'reif' | 'imp'): void {
  const { post, negation } = RELATIONS[relation];
  // bool_xor(a, b) with no reification literal is the plain relation.
  if (form === 'plain' || args.length === arity) return post(args, []);
  if (args.length !== arity + 1) throw new RangeError(`expected ${arity + 1} arguments, found ${args.length}`);
  const literal = args.bool(arity);
  post(args, [literal]);
  if (form === 'reif') negation(args, [negate(literal)]);
}

