/**
 * The FlatZinc -> CP-SAT translator, builtin family by builtin family: every solution CP-SAT
 * enumerates for a tiny model equals the assignments that satisfy the builtin as
 * flatzinc_builtins.mzn defines it (checked by brute force).
 */
import { expect } from 'chai';
import { translate, TranslationError } from '../../../src/engine/cpsat/translate/index.ts';
import { bruteForce, cpSatSolutions, flatzinc, truncDiv, truncMod, type ConstraintSpec, type VariableSpec } from './support.ts';

async function expectSolutions(variables: Record<string, VariableSpec>, constraints: ConstraintSpec[], holds: (v: Record<string, number>) => boolean, arrays = {}): Promise<void> {
  const expected = bruteForce(variables, holds);
  const found = await cpSatSolutions(flatzinc(variables, constraints, arrays));
  expect(found).to.deep.equal(expected);
}

const XYZ = { x: [-7, 7], y: [-3, 3], z: [-8, 8] } as const;
const XYR = { x: [-2, 2], y: [-2, 2], r: 'bool' } as const;

describe('engine: CP-SAT translator', function () {
  this.timeout(60_000);

  describe('integer arithmetic', () => {
    it('int_div truncates towards zero and has no solution for a zero divisor', () =>
      expectSolutions(XYZ, [['int_div', ['x', 'y', 'z']]], ({ x, y, z }) => y !== 0 && z === truncDiv(x!, y!)));
    it('int_mod takes the sign of the dividend, for negative divisors too', () =>
      expectSolutions(XYZ, [['int_mod', ['x', 'y', 'z']]], ({ x, y, z }) => y !== 0 && z === truncMod(x!, y!)));
    it('int_times, int_plus', async () => {
      await expectSolutions({ x: [-3, 3], y: [-3, 3], z: [-9, 9] }, [['int_times', ['x', 'y', 'z']]], ({ x, y, z }) => z === x! * y!);
      await expectSolutions({ x: [-3, 3], y: [-3, 3], z: [-2, 2] }, [['int_plus', ['x', 'y', 'z']]], ({ x, y, z }) => z === x! + y!);
    });
    it('int_abs, int_min, int_max', async () => {
      await expectSolutions({ x: [-4, 3], z: [-4, 4] }, [['int_abs', ['x', 'z']]], ({ x, z }) => z === Math.abs(x!));
      await expectSolutions({ x: [-2, 2], y: [-2, 2], z: [-2, 2] }, [['int_min', ['x', 'y', 'z']]], ({ x, y, z }) => z === Math.min(x!, y!));
      await expectSolutions({ x: [-2, 2], y: [-2, 2], z: [-2, 2] }, [['int_max', ['x', 'y', 'z']]], ({ x, y, z }) => z === Math.max(x!, y!));
    });
    it('array_int_maximum and array_int_minimum', async () => {
      const v = { m: [-3, 3], a: [-2, 2], b: [-2, 2] } as const;
      await expectSolutions(v, [['array_int_maximum', ['m', ['a', 'b', 1]]]], ({ m, a, b }) => m === Math.max(a!, b!, 1));
      await expectSolutions(v, [['array_int_minimum', ['m', ['a', 'b', 1]]]], ({ m, a, b }) => m === Math.min(a!, b!, 1));
    });
    it('int_pow for non-negative exponents', () =>
      expectSolutions({ x: [-2, 3], y: [0, 3], z: [-10, 30] }, [['int_pow', ['x', 'y', 'z']]], ({ x, y, z }) => z === x! ** y!));
  });

  describe('relations, reified and half-reified', () => {
    it('int_le, int_lt, int_eq, int_ne and their _reif forms (r <-> c)', async () => {
      await expectSolutions(XYR, [['int_le_reif', ['x', 'y', 'r']]], ({ x, y, r }) => (r === 1) === x! <= y!);
      await expectSolutions(XYR, [['int_lt_reif', ['x', 'y', 'r']]], ({ x, y, r }) => (r === 1) === x! < y!);
      await expectSolutions(XYR, [['int_eq_reif', ['x', 'y', 'r']]], ({ x, y, r }) => (r === 1) === (x === y));
      await expectSolutions(XYR, [['int_ne_reif', ['x', 'y', 'r']]], ({ x, y, r }) => (r === 1) === (x !== y));
      await expectSolutions({ x: [-2, 2], y: [-2, 2] }, [['int_lt', ['x', 'y']]], ({ x, y }) => x! < y!);
    });
    it('the _imp forms only constrain when their literal holds (r -> c)', async () => {
      await expectSolutions(XYR, [['int_le_imp', ['x', 'y', 'r']]], ({ x, y, r }) => r === 0 || x! <= y!);
      await expectSolutions(XYR, [['int_ne_imp', ['x', 'y', 'r']]], ({ x, y, r }) => r === 0 || x !== y);
      await expectSolutions(XYR, [['int_lin_eq_imp', [[2, -1], ['x', 'y'], 1, 'r']]], ({ x, y, r }) => r === 0 || 2 * x! - y! === 1);
    });
    it('int_lin_eq, int_lin_le, int_lin_ne with constants among the terms, plain and reified', async () => {
      await expectSolutions({ x: [-3, 3], y: [-3, 3] }, [['int_lin_eq', [[2, 3, 1], ['x', 'y', 4], 5]]], ({ x, y }) => 2 * x! + 3 * y! + 4 === 5);
      await expectSolutions({ x: [-3, 3], y: [-3, 3] }, [['int_lin_le', [[2, -3], ['x', 'y'], -1]]], ({ x, y }) => 2 * x! - 3 * y! <= -1);
      await expectSolutions({ x: [-2, 2], y: [-2, 2] }, [['int_lin_ne', [[1, 1], ['x', 'y'], 0]]], ({ x, y }) => x! + y! !== 0);
      await expectSolutions(XYR, [['int_lin_le_reif', [[1, 2], ['x', 'y'], 1, 'r']]], ({ x, y, r }) => (r === 1) === x! + 2 * y! <= 1);
      await expectSolutions(XYR, [['int_lin_ne_reif', [[1, -1], ['x', 'y'], 1, 'r']]], ({ x, y, r }) => (r === 1) === (x! - y! !== 1));
    });
    it('set_in over a constant set with holes, plain, reified and half-reified', async () => {
      const set = { set: [[-1, 0], [2, 2]] as [number, number][] };
      const inSet = (x: number) => x === -1 || x === 0 || x === 2;
      await expectSolutions({ x: [-3, 3] }, [['set_in', ['x', set]]], ({ x }) => inSet(x!));
      await expectSolutions({ x: [-3, 3], r: 'bool' }, [['set_in_reif', ['x', set, 'r']]], ({ x, r }) => (r === 1) === inSet(x!));
      await expectSolutions({ x: [-3, 3], r: 'bool' }, [['set_in_imp', ['x', set, 'r']]], ({ x, r }) => r === 0 || inSet(x!));
    });
  });

  describe('Booleans', () => {
    const ABC = { a: 'bool', b: 'bool', c: 'bool', r: 'bool' } as const;
    it('bool_clause (positives or not negatives), plain and reified', async () => {
      await expectSolutions(ABC, [['bool_clause', [['a', 'b'], ['c']]]], ({ a, b, c }) => a === 1 || b === 1 || c === 0);
      await expectSolutions(ABC, [['bool_clause_reif', [['a'], ['b', 'c'], 'r']]], ({ a, b, c, r }) => (r === 1) === (a === 1 || b === 0 || c === 0));
    });
    it('the connectives are born reified: bool_and, bool_or, bool_xor (3 arguments), array_bool_or, array_bool_and', async () => {
      await expectSolutions(ABC, [['bool_and', ['a', 'b', 'r']]], ({ a, b, r }) => r === (a! & b!));
      await expectSolutions(ABC, [['bool_or', ['a', 'b', 'r']]], ({ a, b, r }) => r === (a! | b!));
      await expectSolutions(ABC, [['bool_xor', ['a', 'b', 'r']]], ({ a, b, r }) => r === (a! ^ b!));
      await expectSolutions(ABC, [['array_bool_or', [['a', 'b', 'c'], 'r']]], ({ a, b, c, r }) => r === (a! | b! | c!));
      await expectSolutions(ABC, [['array_bool_and', [['a', 'b', 'c'], 'r']]], ({ a, b, c, r }) => r === (a! & b! & c!));
      await expectSolutions(ABC, [['bool_or_imp', ['a', 'b', 'r']]], ({ a, b, r }) => r === 0 || (a! | b!) === 1);
    });
    it('bool_xor with 2 arguments, bool_not, bool_eq_reif, bool_le, bool_lt, array_bool_xor', async () => {
      await expectSolutions({ a: 'bool', b: 'bool' }, [['bool_xor', ['a', 'b']]], ({ a, b }) => a !== b);
      await expectSolutions({ a: 'bool', b: 'bool' }, [['bool_not', ['a', 'b']]], ({ a, b }) => a !== b);
      await expectSolutions(ABC, [['bool_eq_reif', ['a', 'b', 'r']]], ({ a, b, r }) => (r === 1) === (a === b));
      await expectSolutions({ a: 'bool', b: 'bool' }, [['bool_le', ['a', 'b']]], ({ a, b }) => a! <= b!);
      await expectSolutions({ a: 'bool', b: 'bool' }, [['bool_lt', ['a', 'b']]], ({ a, b }) => a! < b!);
      await expectSolutions({ a: 'bool', b: 'bool', c: 'bool' }, [['array_bool_xor', [['a', 'b', 'c']]]], ({ a, b, c }) => (a! ^ b! ^ c!) === 1);
    });
    it('bool2int and the Boolean sums', async () => {
      await expectSolutions({ a: 'bool', x: [-1, 2] }, [['bool2int', ['a', 'x']]], ({ a, x }) => a === x);
      await expectSolutions({ a: 'bool', b: 'bool', x: [0, 4] }, [['bool_lin_eq', [[1, 2], ['a', 'b'], 'x']]], ({ a, b, x }) => a! + 2 * b! === x);
      await expectSolutions({ a: 'bool', b: 'bool', x: [0, 4] }, [['bool_lin_le', [[1, 2], ['a', 'b'], 'x']]], ({ a, b, x }) => a! + 2 * b! <= x!);
    });
  });

  describe('element constraints index their arrays from 1', () => {
    it('array_int_element: an index outside 1..n has no solution', () =>
      expectSolutions({ i: [-1, 5], z: [0, 9] }, [['array_int_element', ['i', [7, 3, 5], 'z']]], ({ i, z }) => [7, 3, 5][i! - 1] === z));
    it('array_var_int_element, array_bool_element, array_var_bool_element', async () => {
      await expectSolutions({ i: [0, 3], a: [0, 2], b: [0, 2], z: [0, 2] }, [['array_var_int_element', ['i', ['a', 'b'], 'z']]], ({ i, a, b, z }) => (i === 1 && z === a) || (i === 2 && z === b));
      await expectSolutions({ i: [0, 4], z: 'bool' }, [['array_bool_element', ['i', [true, false, true], 'z']]], ({ i, z }) => i! >= 1 && i! <= 3 && z === [1, 0, 1][i! - 1]);
      await expectSolutions({ i: [1, 2], a: 'bool', z: 'bool' }, [['array_var_bool_element', ['i', ['a', false], 'z']]], ({ i, a, z }) => z === (i === 1 ? a : 0));
    });
    it('reads named arrays', () => expectSolutions({ i: [1, 3], z: [0, 9] }, [['array_int_element', ['i', 'costs', 'z']]], ({ i, z }) => [4, 8, 6][i! - 1] === z, { costs: [4, 8, 6] }));
  });

  describe('globals of the CP-SAT library', () => {
    it('cpsat_all_different_int', () =>
      expectSolutions({ a: [1, 3], b: [1, 3], c: [1, 4] }, [['cpsat_all_different_int', [['a', 'b', 'c']]]], ({ a, b, c }) => a !== b && b !== c && a !== c));
    it('cpsat_circuit: one Hamiltonian circuit per successor assignment, nodes numbered from the given first node', () => {
      const v = { a: [0, 3], b: [0, 3], c: [0, 3], d: [0, 3] } as const;
      return expectSolutions(v, [['cpsat_circuit', [['a', 'b', 'c', 'd'], 0]]], ({ a, b, c, d }) => {
        const next = [a!, b!, c!, d!];
        let node = 0;
        const seen = new Set<number>();
        for (let step = 0; step < 4; step += 1) {
          seen.add(node);
          node = next[node]!;
        }
        return node === 0 && seen.size === 4;
      });
    });
    it('cpsat_subcircuit: self-loops leave nodes out', () => {
      const v = { a: [1, 3], b: [1, 3], c: [1, 3] } as const;
      return expectSolutions(v, [['cpsat_subcircuit', [['a', 'b', 'c'], 1]]], ({ a, b, c }) => {
        const next = [a! - 1, b! - 1, c! - 1];
        const inCircuit = next.map((successor, node) => successor !== node);
        if (!inCircuit.some(Boolean)) return true;
        const start = inCircuit.indexOf(true);
        let node = start;
        const seen = new Set<number>();
        for (let step = 0; step < 3 && !seen.has(node); step += 1) {
          if (!inCircuit[node]) return false;
          seen.add(node);
          node = next[node]!;
        }
        return node === start && seen.size === inCircuit.filter(Boolean).length;
      });
    });
    it('cpsat_table_int and cpsat_table_bool', async () => {
      await expectSolutions({ a: [0, 3], b: [0, 3] }, [['cpsat_table_int', [['a', 'b'], [1, 2, 3, 0, 2, 2]]]], ({ a, b }) => (a === 1 && b === 2) || (a === 3 && b === 0) || (a === 2 && b === 2));
      await expectSolutions({ a: 'bool', b: 'bool' }, [['cpsat_table_bool', [['a', 'b'], [true, false, false, false]]]], ({ a, b }) => b === 0);
    });
    it('cpsat_inverse with arrays indexed from different first indices', () =>
      // f: 1..2 -> 0..1 (invf indexed from 0), invf: 0..1 -> 1..2
      expectSolutions({ f1: [-1, 3], f2: [-1, 3], g0: [-1, 3], g1: [-1, 3] }, [['cpsat_inverse', [['f1', 'f2'], 1, ['g0', 'g1'], 0]]], ({ f1, f2, g0, g1 }) => {
        const f = [f1!, f2!];
        const g = [g0!, g1!];
        return f.every((j) => j >= 0 && j <= 1) && g.every((i) => i >= 1 && i <= 2) && f.every((j, i) => g[j] === i + 1);
      }));
    it('cpsat_cumulative: tasks [s, s + d) never use more than the capacity', () =>
      expectSolutions({ s1: [0, 3], s2: [0, 3], s3: [0, 3] }, [['cpsat_cumulative', [['s1', 's2', 's3'], [2, 2, 1], [1, 1, 2], 2]]], ({ s1, s2, s3 }) => {
        for (let t = 0; t <= 6; t += 1) {
          const use = (s: number, d: number, r: number) => (s <= t && t < s + d ? r : 0);
          if (use(s1!, 2, 1) + use(s2!, 2, 1) + use(s3!, 1, 2) > 2) return false;
        }
        return true;
      }));
    it('cpsat_disjunctive lets a task of duration 0 sit anywhere; cpsat_disjunctive_strict does not', async () => {
      const v = { s1: [0, 3], s2: [0, 3], d2: [0, 1] } as const;
      const overlaps = (s1: number, s2: number, d2: number, strict: boolean) => {
        const apart = s1 + 2 <= s2 || s2 + d2 <= s1;
        return !(apart || (!strict && d2 === 0));
      };
      await expectSolutions(v, [['cpsat_disjunctive', [['s1', 's2'], [2, 'd2']]]], ({ s1, s2, d2 }) => !overlaps(s1!, s2!, d2!, false));
      await expectSolutions(v, [['cpsat_disjunctive_strict', [['s1', 's2'], [2, 'd2']]]], ({ s1, s2, d2 }) => !overlaps(s1!, s2!, d2!, true));
    });
  });

  describe('what it refuses', () => {
    it('a float variable, naming it', () => {
      const model = flatzinc({}, []);
      model.variables.f = { type: 'float', domain: [[0, 1]] };
      expect(() => translate(model)).to.throw(TranslationError, /variable f: floats are not supported/);
    });
    it('a float or set constraint, naming it and its position', () => {
      expect(() => translate(flatzinc({ x: [0, 1] }, [['int_le', ['x', 1]], ['float_lin_eq', [[1], ['x'], 0]]]))).to.throw(TranslationError, /FlatZinc constraint 2 \(float_lin_eq\): floats are not supported/);
      expect(() => translate(flatzinc({ x: [0, 1] }, [['set_card', ['s', 'x']]]))).to.throw(TranslationError, /FlatZinc constraint 1 \(set_card\): set variables are not supported/);
    });
    it('an unknown constraint, naming it', () =>
      expect(() => translate(flatzinc({ x: [0, 1] }, [['gecode_bin_packing', ['x']]]))).to.throw(TranslationError, /FlatZinc constraint 1 \(gecode_bin_packing\): not a constraint the CP-SAT backend knows/));
    it('something that is not FlatZinc JSON', () => expect(() => translate({ variables: [] })).to.throw(TranslationError, /not FlatZinc JSON/));
  });

  it('marks proofs over unbounded variables as no proof, but not aliases of bounded ones', () => {
    const model = flatzinc({ x: [0, 3] }, []);
    model.variables.free = { type: 'int' };
    model.variables.alias = { type: 'int', rhs: 'x' };
    expect(translate(model).unbounded).to.deep.equal(['free']);
  });

  it('states the objective with its sense: maximising is minimising the negation, scaled back', () => {
    const model = flatzinc({ x: [0, 3], y: [0, 3] }, []);
    model.solve = { method: 'maximize', objective: 'x' };
    const translation = translate(model);
    expect(translation.objective).to.equal('maximize');
    expect(translation.model.objective).to.deep.include({ coeffs: [-1], scalingFactor: -1 });
  });
});
