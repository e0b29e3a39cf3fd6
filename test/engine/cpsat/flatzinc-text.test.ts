/**
 * FlatZinc text (the native MiniZinc 2.6's `-c` output) read into the FlatZinc JSON the
 * translator takes: the same document MiniZinc 2.10 writes with `--fzn-format json`.
 */
import { expect } from 'chai';
import { FlatZincSyntaxError, parseFlatZincText } from '../../../src/engine/cpsat/flatzinc-text.ts';
import { cpSatSolutions } from './support.ts';

const TEXT = `predicate cpsat_circuit(array [int] of var int: successors,int: first_node);
array [1..2] of int: X_INTRODUCED_2_ = [1,-1];
array [1..2] of set of int: S = [{1,3,4,5},2..3];
var 1..3: x:: output_var;
var {1,3,5}: y:: output_var;
var bool: b:: var_is_introduced :: is_defined_var;
var int: z:: output_var = x;
var 0..9: w = 4;
array [1..2] of var int: xs:: output_array([1..2]) = [x,y];
constraint int_lin_le(X_INTRODUCED_2_,[x,y],-1);
constraint int_le_reif(x,2,b):: defines_var(b);
constraint set_in(y, {3,5});
solve :: seq_search([int_search(xs,input_order,indomain_min,complete),int_search([],first_fail,indomain_max,complete)]):: warm_start([x],[2]) minimize z;
`;

describe('engine: CP-SAT FlatZinc text reader', () => {
  it('reads declarations, constraints, annotations and the solve item as FlatZinc JSON', () => {
    expect(parseFlatZincText(TEXT)).to.deep.equal({
      variables: {
        x: { type: 'int', domain: [[1, 3]] },
        y: { type: 'int', domain: [[1, 1], [3, 3], [5, 5]] },
        b: { type: 'bool', introduced: true, defined: true },
        z: { type: 'int', rhs: 'x' },
        w: { type: 'int', domain: [[0, 9]], rhs: 4 },
      },
      arrays: {
        X_INTRODUCED_2_: { a: [1, -1] },
        S: { a: [{ set: [[1, 1], [3, 5]] }, { set: [[2, 3]] }] },
        xs: { a: ['x', 'y'] },
      },
      constraints: [
        { id: 'int_lin_le', args: ['X_INTRODUCED_2_', ['x', 'y'], -1] },
        { id: 'int_le_reif', args: ['x', 2, 'b'], defines: 'b', ann: [{ id: 'defines_var', args: ['b'] }] },
        { id: 'set_in', args: ['y', { set: [[3, 3], [5, 5]] }] },
      ],
      output: ['x', 'y', 'z', 'xs'],
      solve: {
        method: 'minimize',
        objective: 'z',
        ann: [
          {
            id: 'seq_search',
            args: [
              [
                { id: 'int_search', args: ['xs', 'input_order', 'indomain_min', 'complete'] },
                { id: 'int_search', args: [[], 'first_fail', 'indomain_max', 'complete'] },
              ],
            ],
          },
          { id: 'warm_start', args: [['x'], [2]] },
        ],
      },
    });
  });

  it('gives a model CP-SAT solves: x + 1 <= y, y in {3, 5}', async () => {
    const satisfy = TEXT.replace(/^solve .*$/m, 'solve satisfy;').replace(':: output_array([1..2])', '');
    expect(await cpSatSolutions(parseFlatZincText(satisfy))).to.deep.equal(['x=1 y=3 z=1', 'x=1 y=5 z=1', 'x=2 y=3 z=2', 'x=2 y=5 z=2', 'x=3 y=5 z=3']);
  });

  it('refuses text that is not FlatZinc, with the line', () => {
    expect(() => parseFlatZincText('var 1..3: x;\nconstraint int_le(x, 2)\nsolve satisfy;')).to.throw(FlatZincSyntaxError, /line 3: expected ";"/);
    expect(() => parseFlatZincText('var 1..3: x;')).to.throw(FlatZincSyntaxError, /no solve item/);
  });
});
