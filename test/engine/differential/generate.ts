/**
 * The seeded generator of the differential suite: small models over integer variables with
 * negative domains, Booleans, non-zero divisors and element indices, mixing the constructs
 * issue 23 found solvers getting wrong (abs, div, mod, element, max, count, increasing,
 * disjunctive, reification, an objective) with those our models flatten to (linear and
 * reified linear constraints, set membership, alldifferent, cumulative, circuit with travel
 * times, inverse) and the guarded forms models/pdptw.mzn flattens to (a Boolean guarding a linear
 * equation, a disequality, an order or a membership, both ways or one way, and a constant Boolean
 * array indexed by a variable). Sizes stay small so every backend answers in well under a second.
 */
import { Random } from '../../../data-gen/random.ts';
import type { BoolExpr, Comparison, Constraint, IntExpr, IntVariable, Model } from './model.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

class Builder {
  readonly model: Model;
  /** The guards' choice of a constant side: a stream of its own, so the other draws (and models) stay as they were. */
  private readonly constants: Random;

  constructor(
    private readonly random: Random,
    label: string,
  ) {
    this.model = { label, ints: [], bools: [], arrays: [], tables: {}, constraints: [], objective: null };
    this.constants = random.fork('guard-sides');
  }

  /** A variable, or (from the constants' stream) a constant: `b -> x <= 2` flattens unlike `b -> x <= y`. */
  private sideOf(variable: IntExpr): IntExpr {
    return this.constants.chance(0.5) ? { k: 'const', value: this.constants.int(-6, 6) } : variable;
  }

  /** A domain within -8..8: a range, or a scattered set. */
  private domain(options: { nonZero?: boolean } = {}): number[] {
    const random = this.random;
    let values: number[];
    if (random.chance(0.5)) {
      const low = random.int(-8, 4);
      values = range(low, low + random.int(1, 8));
    } else {
      values = [...new Set(range(1, random.int(2, 6)).map(() => random.int(-8, 8)))].sort((a, b) => a - b);
    }
    if (options.nonZero) values = values.filter((value) => value !== 0);
    return values.length === 0 ? [random.pick([-3, -2, 2, 3])] : values;
  }

  private declare(prefix: string, domain: number[]): IntVariable {
    const variable = { name: `${prefix}${this.model.ints.length + 1}`, domain };
    this.model.ints.push(variable);
    return variable;
  }

  int(): IntExpr {
    const pool = this.model.ints.filter((variable) => variable.name.startsWith('x'));
    return { k: 'var', name: this.random.pick(pool).name };
  }

  bool(): BoolExpr {
    return { k: 'bvar', name: this.random.pick(this.model.bools) };
  }

  /** An integer expression, `depth` levels of functions at most. */
  expr(depth: number): IntExpr {
    const random = this.random;
    if (depth === 0 || random.chance(0.35)) return random.chance(0.85) ? this.int() : { k: 'const', value: random.int(-6, 6) };
    const kind = random.weighted([
      ['linear', 3],
      ['abs', 2],
      ['div', 2],
      ['mod', 2],
      ['times', 1],
      ['max', 2],
      ['min', 1],
      ['element', 2],
      ['bool2int', 1],
      ['count', 1],
    ] as const);
    const next = () => this.expr(depth - 1);
    switch (kind) {
      case 'linear':
        return { k: 'linear', terms: range(1, random.int(1, 3)).map(() => [random.pick([-3, -2, -1, 1, 2, 3]), next()] as [number, IntExpr]), constant: random.int(-4, 4) };
      case 'abs':
        return { k: 'abs', of: next() };
      case 'div':
      case 'mod':
        return { k: kind, left: next(), divisor: random.chance(0.7) ? { k: 'var', name: this.declare('d', this.domain({ nonZero: true })).name } : { k: 'const', value: random.pick([-3, -2, 2, 3, 4]) } };
      case 'times':
        return { k: 'times', left: next(), right: next() };
      case 'max':
      case 'min':
        return { k: kind, of: range(1, random.int(2, 3)).map(next) };
      case 'element': {
        const items = range(1, random.int(2, 4)).map(next);
        return { k: 'element', items, index: { k: 'var', name: this.declare('i', range(1, items.length)).name } };
      }
      case 'bool2int':
        return { k: 'bool2int', of: this.condition(depth - 1) };
      case 'count':
        return { k: 'count', of: range(1, random.int(2, 4)).map(next), value: next() };
    }
  }

