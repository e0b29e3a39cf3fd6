/**
 * The ejection search of route elimination (routing/algorithms/ejection.ts): a request that fits
 * nowhere takes the place of one that blocks it, and the pool of a removed route empties into
 * the others with every route feasible throughout.
 */
import { expect } from 'chai';
import { checkRoute, construct, Random, type RouteStop, type RoutingInstance } from '../../src/routing/index.ts';
import { EjectionSearch } from '../../src/routing/algorithms/ejection.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { openRequest, randomInstance } from './support.ts';

function allFeasible(instance: RoutingInstance, routes: RouteStop[][]): boolean {
  return routes.every((stops, k) => stops.length === 0 || checkRoute(instance, k, stops).ok);
}

describe('routing/ejection', function () {
  this.timeout(60_000);

  it('ejects the request that blocks one with no feasible place, and places it', () => {
    // one vehicle of capacity 1; both requests are picked up early and delivered late: never together
    const line = [0, 10, 90, 11, 91];
    const instance: RoutingInstance = {
      name: 'blocked',
      travel: line.map((a) => line.map((b) => Math.abs(a - b))),
      horizon: 200,
      requests: [
        openRequest(1, 2, 0, { pickupWindow: { earliest: 0, latest: 20 }, deliveryWindow: { earliest: 90, latest: 200 } }),
        openRequest(3, 4, 1, { pickupWindow: { earliest: 0, latest: 20 }, deliveryWindow: { earliest: 90, latest: 200 } }),
      ],
      vehicles: [{ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 200 }, capacity: 1, drivingDone: 0, drivingSinceBreak: 0 }],
      hours: null,
      vehiclesFirst: true,
    };
    const routes: RouteStop[][] = [[{ request: 0, kind: 'pickup' }, { request: 0, kind: 'delivery' }]];
    const search = new EjectionSearch(instance, routes, [0], new Random(1), new NeighbourLists(instance));
    expect(search.insert(1)).to.equal(false);
    expect(search.eject(1)).to.deep.equal([0]);
    expect(routes[0]!.map((stop) => stop.request)).to.deep.equal([1, 1]);
    expect(allFeasible(instance, routes)).to.equal(true);
  });

  it('empties the pool of a removed route into the others, every route feasible at every step', () => {
    const instance = { ...randomInstance(4, 40, false), vehiclesFirst: true };
    const routes = construct(instance).solution.routes;
    const used = routes.flatMap((stops, k) => (stops.length > 0 ? [k] : []));
    expect(used.length).to.be.above(2);
    const target = used.reduce((a, b) => (routes[a]!.length <= routes[b]!.length ? a : b));
    const pool = [...new Set(routes[target]!.map((stop) => stop.request))];
    routes[target] = [];
    const search = new EjectionSearch(instance, routes, used.filter((k) => k !== target), new Random(3), new NeighbourLists(instance));
    let steps = 0;
    while (pool.length > 0 && steps < 5000) {
      steps += 1;
      const v = pool.pop()!;
      if (search.insert(v)) continue;
      const ejected = search.eject(v);
      expect(ejected, `request ${v}`).to.not.equal(null);
      pool.push(...ejected!);
      search.perturb(10);
      expect(allFeasible(instance, routes)).to.equal(true);
    }
    expect(pool).to.deep.equal([]);
    expect(routes[target]).to.deep.equal([]);
    expect(allFeasible(instance, routes)).to.equal(true);
    const served = routes.flat().filter((stop) => stop.kind === 'pickup').map((stop) => stop.request).sort((a, b) => a - b);
    expect(served).to.deep.equal(instance.requests.map((_, r) => r));
  });
});
