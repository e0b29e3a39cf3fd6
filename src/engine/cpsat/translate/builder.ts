/**
 * Builds a CP-SAT model (the CpModelProto of or-tools-wasm) from integer variables, literals and
 * linear expressions, with the bookkeeping every FlatZinc builtin needs: cached constants,
 * exact bounds of linear sums, and constraints posted under enforcement literals.
 */
import type { ConstraintProto, CpModelProto, IntegerVariableProto, LinearExpressionProto } from 'or-tools-wasm/cp-sat';
import * as D from './domain.ts';
import type { Domain } from './domain.ts';

/** A CP-SAT literal: a 0..1 variable's index, or -index-1 for its negation. */
export type Literal = number;

/** sum(coeffs[i] * vars[i]) + offset, over variable indices. */
export interface Linear {
  vars: number[];
  coeffs: number[];
  offset: number;
}

/** A constraint this backend cannot state exactly; the solve becomes an ERROR naming it. */
export class TranslationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranslationError';
  }
}

export function negate(literal: Literal): Literal {
  return -literal - 1;
}

export function constantLinear(value: number): Linear {
  return { vars: [], coeffs: [], offset: value };
}

export function variableLinear(index: number): Linear {
  return { vars: [index], coeffs: [1], offset: 0 };
}

/** a*x + b*y + ... + c for linears x, y, ... */
export function combine(parts: readonly (readonly [number, Linear])[], offset = 0): Linear {
  const out: Linear = { vars: [], coeffs: [], offset };
  for (const [factor, part] of parts) {
    part.vars.forEach((index, i) => {
      out.vars.push(index);
      out.coeffs.push(factor * part.coeffs[i]!);
    });
    out.offset += factor * part.offset;
  }
  return out;
}

export function scale(expression: Linear, factor: number): Linear {
  return combine([[factor, expression]]);
}

function checkedSafe(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new TranslationError(`${what} exceeds the integers this backend computes exactly (|value| < 2^53)`);
  return value;
}

export class CpModelBuilder {
  private readonly variables: IntegerVariableProto[] = [];
  private readonly domains: Domain[] = [];
  private readonly constraints: ConstraintProto[] = [];
  private readonly constants = new Map<number, number>();
  private readonly equalities = new Map<string, Literal>();

  get variableCount(): number {
    return this.variables.length;
  }

  get constraintCount(): number {
    return this.constraints.length;
  }

  /** A new variable; an empty domain makes the model infeasible (CP-SAT rejects empty domains). */
  newVar(domain: Domain, name?: string): number {
    const index = this.variables.length;
    const usable = D.isEmpty(domain) ? D.singleton(0) : domain;
    this.variables.push(name === undefined ? { domain: [...usable] } : { name, domain: [...usable] });
    this.domains.push(usable);
    if (D.isEmpty(domain)) this.postFalse([]);
    return index;
  }

  newBool(name?: string): Literal {
    return this.newVar(D.interval(0, 1), name);
  }

  constant(value: number): number {
    let index = this.constants.get(value);
    if (index === undefined) {
      index = this.newVar(D.singleton(checkedSafe(value, 'a constant')));
      this.constants.set(value, index);
    }
    return index;
  }

  literalOf(value: boolean): Literal {
    return this.constant(value ? 1 : 0);
  }

  domain(index: number): Domain {
    return this.domains[index]!;
  }

  /** The fixed truth value of a literal, if its variable is fixed. */
  fixedLiteral(literal: Literal): boolean | undefined {
    const domain = this.domains[literal >= 0 ? literal : negate(literal)]!;
    if (D.min(domain) !== D.max(domain)) return undefined;
    return (D.min(domain) === 1) === literal >= 0;
  }

  /** The literal as a 0..1 linear expression (1 - x for a negated x). */
  literalLinear(literal: Literal): Linear {
    return literal >= 0 ? variableLinear(literal) : { vars: [negate(literal)], coeffs: [-1], offset: 1 };
  }

  /** Exact bounds of a linear expression over the variables' domains. */
  bounds(expression: Linear): [number, number] {
    let lo = expression.offset;
    let hi = expression.offset;
    expression.vars.forEach((index, i) => {
      const coeff = expression.coeffs[i]!;
      const domain = this.domains[index]!;
      const a = coeff * D.min(domain);
      const b = coeff * D.max(domain);
      lo += Math.min(a, b);
      hi += Math.max(a, b);
    });
    return [checkedSafe(lo, 'a bound of a linear expression'), checkedSafe(hi, 'a bound of a linear expression')];
  }

  /** The values the expression can take: exact for an affine expression of one variable, else its bounds. */
  valuesOf(expression: Linear): Domain {
    const merged = this.normalize(expression);
    if (merged.vars.length === 0) return D.singleton(merged.offset);
    if (merged.vars.length === 1) {
      const coeff = merged.coeffs[0]!;
      const domain = this.domains[merged.vars[0]!]!;
      if (coeff === 1 || coeff === -1) return D.shift(coeff === 1 ? domain : D.negate(domain), merged.offset);
    }
    const [lo, hi] = this.bounds(merged);
    return D.interval(lo, hi);
  }

