/**
 * FlatZinc JSON -> CP-SAT model. Pure: no solver runs here. Every constraint is either
 * stated exactly or refused with a TranslationError naming it; nothing is dropped.
 */
import type { CpModelProto } from 'or-tools-wasm/cp-sat';
import { flatZincProblems, type FlatZinc, type FznLiteral, type FznVariable } from '../flatzinc.ts';
import { Arguments, Names, type ScalarKind } from './arguments.ts';
import { combine, CpModelBuilder, TranslationError, variableLinear } from './builder.ts';
import * as D from './domain.ts';
import { FUNCTIONS } from './functions.ts';
import { GLOBALS } from './globals.ts';
import { postRelationForm, RELATION_FORMS } from './relations.ts';
import { readSearch } from './search.ts';

export { TranslationError } from './builder.ts';
export { minizincPow } from './functions.ts';

/**
 * Bounds given to an integer variable that FlatZinc leaves unbounded (CP-SAT needs finite
 * domains): MiniZinc's own 32-bit range. A proof that relies on them is no proof, so
 * Translation.unbounded makes the runner downgrade INFEASIBLE and OPTIMAL.
 */
export const DEFAULT_BOUND = 2 ** 31 - 1;

/** Where one output value comes from: a CP-SAT variable, or a constant FlatZinc fixed. */
export type OutputScalar = { kind: ScalarKind; index: number } | { kind: ScalarKind; value: number };
export type OutputEntry = OutputScalar | OutputScalar[];

export interface Translation {
  model: CpModelProto;
  /** The optimisation sense; null for a satisfaction problem. */
  objective: 'minimize' | 'maximize' | null;
  /** The FlatZinc output names (what the output model reads), in FlatZinc order. */
  outputs: Record<string, OutputEntry>;
  /** Variables that had no finite domain and got DEFAULT_BOUND. */
  unbounded: string[];
  /** Search annotations CP-SAT cannot follow. */
  ignoredAnnotations: string[];
}

export interface TranslateOptions {
  /** Leave out the model's search strategies (MiniZinc's `-f`); solution hints are kept. */
  freeSearch?: boolean;
}

type Handler = (args: Arguments) => void;

const HANDLERS: Record<string, Handler> = {
  ...Object.fromEntries(RELATION_FORMS.map(({ id, relation, arity, form }) => [id, (args: Arguments) => postRelationForm(args, relation, arity, form)])),
  ...FUNCTIONS,
  ...GLOBALS,
};

function unsupportedReason(id: string): string {
  if (id.startsWith('float_') || id.includes('_float_') || id === 'int2float') return 'floats are not supported by the CP-SAT backend';
  if (id.startsWith('set_') || id.includes('_set_')) return 'set variables are not supported by the CP-SAT backend';
  return 'not a constraint the CP-SAT backend knows';
}

function declareVariable(names: Names, name: string, variable: FznVariable, unbounded: string[]): void {
  const model = names.model;
  if (variable.type === 'bool') {
    const fixed = typeof variable.rhs === 'boolean' ? D.singleton(Number(variable.rhs)) : D.interval(0, 1);
    return names.declare(name, model.newVar(fixed, name), 'bool');
  }
  if (variable.type !== 'int') {
    const what = variable.type.includes('float') ? 'floats are' : variable.type.includes('set') ? 'set variables are' : `${variable.type} variables are`;
    throw new TranslationError(`variable ${name}: ${what} not supported by the CP-SAT backend`);
  }
  let domain: D.Domain;
  const target = typeof variable.rhs === 'string' ? names.variable(variable.rhs) : undefined;
  if (variable.domain === undefined && target !== undefined) {
    // An alias without a domain of its own has its target's (FlatZinc declares targets first).
    domain = model.domain(target.index);
  } else if (variable.domain === undefined) {
    unbounded.push(name);
    domain = D.interval(-DEFAULT_BOUND, DEFAULT_BOUND);
  } else {
    domain = D.fromRanges(variable.domain.map(([lo, hi]) => [lo!, hi!] as const));
  }
  if (typeof variable.rhs === 'number') domain = D.intersect(domain, D.singleton(variable.rhs));
  names.declare(name, model.newVar(domain, name), 'int');
}

