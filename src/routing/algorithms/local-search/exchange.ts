/**
 * Exchange two requests between routes (VROOM's `exchange` / PyVRP's swap, for pickup-and-delivery
 * pairs): each leaves its route and takes its best place in the other's. Tried with the request's
 * nearest requests on other routes only.
 */
import { applyInsertion, bestInsertion } from '../insertion.ts';
import type { LocalSearchContext } from './context.ts';
import { obeysTriangleInequality } from '../../utils/metric.ts';

/** Nearest requests an exchange tries. */
const PARTNERS = 5;

export function exchange(context: LocalSearchContext, r: number): boolean {
  const { instance } = context;
  const a = context.routeOf[r]!;
  if (a < 0) return false;
  const stateA = context.stateWithout(a, r);
  const withoutR = stateA.stops;
  const travelA = stateA.travel;
  const gainR = context.state(a).travel - travelA;
  const metric = obeysTriangleInequality(instance.travel);
  for (const s of context.partners(r, PARTNERS)) {
    const b = context.routeOf[s]!;
    // the exchange gains only if the two insertions add less than the two removals save; where
    // no insertion shortens a route (the triangle inequality), each insertion alone must, and
    // the scans are told so (the route without s is built only when s's place may pay)
    const saved = gainR + context.savedWithout(b, s);
    const intoA = bestInsertion(instance, a, withoutR, s, stateA, null, metric ? saved : Number.POSITIVE_INFINITY);
    if (intoA === null) continue;
    const stateB = context.stateWithout(b, s);
    const withoutS = stateB.stops;
    const intoB = bestInsertion(instance, b, withoutS, r, stateB, null, saved - intoA.delta);
    if (intoB === null) continue;
    const value = travelA + intoA.delta + stateB.travel + intoB.delta - context.state(a).travel - context.state(b).travel;
    if (value >= 0) continue;
    if (context.tryApply([
      { vehicle: a, stops: applyInsertion(withoutR, s, intoA) },
      { vehicle: b, stops: applyInsertion(withoutS, r, intoB) },
    ])) return true;
  }
  return false;
}