  /** The constant value of an expression, if it has one. */
  fixedValue(expression: Linear): number | undefined {
    const [lo, hi] = this.bounds(expression);
    return lo === hi ? lo : undefined;
  }

  /** A variable equal to the expression: the expression's own variable when it is one. */
  variableFor(expression: Linear, domain: Domain = this.valuesOf(expression)): number {
    const merged = this.normalize(expression);
    if (merged.vars.length === 1 && merged.coeffs[0] === 1 && merged.offset === 0 && D.size(D.intersect(this.domains[merged.vars[0]!]!, domain)) === D.size(this.domains[merged.vars[0]!]!)) {
      return merged.vars[0]!;
    }
    const fixed = this.fixedValue(merged);
    if (fixed !== undefined && D.contains(domain, fixed)) return this.constant(fixed);
    const index = this.newVar(D.intersect(domain, this.valuesOf(merged)));
    this.linearIn(combine([[1, merged], [-1, variableLinear(index)]]), D.singleton(0), []);
    return index;
  }

  /** A literal that holds exactly when the expression equals the value (shared by every caller). */
  equalityLiteral(expression: Linear, value: number): Literal {
    const merged = this.normalize(expression);
    const fixed = this.fixedValue(merged);
    if (fixed !== undefined) return this.literalOf(fixed === value);
    if (!D.contains(this.valuesOf(merged), value)) return this.literalOf(false);
    const key = `${merged.vars.join(',')}|${merged.coeffs.join(',')}|${merged.offset}|${value}`;
    let literal = this.equalities.get(key);
    if (literal === undefined) {
      literal = this.newBool();
      this.linearIn(merged, D.singleton(value), [literal]);
      this.linearIn(merged, D.complementWithin(D.singleton(value), ...this.bounds(merged)), [negate(literal)]);
      this.equalities.set(key, literal);
    }
    return literal;
  }

  /**
   * Posts a constraint under enforcement literals (all true => constraint holds). Literals
   * fixed true are dropped; one fixed false makes the constraint vacuous.
   */
  add(constraint: ConstraintProto, enforcement: readonly Literal[]): void {
    const live = this.liveEnforcement(enforcement);
    if (live === null) return;
    this.constraints.push(live.length === 0 ? constraint : { enforcementLiteral: live, ...constraint });
  }

  /** Posts `expression in domain`, exactly, clipped to the expression's bounds. */
  linearIn(expression: Linear, domain: Domain, enforcement: readonly Literal[]): void {
    const merged = this.normalize(expression);
    const [lo, hi] = this.bounds(merged);
    const allowed = D.intersect(domain, D.interval(lo, hi));
    if (D.isEmpty(allowed)) return this.postFalse(enforcement);
    if (D.min(allowed) === lo && D.max(allowed) === hi && D.size(allowed) === hi - lo + 1) return;
    this.add({ linear: { vars: merged.vars, coeffs: merged.coeffs, domain: [...D.shift(allowed, -merged.offset)] } }, enforcement);
  }

  /** Makes the enforcement impossible: at least one of its literals is false. */
  postFalse(enforcement: readonly Literal[]): void {
    const live = this.liveEnforcement(enforcement);
    if (live === null) return;
    this.constraints.push({ boolOr: { literals: live.map(negate) } });
  }

  /** A linear expression in CP-SAT's form (after merging repeated variables). */
  proto(expression: Linear): LinearExpressionProto {
    const merged = this.normalize(expression);
    return { vars: merged.vars, coeffs: merged.coeffs, offset: merged.offset };
  }

  build(): CpModelProto {
    return { variables: this.variables, constraints: this.constraints };
  }

  private liveEnforcement(enforcement: readonly Literal[]): Literal[] | null {
    const live: Literal[] = [];
    for (const literal of enforcement) {
      const fixed = this.fixedLiteral(literal);
      if (fixed === false) return null;
      if (fixed === undefined && !live.includes(literal)) live.push(literal);
    }
    return live;
  }

  /** Merges repeated variables and drops zero coefficients and fixed variables (into the offset). */
  private normalize(expression: Linear): Linear {
    const coeffs = new Map<number, number>();
    let offset = expression.offset;
    expression.vars.forEach((index, i) => {
      const domain = this.domains[index]!;
      const coeff = expression.coeffs[i]!;
      if (D.min(domain) === D.max(domain)) offset += coeff * D.min(domain);
      else coeffs.set(index, (coeffs.get(index) ?? 0) + coeff);
    });
    const out: Linear = { vars: [], coeffs: [], offset: checkedSafe(offset, 'a constant term') };
    for (const [index, coeff] of coeffs) {
      if (coeff === 0) continue;
      out.vars.push(index);
      out.coeffs.push(checkedSafe(coeff, 'a coefficient'));
    }
    return out;
  }
}