  condition(depth: number): BoolExpr {
    const random = this.random;
    if (depth === 0 || random.chance(0.3)) {
      if (random.chance(0.3)) return this.bool();
      if (random.chance(0.2)) return { k: 'in', of: this.expr(0), set: [...new Set(range(1, random.int(1, 4)).map(() => random.int(-6, 6)))].sort((a, b) => a - b) };
      return { k: 'compare', op: random.pick<Comparison>(['=', '!=', '<', '<=']), left: this.expr(Math.max(0, depth - 1)), right: this.expr(Math.max(0, depth - 1)) };
    }
    const kind = random.pick(['and', 'or', 'xor', 'iff', 'implies', 'not', 'compare'] as const);
    if (kind === 'not') return { k: 'not', of: this.condition(depth - 1) };
    if (kind === 'compare') return { k: 'compare', op: random.pick<Comparison>(['=', '!=', '<', '<=']), left: this.expr(depth), right: this.expr(depth - 1) };
    return { k: kind, left: this.condition(depth - 1), right: this.condition(depth - 1) };
  }

  /**
   * A Boolean guarding a comparison, as models/pdptw.mzn states its routes (`route[i] = k ->
   * ...`, `b <-> x in S`): a linear equation, a disequality, an order or a membership in a
   * scattered set, reified (<->) or half-reified (->); or a constant Boolean array indexed by a variable.
   */
  guard(): Constraint {
    const random = this.random;
    const kind = random.pick(['equation', 'differ', 'order', 'member', 'pick'] as const);
    if (kind === 'pick') {
      const items = range(1, random.int(2, 5)).map(() => random.chance(0.5));
      const index = { k: 'var', name: this.declare('i', range(1, items.length)).name } as const;
      return { k: 'holds', expr: { k: random.pick(['iff', 'implies', 'or'] as const), left: this.condition(0), right: { k: 'pick', items, index } } };
    }
    let guarded: BoolExpr;
    if (kind === 'equation') {
      const terms = range(1, random.int(2, 3)).map(() => [random.pick([-3, -2, -1, 1, 2, 3]), this.int()] as [number, IntExpr]);
      guarded = { k: 'compare', op: '=', left: { k: 'linear', terms, constant: 0 }, right: { k: 'const', value: random.int(-6, 6) } };
    } else if (kind === 'member') {
      guarded = { k: 'in', of: this.int(), set: [...new Set(range(1, random.int(2, 4)).map(() => random.int(-8, 8)))].sort((a, b) => a - b) };
    } else {
      guarded = { k: 'compare', op: kind === 'differ' ? '!=' : '<=', left: this.int(), right: this.sideOf(this.int()) };
    }
    // the guard itself: a Boolean, or a variable equal to a constant (`route[i] = k -> ...`)
    // (drawn in the order of the main stream before the constants existed: the connective, then the Boolean)
    const connective = random.pick(['iff', 'implies'] as const);
    const bool = this.bool();
    const guard: BoolExpr = this.constants.chance(0.4) ? { k: 'compare', op: '=', left: { k: 'var', name: this.constants.pick(this.model.ints.filter((v) => v.name.startsWith('x'))).name }, right: { k: 'const', value: this.constants.int(-4, 4) } } : bool;
    return { k: 'holds', expr: { k: connective, left: guard, right: guarded } };
  }

  /** A linear inequality over several variables whose bound cuts deep (often making the model unsatisfiable). */
  tightLinear(): Constraint {
    const random = this.random;
    const terms = this.model.ints.filter((variable) => variable.name.startsWith('x')).map((variable) => [random.pick([-4, -3, -1, 1, 2, 3, 4]), { k: 'var', name: variable.name }] as [number, IntExpr]);
    for (const name of this.model.bools) if (random.chance(0.5)) terms.push([random.pick([-3, -1, 2]), { k: 'bool2int', of: { k: 'bvar', name } }]);
    const reach = terms.reduce((sum, [coefficient]) => sum + Math.abs(coefficient) * 6, 0);
    const expr: IntExpr = { k: 'linear', terms, constant: 0 };
    const bound: IntExpr = { k: 'const', value: -Math.round(reach * random.between(0, 0.6)) };
    const inequality: BoolExpr = { k: 'compare', op: '<=', left: expr, right: bound };
    return random.chance(0.3) ? { k: 'holds', expr: { k: 'iff', left: this.bool(), right: inequality } } : { k: 'holds', expr: inequality };
  }

  scheduling(kind: 'disjunctive' | 'cumulative'): Constraint {
    const random = this.random;
    const count = random.int(2, 4);
    const low = random.int(-3, 0);
    const horizon = random.int(6, 12);
    const starts = range(1, count).map(() => this.declare('s', range(low, low + horizon)).name);
    const durations = starts.map(() => random.int(1, 4));
    if (kind === 'disjunctive') return { k: 'disjunctive', tasks: { starts, durations } };
    const resources = starts.map(() => random.int(1, 3));
    return { k: 'cumulative', tasks: { starts, durations }, resources, capacity: random.int(Math.max(...resources), 4) };
  }

