/**
 * The triangle-inequality test (routing/utils/metric.ts) that lets the insertion scan pass over
 * places: true only for a matrix where no detour is shorter than the direct arc.
 */
import { expect } from 'chai';
import { obeysTriangleInequality } from '../../../src/routing/utils/metric.ts';
import { randomInstance } from '../support.ts';

describe('routing/utils/metric', () => {
  it('holds for Euclidean distances rounded up per arc', () => {
    expect(obeysTriangleInequality(randomInstance(3, 40, false).travel)).to.equal(true);
  });

  it('fails for a matrix with one detour shorter than its direct arc, or a negative arc', () => {
    const travel = randomInstance(3, 40, false).travel.map((row) => row.slice());
    // 1 -> 2 made longer than 1 -> 0 -> 2
    travel[1]![2] = travel[1]![0]! + travel[0]![2]! + 1;
    expect(obeysTriangleInequality(travel)).to.equal(false);
    expect(obeysTriangleInequality([[0, -1], [1, 0]])).to.equal(false);
  });
});
