/**
 * Relocate a request (VROOM's `pd_shift`, PyVRP's relocate for a pickup and its delivery): take a
 * request out of its route and put it back at its best place in a nearby route or in its own.
 * One route fewer when it empties one (vehicles first).
 */
import { applyInsertion, bestInsertion } from '../insertion.ts';
import type { LocalSearchContext } from './context.ts';

/** Routes near a request that a relocation tries. */
const NEAR_ROUTES = 6;

export function relocate(context: LocalSearchContext, r: number): boolean {
  const { instance } = context;
  const from = context.routeOf[r]!;
  if (from < 0) return false;
  const shortenedState = context.stateWithout(from, r);
  const shortened = shortenedState.stops;
  const shortenedTravel = shortenedState.travel;
  const oldTravel = context.state(from).travel;
  const gain = oldTravel - shortenedTravel;
  // into its own route, elsewhere
  // only places that gain are wanted (and then only those better than the best so far): the
  // scans are told, and pass over the rest
  const own = bestInsertion(instance, from, shortened, r, shortenedState, null, gain);
  let best: { vehicle: number; value: number; insertion: NonNullable<typeof own> } | null =
    own !== null && own.delta - gain < 0 ? { vehicle: from, value: own.delta - gain, insertion: own } : null;
  const emptied = shortened.length === 0 && instance.vehiclesFirst;
  for (const k of context.nearRoutes(r, NEAR_ROUTES)) {
    const limit = (best === null ? 0 : best.value) + gain + (emptied ? 1e9 : 0);
    const insertion = bestInsertion(instance, k, context.routes[k]!, r, context.state(k), null, limit);
    if (insertion === null) continue;
    const value = insertion.delta - gain - (emptied ? 1e9 : 0);
    if (value < 0 && (best === null || value < best.value)) best = { vehicle: k, value, insertion };
  }
  if (best === null) return false;
  if (best.vehicle === from) return context.tryApply([{ vehicle: from, stops: applyInsertion(shortened, r, best.insertion) }]);
  return context.tryApply([
    { vehicle: from, stops: shortened },
    { vehicle: best.vehicle, stops: applyInsertion(context.routes[best.vehicle]!, r, best.insertion) },
  ]);
}