  /** A tour over n places with times: circuit(succ), travel times from a random matrix, place 1 at time 0. */
  routing(): void {
    const random = this.random;
    const n = random.int(3, 5);
    const horizon = random.int(6, 16);
    this.model.arrays.push({ name: 'succ', length: n, domain: range(1, n) }, { name: 'arrival', length: n, domain: range(0, horizon) });
    this.model.tables.dist = range(1, n).map((i) => range(1, n).map((j) => (i === j ? 0 : random.int(1, 5))));
    this.model.constraints.push({ k: 'circuit', array: 'succ' }, { k: 'travel', succ: 'succ', time: 'arrival', dist: 'dist' });
    this.model.constraints.push({ k: 'holds', expr: { k: 'compare', op: '=', left: { k: 'at', array: 'arrival', index: { k: 'const', value: 1 } }, right: { k: 'const', value: 0 } } });
    if (random.chance(0.5)) this.model.constraints.push({ k: 'holds', expr: { k: 'compare', op: '<=', left: { k: 'at', array: 'arrival', index: this.int() }, right: this.expr(1) } });
  }

  inverse(): void {
    const n = this.random.int(2, 4);
    this.model.arrays.push({ name: 'f', length: n, domain: range(1, n) }, { name: 'g', length: n, domain: range(1, n) });
    this.model.constraints.push({ k: 'inverse', f: 'f', g: 'g' });
    this.model.constraints.push({ k: 'holds', expr: { k: 'compare', op: this.random.pick<Comparison>(['=', '!=', '<=']), left: { k: 'at', array: 'f', index: { k: 'const', value: 1 } }, right: this.int() } });
  }

  build(): Model {
    const random = this.random;
    for (const _ of range(1, random.int(3, 5))) this.declare('x', this.domain());
    for (const i of range(1, random.int(1, 3))) this.model.bools.push(`b${i}`);
    const constraints = this.model.constraints;
    for (const _ of range(1, random.int(2, 5))) {
      const kind = random.weighted([
        ['reified', 4],
        ['guard', 3],
        ['equation', 2],
        ['alldifferent', 1],
        ['increasing', 1],
        ['disjunctive', 1],
        ['cumulative', 1],
      ] as const);
      if (kind === 'reified') constraints.push({ k: 'holds', expr: random.chance(0.5) ? { k: 'iff', left: this.bool(), right: this.condition(2) } : this.condition(2) });
      if (kind === 'guard') constraints.push(this.guard());
      if (kind === 'equation') constraints.push({ k: 'holds', expr: { k: 'compare', op: random.pick<Comparison>(['=', '<=', '<=', '!=']), left: this.int(), right: this.expr(2) } });
      if (kind === 'alldifferent' || kind === 'increasing') constraints.push({ k: kind, of: range(1, random.int(2, 4)).map(() => this.expr(random.chance(0.7) ? 0 : 1)) });
      if (kind === 'disjunctive' || kind === 'cumulative') constraints.push(this.scheduling(kind));
    }
    if (random.chance(0.15)) this.routing();
    if (random.chance(0.1)) this.inverse();
    if (random.chance(0.4)) constraints.push(this.tightLinear());
    if (random.chance(0.5)) {
      const expr = this.model.tables.dist !== undefined && random.chance(0.7) ? this.tourLength() : this.expr(1);
      this.model.objective = { sense: random.chance(0.6) ? 'minimize' : 'maximize', expr: { k: 'linear', terms: [[1, expr], ...this.model.ints.slice(0, 2).map((variable) => [random.int(-2, 2) || 1, { k: 'var', name: variable.name }] as [number, IntExpr])], constant: 0 } };
    }
    return this.model;
  }

  private tourLength(): IntExpr {
    const n = this.model.tables.dist!.length;
    return { k: 'linear', terms: range(1, n).map((i) => [1, { k: 'table', table: 'dist', row: { k: 'const', value: i }, column: { k: 'at', array: 'succ', index: { k: 'const', value: i } } }] as [number, IntExpr]), constant: 0 };
  }
}

/** Model number `index` of the suite seeded with `seed`: the same pair always gives the same model. */
export function generateModel(seed: number, index: number): Model {
  const label = `seed ${seed}, model ${index}`;
  return new Builder(Random.fromSeed(seed).fork(`model-${index}`), label).build();
}
