/** A differential-suite model (model.ts) as MiniZinc text. */
import type { BoolExpr, Constraint, IntExpr, Model } from './model.ts';

const number = (value: number) => (value < 0 ? `(${value})` : String(value));
const list = (items: string[]) => `[${items.join(', ')}]`;

function domain(values: number[]): string {
  const contiguous = values.every((value, index) => index === 0 || value === values[index - 1]! + 1);
  return contiguous ? `${values[0]}..${values[values.length - 1]}` : `{${values.join(',')}}`;
}

export function printInt(expr: IntExpr): string {
  switch (expr.k) {
    case 'const':
      return number(expr.value);
    case 'var':
      return expr.name;
    case 'at':
      return `${expr.array}[${printInt(expr.index)}]`;
    case 'linear':
      return `(${[...expr.terms.map(([coefficient, term]) => `${number(coefficient)} * ${printInt(term)}`), number(expr.constant)].join(' + ')})`;
    case 'abs':
      return `abs(${printInt(expr.of)})`;
    case 'div':
    case 'mod':
      return `(${printInt(expr.left)} ${expr.k} ${printInt(expr.divisor)})`;
    case 'times':
      return `(${printInt(expr.left)} * ${printInt(expr.right)})`;
    case 'max':
    case 'min':
      return `${expr.k}(${list(expr.of.map(printInt))})`;
    case 'element':
      return `${list(expr.items.map(printInt))}[${printInt(expr.index)}]`;
    case 'table':
      return `${expr.table}[${printInt(expr.row)}, ${printInt(expr.column)}]`;
    case 'bool2int':
      return `bool2int(${printBool(expr.of)})`;
    case 'count':
      return `count(${list(expr.of.map(printInt))}, ${printInt(expr.value)})`;
  }
}

const CONNECTIVES = { and: '/\\', or: '\\/', xor: 'xor', iff: '<->', implies: '->' } as const;

export function printBool(expr: BoolExpr): string {
  switch (expr.k) {
    case 'bvar':
      return expr.name;
    case 'compare':
      return `(${printInt(expr.left)} ${expr.op} ${printInt(expr.right)})`;
    case 'in':
      return `(${printInt(expr.of)} in {${expr.set.join(',')}})`;
    case 'pick':
      return `${list(expr.items.map(String))}[${printInt(expr.index)}]`;
    case 'not':
      return `(not ${printBool(expr.of)})`;
    default:
      return `(${printBool(expr.left)} ${CONNECTIVES[expr.k]} ${printBool(expr.right)})`;
  }
}

export function printConstraint(constraint: Constraint): string {
  switch (constraint.k) {
    case 'holds':
      return printBool(constraint.expr);
    case 'alldifferent':
    case 'increasing':
      return `${constraint.k}(${list(constraint.of.map(printInt))})`;
    case 'disjunctive':
      return `disjunctive(${list(constraint.tasks.starts)}, ${list(constraint.tasks.durations.map(String))})`;
    case 'cumulative':
      return `cumulative(${list(constraint.tasks.starts)}, ${list(constraint.tasks.durations.map(String))}, ${list(constraint.resources.map(String))}, ${constraint.capacity})`;
    case 'circuit':
      return `circuit(${constraint.array})`;
    case 'inverse':
      return `inverse(${constraint.f}, ${constraint.g})`;
    case 'travel':
      return `forall(i in index_set(${constraint.succ}))(${constraint.succ}[i] = 1 \\/ ${constraint.time}[${constraint.succ}[i]] >= ${constraint.time}[i] + ${constraint.dist}[i, ${constraint.succ}[i]])`;
  }
}

/** The globals a model calls, each included on its own (Debian's MiniZinc 2.6.4 fails on `globals.mzn` as a whole). */
function includes(model: Model, text: string): string[] {
  const globals = new Set<string>(model.constraints.flatMap((constraint) => (['alldifferent', 'increasing', 'disjunctive', 'cumulative', 'circuit', 'inverse'].includes(constraint.k) ? [constraint.k] : [])));
  if (text.includes('count(')) globals.add('count');
  return [...globals].sort().map((name) => `include "${name}.mzn";`);
}

export function printModel(model: Model): string {
  const body = [...model.constraints.map(printConstraint), model.objective === null ? '' : printInt(model.objective.expr)].join('\n');
  const lines = [`% differential suite: ${model.label}`, ...includes(model, body)];
  for (const [name, rows] of Object.entries(model.tables)) {
    lines.push(`array[1..${rows.length}, 1..${rows[0]!.length}] of int: ${name} = [|${rows.map((row) => row.join(', ')).join(' | ')}|];`);
  }
  for (const variable of model.ints) lines.push(`var ${domain(variable.domain)}: ${variable.name};`);
  for (const name of model.bools) lines.push(`var bool: ${name};`);
  for (const array of model.arrays) lines.push(`array[1..${array.length}] of var ${domain(array.domain)}: ${array.name};`);
  for (const constraint of model.constraints) lines.push(`constraint ${printConstraint(constraint)};`);
  lines.push(model.objective === null ? 'solve satisfy;' : `solve ${model.objective.sense} ${printInt(model.objective.expr)};`);
  return `${lines.join('\n')}\n`;
}
