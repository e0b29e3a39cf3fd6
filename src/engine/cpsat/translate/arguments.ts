/**
 * FlatZinc names and arguments as CP-SAT terms: a variable's name becomes its index, an array's
 * name its elements, literals become constants. Every reader checks the argument's kind and
 * says which argument was wrong.
 */
import { isSetLiteral, type FznArgument, type FznArray, type FznLiteral } from '../flatzinc.ts';
import { constantLinear, TranslationError, variableLinear, type CpModelBuilder, type Linear, type Literal } from './builder.ts';
import * as D from './domain.ts';
import type { Domain } from './domain.ts';

export type ScalarKind = 'int' | 'bool';

/** The FlatZinc model's names, resolved to CP-SAT variables. */
export class Names {
  private readonly variables = new Map<string, { index: number; kind: ScalarKind }>();

  constructor(
    readonly model: CpModelBuilder,
    private readonly arrays: Record<string, FznArray>,
  ) {}

  declare(name: string, index: number, kind: ScalarKind): void {
    this.variables.set(name, { index, kind });
  }

  variable(name: string): { index: number; kind: ScalarKind } | undefined {
    return this.variables.get(name);
  }

  array(name: string): FznArray | undefined {
    return this.arrays[name];
  }

  hasArray(name: string): boolean {
    return Object.hasOwn(this.arrays, name);
  }
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The arguments of one constraint, read by position. */
export class Arguments {
  constructor(
    private readonly names: Names,
    private readonly args: readonly FznArgument[],
  ) {}

  get model(): CpModelBuilder {
    return this.names.model;
  }

  get length(): number {
    return this.args.length;
  }

  /** An integer expression (a Boolean counts as 0/1). */
  int(position: number): Linear {
    return this.intLiteral(this.scalar(position), position);
  }

  /** A literal of a Boolean argument. */
  bool(position: number): Literal {
    return this.boolLiteral(this.scalar(position), position);
  }

  ints(position: number): Linear[] {
    return this.array(position).map((element) => this.intLiteral(element, position));
  }

  bools(position: number): Literal[] {
    return this.array(position).map((element) => this.boolLiteral(element, position));
  }

  /** An integer parameter. */
  intConstant(position: number): number {
    return this.constantOf(this.scalar(position), position);
  }

  intConstants(position: number): number[] {
    return this.array(position).map((element) => this.constantOf(element, position));
  }

  boolConstants(position: number): boolean[] {
    return this.array(position).map((element) => {
      if (typeof element !== 'boolean') throw this.wrong(position, 'a Boolean parameter', element);
      return element;
    });
  }

  /** A constant set of integers. */
  set(position: number): Domain {
    const value = this.scalar(position);
    if (isSetLiteral(value)) return D.fromRanges(value.set.map(([lo, hi]) => [lo, hi] as const));
    if (typeof value === 'string' && this.names.variable(value) === undefined && !this.names.hasArray(value)) {
      throw new TranslationError(`argument ${position + 1}: set variables are not supported by the CP-SAT backend (${value})`);
    }
    throw this.wrong(position, 'a constant set', value);
  }

  private scalar(position: number): FznLiteral {
    const value = this.args[position];
    if (value === undefined) throw new TranslationError(`argument ${position + 1} is missing`);
    if (Array.isArray(value)) throw this.wrong(position, 'a single value', value);
    return value;
  }

  private array(position: number): FznLiteral[] {
    const value = this.args[position];
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') {
      const array = this.names.array(value);
      if (array !== undefined) return array.a;
    }
    throw this.wrong(position, 'an array', value);
  }

  private intLiteral(value: FznLiteral, position: number): Linear {
    if (typeof value === 'number') return constantLinear(this.constantOf(value, position));
    if (typeof value === 'boolean') return constantLinear(value ? 1 : 0);
    if (typeof value === 'string') return variableLinear(this.variableIndex(value, position));
    throw this.wrong(position, 'an integer', value);
  }

  private boolLiteral(value: FznLiteral, position: number): Literal {
    if (typeof value === 'boolean') return this.model.literalOf(value);
    if (typeof value === 'string') {
      const index = this.variableIndex(value, position);
      const domain = this.model.domain(index);
      if (D.min(domain) < 0 || D.max(domain) > 1) throw this.wrong(position, 'a Boolean', value);
      return index;
    }
    throw this.wrong(position, 'a Boolean', value);
  }

  private constantOf(value: FznLiteral, position: number): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw this.wrong(position, 'an integer parameter', value);
    return value;
  }

  private variableIndex(name: string, position: number): number {
    const variable = this.names.variable(name);
    if (variable === undefined) throw new TranslationError(`argument ${position + 1}: unknown variable ${name}`);
    return variable.index;
  }

  private wrong(position: number, expected: string, value: unknown): TranslationError {
    return new TranslationError(`argument ${position + 1}: expected ${expected}, found ${describe(value)}`);
  }
}