/** `var int: x = y;` in FlatZinc: the alias and its target are one value. */
function postAlias(names: Names, name: string, target: FznLiteral | undefined): void {
  if (typeof target !== 'string') return;
  const [alias, original] = [names.variable(name), names.variable(target)];
  if (alias === undefined || original === undefined) throw new TranslationError(`variable ${name}: unknown alias target ${target}`);
  names.model.linearIn(combine([[1, variableLinear(alias.index)], [-1, variableLinear(original.index)]]), D.singleton(0), []);
}

function outputScalar(names: Names, literal: FznLiteral, owner: string): OutputScalar {
  if (typeof literal === 'number') return { kind: 'int', value: literal };
  if (typeof literal === 'boolean') return { kind: 'bool', value: Number(literal) };
  if (typeof literal === 'string') {
    const variable = names.variable(literal);
    if (variable !== undefined) return variable;
  }
  throw new TranslationError(`output ${owner}: cannot read ${JSON.stringify(literal)}`);
}

function outputEntry(names: Names, name: string): OutputEntry {
  const variable = names.variable(name);
  if (variable !== undefined) return variable;
  const array = names.array(name);
  if (array === undefined) throw new TranslationError(`output ${name}: no such variable or array`);
  return array.a.map((element) => outputScalar(names, element, name));
}

/** Translates a document after checking that it is FlatZinc JSON (the embedded compile's output). */
export function translate(flatzinc: unknown, options: TranslateOptions = {}): Translation {
  const problems = flatZincProblems(flatzinc);
  if (problems.length > 0) throw new TranslationError(`not FlatZinc JSON: ${problems.join('; ')}`);
  return translateFlatZinc(flatzinc as FlatZinc, options);
}

/** Translates FlatZinc built as such (flatzinc-text.ts): the schema check is left out (0.1-0.2 s of 0.3-0.5 s on the `small` day of `npm run bench -- ide`, load 9). */
export function translateFlatZinc(fzn: FlatZinc, options: TranslateOptions = {}): Translation {
  const model = new CpModelBuilder();
  const names = new Names(model, fzn.arrays);
  const unbounded: string[] = [];

  for (const [name, variable] of Object.entries(fzn.variables)) declareVariable(names, name, variable, unbounded);
  for (const [name, variable] of Object.entries(fzn.variables)) postAlias(names, name, variable.rhs);

  fzn.constraints.forEach((constraint, position) => {
    const handler = HANDLERS[constraint.id];
    const where = `FlatZinc constraint ${position + 1} (${constraint.id})`;
    if (handler === undefined) throw new TranslationError(`${where}: ${unsupportedReason(constraint.id)}`);
    try {
      handler(new Arguments(names, constraint.args));
    } catch (error) {
      if (error instanceof TranslationError || error instanceof RangeError) throw new TranslationError(`${where}: ${error.message}`);
      throw error;
    }
  });

  const proto = model.build();
  const { method, objective } = fzn.solve;
  if (method !== 'satisfy') {
    if (objective === undefined) throw new TranslationError(`solve ${method}: no objective`);
    const expression = new Arguments(names, [objective]).int(0);
    const sign = method === 'minimize' ? 1 : -1;
    proto.objective = {
      vars: expression.vars,
      coeffs: expression.coeffs.map((coeff) => sign * coeff),
      offset: sign * expression.offset,
      scalingFactor: sign,
    };
  }

  const search = readSearch(fzn.solve.ann ?? [], names);
  if (options.freeSearch !== true && search.strategies.length > 0) proto.searchStrategy = search.strategies;
  if (search.hint.vars!.length > 0) proto.solutionHint = search.hint;

  return {
    model: proto,
    objective: method === 'satisfy' ? null : method,
    outputs: Object.fromEntries(fzn.output.map((name) => [name, outputEntry(names, name)])),
    unbounded,
    ignoredAnnotations: search.ignored,
  };
}
