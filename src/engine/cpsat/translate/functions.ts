/**
 * The functional FlatZinc builtins (arithmetic, Boolean conversions, element): each defines
 * its last argument from the others, with MiniZinc's semantics (integer division and modulo
 * truncate towards zero, x mod y takes the sign of x, element arrays are indexed from 1).
 */
import type { Arguments } from './arguments.ts';
import { combine, constantLinear, scale, TranslationError, variableLinear, type Linear } from './builder.ts';
import * as D from './domain.ts';
import { weightedSum } from './relations.ts';

type Handler = (args: Arguments) => void;

function divisorIsZero(args: Arguments, divisor: Linear): boolean {
  return D.isEmpty(D.remove(args.model.valuesOf(divisor), 0));
}

/** A variable equal to the expression, with 0 left out of its domain (CP-SAT divides by it). */
function nonZeroDivisor(args: Arguments, divisor: Linear): Linear {
  const values = D.remove(args.model.valuesOf(divisor), 0);
  return variableLinear(args.model.variableFor(divisor, values));
}

/** |divisor| as a strictly positive variable: x mod y = x mod |y| when both truncate. */
function positiveModulus(args: Arguments, divisor: Linear): Linear {
  const values = args.model.valuesOf(divisor);
  if (D.min(values) >= 1) return divisor;
  const magnitude = args.model.newVar(D.remove(D.abs(values), 0));
  args.model.add({ linMax: { target: args.model.proto(variableLinear(magnitude)), exprs: [args.model.proto(divisor), args.model.proto(scale(divisor, -1))] } }, []);
  return variableLinear(magnitude);
}

function maximum(args: Arguments, target: Linear, terms: Linear[]): void {
  if (terms.length === 0) throw new TranslationError('the maximum of an empty array is undefined');
  args.model.add({ linMax: { target: args.model.proto(target), exprs: terms.map((term) => args.model.proto(term)) } }, []);
}

function minimum(args: Arguments, target: Linear, terms: Linear[]): void {
  maximum(args, scale(target, -1), terms.map((term) => scale(term, -1)));
}

/** pow(base, exponent) as MiniZinc defines it: 1 div base^-exponent for a negative exponent. */
export function minizincPow(base: number, exponent: number): number | undefined {
  if (exponent >= 0) {
    const value = base ** exponent;
    return Number.isSafeInteger(value) ? value : undefined;
  }
  if (base === 0) return undefined;
  if (base === 1) return 1;
  if (base === -1) return exponent % 2 === 0 ? 1 : -1;
  return 0;
}

/** Table sizes beyond which int_pow over two variables is refused rather than enumerated. */
const POW_TABLE_LIMIT = 100_000;

function power(args: Arguments): void {
  const [base, exponent, result] = [args.int(0), args.int(1), args.int(2)];
  const bases = args.model.valuesOf(base);
  const exponents = args.model.valuesOf(exponent);
  if (D.size(bases) * D.size(exponents) > POW_TABLE_LIMIT) {
    throw new TranslationError(`int_pow over ${D.size(bases)} x ${D.size(exponents)} values is beyond its table encoding (${POW_TABLE_LIMIT} rows)`);
  }
  const values: number[] = [];
  for (const b of D.values(bases)) {
    for (const e of D.values(exponents)) {
      const value = minizincPow(b, e);
      if (value !== undefined) values.push(b, e, value);
    }
  }
  if (values.length === 0) return args.model.postFalse([]);
  args.model.add({ table: { exprs: [base, exponent, result].map((term) => args.model.proto(term)), values } }, []);
}

/** y = xs[index] with the FlatZinc array indexed from 1. */
function element(args: Arguments, terms: Linear[]): void {
  if (terms.length === 0) return args.model.postFalse([]);
  args.model.add(
    {
      element: {
        linearIndex: args.model.proto(combine([[1, args.int(0)]], -1)),
        linearTarget: args.model.proto(args.int(2)),
        exprs: terms.map((term) => args.model.proto(term)),
      },
    },
    [],
  );
}

export const FUNCTIONS: Record<string, Handler> = {
  int_plus: (args) => args.model.linearIn(combine([[1, args.int(0)], [1, args.int(1)], [-1, args.int(2)]]), D.singleton(0), []),
  int_times: (args) =>
    args.model.add({ intProd: { target: args.model.proto(args.int(2)), exprs: [args.model.proto(args.int(0)), args.model.proto(args.int(1))] } }, []),
  int_div: (args) => {
    // Division by zero is undefined: a divisor that can only be 0 leaves no solution.
    if (divisorIsZero(args, args.int(1))) return args.model.postFalse([]);
    args.model.add(
      { intDiv: { target: args.model.proto(args.int(2)), exprs: [args.model.proto(args.int(0)), args.model.proto(nonZeroDivisor(args, args.int(1)))] } },
      [],
    );
  },
  int_mod: (args) => {
    if (divisorIsZero(args, args.int(1))) return args.model.postFalse([]);
    args.model.add(
      { intMod: { target: args.model.proto(args.int(2)), exprs: [args.model.proto(args.int(0)), args.model.proto(positiveModulus(args, args.int(1)))] } },
      [],
    );
  },
  int_abs: (args) => maximum(args, args.int(1), [args.int(0), scale(args.int(0), -1)]),
  int_max: (args) => maximum(args, args.int(2), [args.int(0), args.int(1)]),
  int_min: (args) => minimum(args, args.int(2), [args.int(0), args.int(1)]),
  array_int_maximum: (args) => maximum(args, args.int(0), args.ints(1)),
  array_int_minimum: (args) => minimum(args, args.int(0), args.ints(1)),
  int_pow: power,
  bool2int: (args) => args.model.linearIn(combine([[1, args.model.literalLinear(args.bool(0))], [-1, args.int(1)]]), D.singleton(0), []),
  bool_not: (args) =>
    args.model.linearIn(combine([[1, args.model.literalLinear(args.bool(0))], [1, args.model.literalLinear(args.bool(1))]]), D.singleton(1), []),
  bool_lin_eq: (args) =>
    args.model.linearIn(
      combine([[1, weightedSum(args.intConstants(0), args.bools(1).map((literal) => args.model.literalLinear(literal)))], [-1, args.int(2)]]),
      D.singleton(0),
      [],
    ),
  bool_lin_le: (args) =>
    args.model.linearIn(
      combine([[1, weightedSum(args.intConstants(0), args.bools(1).map((literal) => args.model.literalLinear(literal)))], [-1, args.int(2)]]),
      D.interval(-Infinity, 0),
      [],
    ),
  array_bool_xor: (args) => {
    const literals = args.bools(0);
    // An odd number of true literals; the empty XOR is false.
    if (literals.length === 0) return args.model.postFalse([]);
    args.model.add({ boolXor: { literals } }, []);
  },
  array_int_element: (args) => element(args, args.intConstants(1).map(constantLinear)),
  array_var_int_element: (args) => element(args, args.ints(1)),
  array_bool_element: (args) => element(args, args.boolConstants(1).map((value) => constantLinear(value ? 1 : 0))),
  array_var_bool_element: (args) => element(args, args.bools(1).map((literal) => args.model.literalLinear(literal))),
};

