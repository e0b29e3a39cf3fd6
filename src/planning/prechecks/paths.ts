/**
 * Shortest journey times over the problem's places. A road matrix need not obey the triangle
 * inequality (a detour through a third place can be quicker), so lower bounds on arrival use
 * shortest paths, never the direct entry alone.
 */

/** A complete travel matrix, flattened row-major for the inner loops. */
export interface FlatMatrix {
  size: number;
  cells: Float64Array;
}

export function flatten(travel: readonly number[][]): FlatMatrix {
  const size = travel.length;
  const cells = new Float64Array(size * size);
  travel.forEach((row, from) => row.forEach((minutes, to) => (cells[from * size + to] = minutes)));
  return { size, cells };
}

/** Dense Dijkstra (O(n^2), the matrix is complete): least time to every place from the given start times. */
export function earliestArrivals({ size, cells }: FlatMatrix, startTimes: Float64Array): Float64Array {
  const best = Float64Array.from(startTimes);
  const done = new Uint8Array(size);
  for (let round = 0; round < size; round++) {
    let next = -1;
    let nextTime = Infinity;
    for (let place = 0; place < size; place++) {
      if (done[place] === 0 && best[place]! < nextTime) {
        next = place;
        nextTime = best[place]!;
      }
    }
    if (next === -1) break;
    done[next] = 1;
    const row = next * size;
    for (let place = 0; place < size; place++) {
      const via = nextTime + cells[row + place]!;
      if (via < best[place]!) best[place] = via;
    }
  }
  return best;
}

/** Floyd-Warshall over the flat matrix: every shortest journey, row-major. */
function allPairs({ size, cells }: FlatMatrix): Float64Array {
  const dist = Float64Array.from(cells);
  for (let via = 0; via < size; via++) {
    const viaRow = via * size;
    for (let from = 0; from < size; from++) {
      const toVia = dist[from * size + via]!;
      const fromRow = from * size;
      for (let to = 0; to < size; to++) {
        const through = toVia + dist[viaRow + to]!;
        if (through < dist[fromRow + to]!) dist[fromRow + to] = through;
      }
    }
  }
  return dist;
}

export interface ShortestPaths {
  /** Least journey minutes from `source` to every place. */
  from(source: number): Float64Array;
  /** Least journey minutes to every place from the nearest of `sources`. */
  fromNearest(sources: readonly number[]): Float64Array;
  /** Earliest arrival at every place when each place may be left at `startTimes[place]` (Infinity: not a start). */
  arrivals(startTimes: Float64Array): Float64Array;
}

/**
 * Rows are computed one source at a time (a booking check asks about a few places); once a
 * quarter of the sources has been asked about, all rows at once are cheaper (n^3 against 2n^2
 * per row), so the rest come from one all-pairs pass.
 */
export function shortestPaths(travel: readonly number[][]): ShortestPaths {
  const matrix = flatten(travel);
  const { size } = matrix;
  const rows = new Map<number, Float64Array>();
  let all: Float64Array | null = null;
  const fromStarts = (sources: readonly number[]) => {
    const start = new Float64Array(size).fill(Infinity);
    for (const source of sources) start[source] = 0;
    return earliestArrivals(matrix, start);
  };
  return {
    from(source) {
      if (all !== null) return all.subarray(source * size, (source + 1) * size);
      let row = rows.get(source);
      if (row === undefined) {
        if (rows.size >= Math.max(8, size / 4)) {
          all = allPairs(matrix);
          return all.subarray(source * size, (source + 1) * size);
        }
        rows.set(source, (row = fromStarts([source])));
      }
      return row;
    },
    fromNearest: fromStarts,
    arrivals: (startTimes) => earliestArrivals(matrix, startTimes),
  };
}
