/**
 * Relocate with a repair (routing/algorithms/local-search/relocate-repair.ts): a request goes to
 * a long route where it makes a later stop late, and that stop moves one place to make room.
 */
import { expect } from 'chai';
import { OPERATORS } from '../../src/routing/algorithms/local-search/index.ts';
import { LocalSearchContext } from '../../src/routing/algorithms/local-search/context.ts';
import { relocate } from '../../src/routing/algorithms/local-search/relocate.ts';
import { relocateRepair } from '../../src/routing/algorithms/local-search/relocate-repair.ts';
import type { RouteStop, RoutingInstance } from '../../src/routing/index.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { lineInstance, openRequest, routesTravel as travel, stop } from './support.ts';

/**
 * Solomon's form (each customer delivered at the depot, at the route's end), distances x10:
 * route 0 runs out along a line through customers 0-14 at 10, 11, ..., 24 (service 10 each),
 * customer 7 (at 17) within 5 of its start; route 1 holds customer 15 at (5, 0), on route 0's
 * way out (and by its window, only early in a route), and two customers 50 away.
 */
function instance(): RoutingInstance {
  const points: [number, number][] = [[0, 0]];
  for (let x = 10; x <= 24; x += 1) points.push([x, 0]);
  points.push([5, 0], [5, 50], [0, 50]);
  const customers = points.slice(1).map((_, c) => openRequest(1 + c, 0, c, { deliverAtRouteEnd: true, pickupService: 10 }, 10_000));
  // on route 0 as it is, customer 7 starts at 100 + 20 x 7 = 240
  customers[7]!.pickupWindow = { earliest: 0, latest: 245 };
  // customer 15 only early in a route (not on route 0's way home)
  customers[15]!.pickupWindow = { earliest: 0, latest: 200 };
  return {
    ...lineInstance([0], [], 2, 100),
    travel: points.map((a) => points.map((b) => Math.ceil(10 * Math.hypot(a[0] - b[0], a[1] - b[1])))),
    horizon: 10_000,
    requests: customers,
    vehicles: [0, 1].map(() => ({ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 10_000 }, capacity: 100, drivingDone: 0, drivingSinceBreak: 0 })),
  };
}

const route = (customers: number[]): RouteStop[] => [...customers.map((c) => stop(c, 'pickup')), ...customers.map((c) => stop(c, 'delivery'))];
const pickups = (stops: RouteStop[]): number[] => stops.filter((s) => s.kind === 'pickup').map((s) => s.request);

describe('routing/relocate-repair', () => {
  it('moves a customer to the start of a long route, where it makes a stop late, and that stop one place earlier', () => {
    const problem = instance();
    const line = Array.from({ length: 15 }, (_, c) => c);
    const routes = [route(line), route([15, 16, 17])];
    const before = travel(problem, routes);
    const context = new LocalSearchContext(problem, routes, new NeighbourLists(problem), undefined, OPERATORS.length);
    // no place in route 0 takes customer 15 alone at a gain: before customer 7 it is late, after it the detour is long
    expect(relocate(context, 15)).to.equal(false);
    expect(relocateRepair(context, 15)).to.equal(true);
    expect(pickups(routes[0]!)).to.deep.equal([15, 0, 1, 2, 3, 4, 5, 7, 6, 8, 9, 10, 11, 12, 13, 14]);
    expect(pickups(routes[1]!)).to.deep.equal([16, 17]);
    // route 1 saves 50 + 500 - 503, the swap costs 20
    expect(travel(problem, routes)).to.equal(before - 27);
  });

  it('leaves short routes to relocate and the ruins', () => {
    const problem = instance();
    const routes = [route([0, 1, 2, 3, 4, 5, 6, 7]), route([15, 16, 17, 8, 9, 10, 11, 12, 13, 14])];
    const context = new LocalSearchContext(problem, routes, new NeighbourLists(problem), undefined, OPERATORS.length);
    expect(relocateRepair(context, 15)).to.equal(false);
  });
});
