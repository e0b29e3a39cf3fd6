import { expect } from 'chai';
import { maxWeightMatching, Random } from '../../src/routing/index.ts';

type Weights = (number | null)[][];

/** Every matching, by exhaustive search: the most pairs, then the largest weight. */
function bestByEnumeration(weights: Weights): { pairs: number; weight: number } {
  let best = { pairs: 0, weight: 0 };
  const taken = new Set<number>();
  const visit = (row: number, pairs: number, weight: number) => {
    if (row === weights.length) {
      if (pairs > best.pairs || (pairs === best.pairs && weight > best.weight)) best = { pairs, weight };
      return;
    }
    visit(row + 1, pairs, weight);
    weights[row]!.forEach((value, column) => {
      if (value === null || taken.has(column)) return;
      taken.add(column);
      visit(row + 1, pairs + 1, weight + value);
      taken.delete(column);
    });
  };
  visit(0, 0, 0);
  return best;
}

function scoreOf(weights: Weights, match: number[]): { pairs: number; weight: number } {
  const columns = match.filter((column) => column >= 0);
  expect(new Set(columns).size, 'each column used once').to.equal(columns.length);
  match.forEach((column, row) => {
    if (column >= 0) expect(weights[row]![column], `row ${row} matched to a pair that is not allowed`).to.not.equal(null);
  });
  return { pairs: columns.length, weight: match.reduce((sum, column, row) => sum + (column >= 0 ? weights[row]![column]! : 0), 0) };
}

describe('routing/algorithms/matching', () => {
  it('finds the largest total weight of a full assignment', () => {
    const weights = [
      [7, 5, 1],
      [8, 2, 9],
      [4, 6, 3],
    ];
    expect(maxWeightMatching(weights)).to.deep.equal([0, 2, 1]);
  });

  it('matches as many rows as possible before it looks at weight', () => {
    // row 0 alone would take column 0 (100); then row 1, which can only use column 0, is left out
    expect(maxWeightMatching([[100, 1], [1, null]])).to.deep.equal([1, 0]);
  });

  it('leaves a row unmatched (-1) when it has no allowed column left', () => {
    expect(maxWeightMatching([[5], [7], [null]])).to.deep.equal([-1, 0, -1]);
    expect(maxWeightMatching([[null, null]])).to.deep.equal([-1]);
    expect(maxWeightMatching([])).to.deep.equal([]);
  });

  it('agrees with exhaustive search on 300 random instances (up to 6 x 6, with pairs not allowed)', () => {
    const random = new Random(42);
    for (let round = 0; round < 300; round += 1) {
      const rows = 1 + random.int(6);
      const columns = 1 + random.int(6);
      const weights: Weights = Array.from({ length: rows }, () =>
        Array.from({ length: columns }, () => (random.next() < 0.35 ? null : random.int(50))),
      );
      expect(scoreOf(weights, maxWeightMatching(weights)), JSON.stringify(weights)).to.deep.equal(bestByEnumeration(weights));
    }
  });
});
