/**
 * Checks a solution against a differential-suite model in TypeScript, with MiniZinc's
 * semantics (`div` truncates towards zero, `mod` takes the dividend's sign), so no solver is
 * trusted to say its own solution is one.
 */
import type { BoolExpr, Constraint, IntExpr, Model } from './model.ts';
import { printConstraint } from './print.ts';

export type Assignment = Record<string, unknown>;

class Evaluator {
  constructor(
    private readonly model: Model,
    private readonly values: Assignment,
  ) {}

  scalar(name: string): number {
    const value = this.values[name];
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value !== 'number') throw new Error(`no value for ${name}`);
    return value;
  }

  element(array: string, index: number): number {
    const values = this.values[array];
    if (!Array.isArray(values) || typeof values[index - 1] !== 'number') throw new Error(`no value for ${array}[${index}]`);
    return values[index - 1] as number;
  }

  int(expr: IntExpr): number {
    switch (expr.k) {
      case 'const':
        return expr.value;
      case 'var':
        return this.scalar(expr.name);
      case 'at':
        return this.element(expr.array, this.int(expr.index));
      case 'linear':
        return expr.terms.reduce((sum, [coefficient, term]) => sum + coefficient * this.int(term), expr.constant);
      case 'abs':
        return Math.abs(this.int(expr.of));
      case 'div':
        return Math.trunc(this.int(expr.left) / this.int(expr.divisor));
      case 'mod':
        // JavaScript's % takes the dividend's sign, as MiniZinc's mod does.
        return this.int(expr.left) % this.int(expr.divisor);
      case 'times':
        return this.int(expr.left) * this.int(expr.right);
      case 'max':
        return Math.max(...expr.of.map((item) => this.int(item)));
      case 'min':
        return Math.min(...expr.of.map((item) => this.int(item)));
      case 'element':
        return this.int(expr.items[this.int(expr.index) - 1]!);
      case 'table':
        return this.model.tables[expr.table]![this.int(expr.row) - 1]![this.int(expr.column) - 1]!;
      case 'bool2int':
        return this.bool(expr.of) ? 1 : 0;
      case 'count': {
        const value = this.int(expr.value);
        return expr.of.filter((item) => this.int(item) === value).length;
      }
    }
  }

  bool(expr: BoolExpr): boolean {
    switch (expr.k) {
      case 'bvar':
        return this.scalar(expr.name) === 1;
      case 'compare': {
        const [left, right] = [this.int(expr.left), this.int(expr.right)];
        return { '=': left === right, '!=': left !== right, '<': left < right, '<=': left <= right }[expr.op];
      }
      case 'in':
        return expr.set.includes(this.int(expr.of));
      case 'pick':
        return expr.items[this.int(expr.index) - 1]!;
      case 'not':
        return !this.bool(expr.of);
      case 'and':
        return this.bool(expr.left) && this.bool(expr.right);
      case 'or':
        return this.bool(expr.left) || this.bool(expr.right);
      case 'xor':
        return this.bool(expr.left) !== this.bool(expr.right);
      case 'iff':
        return this.bool(expr.left) === this.bool(expr.right);
      case 'implies':
        return !this.bool(expr.left) || this.bool(expr.right);
    }
  }

  holds(constraint: Constraint): boolean {
    switch (constraint.k) {
      case 'holds':
        return this.bool(constraint.expr);
      case 'alldifferent': {
        const values = constraint.of.map((item) => this.int(item));
        return new Set(values).size === values.length;
      }
      case 'increasing': {
        const values = constraint.of.map((item) => this.int(item));
        return values.every((value, index) => index === 0 || values[index - 1]! <= value);
      }
      case 'disjunctive': {
        const { starts, durations } = constraint.tasks;
        const s = starts.map((name) => this.scalar(name));
        return s.every((a, i) => s.every((b, j) => j <= i || a + durations[i]! <= b || b + durations[j]! <= a));
      }
      case 'cumulative': {
        const { starts, durations } = constraint.tasks;
        const s = starts.map((name) => this.scalar(name));
        return s.every((at) => s.reduce((load, start, j) => load + (start <= at && at < start + durations[j]! ? constraint.resources[j]! : 0), 0) <= constraint.capacity);
      }
      case 'circuit': {
        const succ = this.values[constraint.array] as number[];
        const seen = new Set<number>();
        let node = 1;
        for (let step = 0; step < succ.length; step += 1) {
          seen.add(node);
          node = succ[node - 1]!;
        }
        return node === 1 && seen.size === succ.length;
      }
      case 'inverse': {
        const [f, g] = [this.values[constraint.f] as number[], this.values[constraint.g] as number[]];
        return f.every((j, i) => g[j - 1] === i + 1) && g.every((i, j) => f[i - 1] === j + 1);
      }
      case 'travel': {
        const succ = this.values[constraint.succ] as number[];
        const time = this.values[constraint.time] as number[];
        const dist = this.model.tables[constraint.dist]!;
        return succ.every((next, i) => next === 1 || time[next - 1]! >= time[i]! + dist[i]![next - 1]!);
      }
    }
  }
}

function inDomain(model: Model, values: Assignment): string | null {
  for (const variable of model.ints) if (!variable.domain.includes(values[variable.name] as number)) return `${variable.name} = ${String(values[variable.name])} is outside its domain`;
  for (const name of model.bools) if (typeof values[name] !== 'boolean') return `${name} = ${String(values[name])} is not a Boolean`;
  for (const array of model.arrays) {
    const items = values[array.name];
    if (!Array.isArray(items) || items.length !== array.length || items.some((item) => !array.domain.includes(item as number))) return `${array.name} = ${JSON.stringify(items)} is outside its domain`;
  }
  return null;
}

/** Why the solution is not one (the first violated constraint, printed), or null when it is. */
export function violation(model: Model, values: Assignment): string | null {
  const outside = inDomain(model, values);
  if (outside !== null) return outside;
  const evaluator = new Evaluator(model, values);
  for (const constraint of model.constraints) {
    try {
      if (!evaluator.holds(constraint)) return `violates ${printConstraint(constraint)}`;
    } catch (error) {
      return `cannot evaluate ${printConstraint(constraint)}: ${(error as Error).message}`;
    }
  }
  return null;
}

/** The objective's value under a solution. */
export function objectiveValue(model: Model, values: Assignment): number | null {
  return model.objective === null ? null : new Evaluator(model, values).int(model.objective.expr);
}
