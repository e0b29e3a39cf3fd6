/**
 * Whether a travel matrix has no negative arc and obeys the triangle inequality (no detour is
 * ever shorter than the direct arc). Then a stop inserted between two others never shortens a route, which lets the
 * insertion scan pass over a pickup place whose detour alone already costs as much as the best
 * place found (insertion.ts). Euclidean distances rounded up per arc obey it (Li & Lim,
 * Solomon: ceil(a) + ceil(b) >= ceil(a + b) >= ceil(c)); a road network's times may not, and
 * then nothing is passed over.
 */

import { oncePer } from './memo.ts';

/** Locations beyond which the matrix is not checked (and taken as not obeying it): n^3 steps. */
const MOST_CHECKED = 300;

export const obeysTriangleInequality: (travel: number[][]) => boolean = oncePer(check);

function check(travel: number[][]): boolean {
  const n = travel.length;
  if (n > MOST_CHECKED) return false;
  for (let a = 0; a < n; a += 1) {
    const fromA = travel[a]!;
    for (let b = 0; b < n; b += 1) {
      const ab = fromA[b]!;
      const fromB = travel[b]!;
      if (ab < 0) return false;
      for (let c = 0; c < n; c += 1) if (ab + fromB[c]! < fromA[c]!) return false;
    }
  }
  return true;
}
