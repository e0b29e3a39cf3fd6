/**
 * Every routing of a small day, enumerated: the exact answer to the day's routing (the same
 * relaxation of the drivers'-hours rules as models/pdptw.mzn: the routing core's route check)
 * without a model call. A day of a few requests costs microseconds a route here against seconds
 * for the model (runtime start, compilation); the enumeration stops at a node budget (the budget
 * policy, search-parameters.ts), and then the caller may still ask the model.
 *
 * Requests are taken in order: each is left out (its whole group) or inserted at every pair of
 * positions of every route that may take it. A branch stops when it has left out more groups
 * than the best found so far. When the journey times obey the triangle inequality over the day's
 * places, a route that fails its check also fails with more stops inserted (each stop can only
 * come later, loads only grow), so such a branch stops too; otherwise only complete routings are
 * checked.
 */
import { checkRoute, compareCost, evaluateSolution, type RouteStop, type RoutingCost, type RoutingInstance, type RoutingSolution } from '../../routing/index.ts';

export interface ExhaustiveOutcome {
  solution: RoutingSolution;
  cost: RoutingCost;
  /** Nodes visited. */
  nodes: number;
}

/** The best routing of the day (fewest groups left out, then the instance's cost order), or null when the budget ran out first. */
export function exhaustiveDay(instance: RoutingInstance, maxNodes: number): ExhaustiveOutcome | null {
  const requests = instance.requests;
  const allVehicles = instance.vehicles.map((_, k) => k);
  const prune = obeysTriangle(instance);
  const routes: RouteStop[][] = instance.vehicles.map(() => []);
  const groupState = new Map<number, 'served' | 'dropped'>();
  let droppedGroups = 0;
  let nodes = 0;
  let exhausted = false;
  let best: { solution: RoutingSolution; cost: RoutingCost } | null = null;

  const visit = (index: number): void => {
    if (exhausted) return;
    nodes += 1;
    if (nodes > maxNodes) {
      exhausted = true;
      return;
    }
    if (best !== null && droppedGroups > best.cost.dropped) return;
    if (index === requests.length) {
      const checked = evaluateSolution(instance, { routes });
      if (checked.ok && (best === null || compareCost(instance, checked.cost, best.cost) < 0)) {
        best = { solution: { routes: routes.map((stops) => stops.slice()) }, cost: checked.cost };
      }
      return;
    }
    const request = requests[index]!;
    const state = groupState.get(request.group);
    if (state !== 'dropped') {
      groupState.set(request.group, 'served');
      for (const k of request.eligibleVehicles ?? allVehicles) {
        const route = routes[k]!;
        for (let p = 0; p <= route.length; p += 1) {
          for (let d = p; d <= route.length; d += 1) {
            const next = [...route.slice(0, p), { request: index, kind: 'pickup' as const }, ...route.slice(p, d), { request: index, kind: 'delivery' as const }, ...route.slice(d)];
            if (prune && !checkRoute(instance, k, next).ok) continue;
            routes[k] = next;
            visit(index + 1);
            routes[k] = route;
            if (exhausted) return;
          }
        }
      }
      if (state === undefined) groupState.delete(request.group);
    }
    if (state !== 'served' && request.droppable) {
      if (state === undefined) {
        groupState.set(request.group, 'dropped');
        droppedGroups += 1;
      }
      visit(index + 1);
      if (state === undefined) {
        groupState.delete(request.group);
        droppedGroups -= 1;
      }
    }
  };

  visit(0);
  if (exhausted || best === null) return null;
  const found: { solution: RoutingSolution; cost: RoutingCost } = best;
  return { ...found, nodes };
}

/** Whether no detour through a third place of the day is quicker than the direct journey. */
function obeysTriangle(instance: RoutingInstance): boolean {
  const places = [
    ...new Set([
      ...instance.requests.flatMap((request) => [request.pickupLocation, request.deliveryLocation]),
      ...instance.vehicles.flatMap((vehicle) => [vehicle.startLocation, vehicle.endLocation]),
    ]),
  ];
  const travel = instance.travel;
  for (const a of places) for (const b of places) for (const c of places) if (travel[a]![c]! > travel[a]![b]! + travel[b]![c]!) return false;
  return true;
}
