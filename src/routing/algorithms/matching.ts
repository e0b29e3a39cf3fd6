/**
 * Maximum-weight bipartite matching (the assignment problem) by the Hungarian method with
 * potentials (Kuhn 1955, Munkres 1957; the O(n^2 m) shortest-augmenting-path form): rows are
 * matched to distinct columns where a weight is given, so that the fewest rows stay unmatched
 * and, among those matchings, the total weight is largest. Deterministic: ties go to the
 * lower column.
 */

/**
 * For each row, its column or -1. `weights[row][column]` is the value of the pair, or null
 * when the pair is not allowed; weights must be finite and at least 0.
 */
export function maxWeightMatching(weights: readonly (readonly (number | null)[])[]): number[] {
  const rows = weights.length;
  const columns = Math.max(0, ...weights.map((row) => row.length));
  if (rows === 0 || columns === 0) return new Array<number>(rows).fill(-1);
  // every allowed pair is worth more than any sum of weights, so the match count comes first
  let largest = 0;
  for (const row of weights) for (const weight of row) if (weight !== null) largest = Math.max(largest, weight);
  const matchBonus = (largest + 1) * (Math.min(rows, columns) + 1);
  // rows <= columns: a dummy column per row stands for "unmatched" (cost 0)
  const width = columns + rows;
  const cost = (row: number, column: number): number => {
    if (column >= columns) return 0;
    const weight = weights[row]![column];
    return weight === null || weight === undefined ? Number.POSITIVE_INFINITY : -(matchBonus + weight);
  };
  // 1-based arrays as in the textbook algorithm: column 0 is the virtual start
  const rowPotential = new Array<number>(rows + 1).fill(0);
  const columnPotential = new Array<number>(width + 1).fill(0);
  const rowOfColumn = new Array<number>(width + 1).fill(0);
  const way = new Array<number>(width + 1).fill(0);
  for (let row = 1; row <= rows; row += 1) {
    rowOfColumn[0] = row;
    let column = 0;
    const reduced = new Array<number>(width + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(width + 1).fill(false);
    do {
      used[column] = true;
      const current = rowOfColumn[column]!;
      let delta = Number.POSITIVE_INFINITY;
      let next = 0;
      for (let j = 1; j <= width; j += 1) {
        if (used[j]) continue;
        const value = cost(current - 1, j - 1) - rowPotential[current]! - columnPotential[j]!;
        if (value < reduced[j]!) {
          reduced[j] = value;
          way[j] = column;
        }
        if (reduced[j]! < delta) {
          delta = reduced[j]!;
          next = j;
        }
      }
      for (let j = 0; j <= width; j += 1) {
        if (used[j]) {
          rowPotential[rowOfColumn[j]!]! += delta;
          columnPotential[j]! -= delta;
        } else reduced[j]! -= delta;
      }
      column = next;
    } while (rowOfColumn[column] !== 0);
    do {
      const previous = way[column]!;
      rowOfColumn[column] = rowOfColumn[previous]!;
      column = previous;
    } while (column !== 0);
  }
  const match = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= columns; j += 1) if (rowOfColumn[j]! > 0) match[rowOfColumn[j]! - 1] = j - 1;
  return match;
}
