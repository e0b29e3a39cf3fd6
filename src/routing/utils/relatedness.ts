/**
 * Relatedness of requests (Shaw 1998; Ropke & Pisinger 2006): near in space (their stops) and in
 * time (their windows). Ruin removes related requests together, the local search looks for moves
 * among a request's nearest ones (granular neighbourhoods, as Vidal's HGS and PyVRP do).
 */
import type { RoutingInstance } from '../structures/instance.ts';
import { oncePer } from './memo.ts';

/** The longest arc of each travel matrix (at least 1; a matrix is never changed once built). */
export const longestArc: (travel: number[][]) => number = oncePer((travel) => {
  let arc = 1;
  for (const row of travel) for (const value of row) if (value > arc) arc = value;
  return arc;
});

/**
 * Shaw relatedness of requests a and b (smaller = more related): the distance between their
 * pickups, their deliveries and the nearer cross pair, over the longest arc, weighted 9, and
 * the distance between their window openings over the horizon, weighted 3.
 */
export function relatedness(instance: RoutingInstance, a: number, b: number): number {
  const t = instance.travel;
  const ra = instance.requests[a]!;
  const rb = instance.requests[b]!;
  const distance =
    (t[ra.pickupLocation]![rb.pickupLocation]! + t[ra.deliveryLocation]![rb.deliveryLocation]! +
      Math.min(t[ra.pickupLocation]![rb.deliveryLocation]!, t[ra.deliveryLocation]![rb.pickupLocation]!)) / longestArc(t);
  const time =
    (Math.abs(ra.pickupWindow.earliest - rb.pickupWindow.earliest) + Math.abs(ra.deliveryWindow.earliest - rb.deliveryWindow.earliest)) /
    Math.max(1, instance.horizon);
  return 9 * distance + 3 * time;
}

/**
 * Requests by relatedness to a request (nearest first). Built for a request when first asked
 * (a big day asks for few of its thousands).
 */
export class NeighbourLists {
  private readonly lists = new Map<number, number[]>();

  constructor(private readonly instance: RoutingInstance) {}

  of(i: number): number[] {
    let list = this.lists.get(i);
    if (list === undefined) {
      const scores = this.instance.requests.map((_, j) => relatedness(this.instance, i, j));
      list = [];
      for (let j = 0; j < scores.length; j += 1) if (j !== i) list.push(j);
      list.sort((x, y) => scores[x]! - scores[y]! || x - y);
      this.lists.set(i, list);
    }
    return list;
  }
}
