/**
 * Exchange two requests between routes (VROOM's `exchange` / PyVRP's swap, for pickup-and-delivery
 * pairs): each leaves its route and takes its best place in the other's. Tried with the request's
 * nearest requests on other routes only.
 */
import { applyInsertion, bestInsertion } from '../insertion.ts';
import type { LocalSearchContext } from './context.ts';

/** Nearest requests an exchange tries. */
const PARTNERS = 5;

export function exchange(context: LocalSearchContext, r: number): boolean {
  const { instance } = context;
  const a = context.routeOf[r]!;
  if (a < 0) return false;
  const stateA = context.stateWithout(a, r);
  const withoutR = stateA.stops;
  const travelA = stateA.travel;
  let tried = 0;
  for (const s of context.neighbours.of(r)) {
    if (tried >= PARTNERS) break;
    const b = context.routeOf[s]!;
    if (b < 0 || b === a) continue;
    tried += 1;
    const intoA = bestInsertion(instance, a, withoutR, s, stateA);
    if (intoA === null) continue;
    const stateB = context.stateWithout(b, s);
    const withoutS = stateB.stops;
    const intoB = bestInsertion(instance, b, withoutS, r, stateB);
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
