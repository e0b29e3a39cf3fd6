/**
 * Relatedness of requests (Shaw 1998; Ropke & Pisinger 2006): near in space (their stops) and in
 * time (their windows). Ruin removes related requests together, the local search looks for moves
 * among a request's nearest ones (granular neighbourhoods, as Vidal's HGS and PyVRP do).
 */
import type { RoutingInstance } from '../structures/instance.ts';

/**
 * Requests by relatedness to a request (nearest first): distance of the stops, then of the
 * windows. Built for a request when first asked (a big day asks for few of its thousands).
 */
export class NeighbourLists {
  private readonly lists = new Map<number, number[]>();
  private readonly arc: number;
  private readonly horizon: number;

  constructor(private readonly instance: RoutingInstance) {
    this.arc = Math.max(1, ...instance.travel.map((row) => Math.max(...row)));
    this.horizon = Math.max(1, instance.horizon);
  }

  of(i: number): number[] {
    let list = this.lists.get(i);
    if (list === undefined) {
      const scores = this.instance.requests.map((_, j) => this.score(i, j));
      list = [];
      for (let j = 0; j < scores.length; j += 1) if (j !== i) list.push(j);
      list.sort((x, y) => scores[x]! - scores[y]! || x - y);
      this.lists.set(i, list);
    }
    return list;
  }

  private score(i: number, j: number): number {
    const t = this.instance.travel;
    const a = this.instance.requests[i]!;
    const b = this.instance.requests[j]!;
    const distance =
      (t[a.pickupLocation]![b.pickupLocation]! + t[a.deliveryLocation]![b.deliveryLocation]! +
        Math.min(t[a.pickupLocation]![b.deliveryLocation]!, t[a.deliveryLocation]![b.pickupLocation]!)) / this.arc;
    const time = (Math.abs(a.pickupWindow.earliest - b.pickupWindow.earliest) + Math.abs(a.deliveryWindow.earliest - b.deliveryWindow.earliest)) / this.horizon;
    return 9 * distance + 3 * time;
  }
}

