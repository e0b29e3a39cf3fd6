/**
 * Or-opt (routing/algorithms/local-search/or-opt.ts): a block of stops moves within its route or,
 * when no request crosses its ends, to another route; precedence and windows hold.
 */
import { expect } from 'chai';
import { evaluateSolution, type RouteStop, type RoutingInstance } from '../../src/routing/index.ts';
import { LocalSearchContext } from '../../src/routing/algorithms/local-search/context.ts';
import { intraOrOpt, orOpt } from '../../src/routing/algorithms/local-search/or-opt.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { openRequest } from './support.ts';

/** Places on a line (travel = distance), place 0 the depot. */
function lineInstance(line: number[], pairs: [number, number][], vehicles: number): RoutingInstance {
  return {
    name: 'line',
    travel: line.map((a) => line.map((b) => Math.abs(a - b))),
    horizon: 1000,
    requests: pairs.map(([p, d], r) => openRequest(p, d, r)),
    vehicles: Array.from({ length: vehicles }, () => ({ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 1000 }, capacity: 4, drivingDone: 0, drivingSinceBreak: 0 })),
    hours: null,
    vehiclesFirst: false,
  };
}

const stop = (request: number, kind: 'pickup' | 'delivery'): RouteStop => ({ request, kind });

function travel(instance: RoutingInstance, routes: RouteStop[][]): number {
  const result = evaluateSolution(instance, { routes });
  if (!result.ok) throw new Error(result.reason);
  return result.cost.travel;
}

describe('routing/or-opt', () => {
  it('moves a delivery alone to a better place in its own route, after its pickup', () => {
    const instance = lineInstance([0, 10, 20, 30, 40], [[1, 2], [3, 4]], 1);
    const routes = [[stop(0, 'pickup'), stop(1, 'pickup'), stop(0, 'delivery'), stop(1, 'delivery')]];
    expect(travel(instance, routes)).to.equal(100);
    const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined);
    expect(intraOrOpt(context, 0)).to.equal(true);
    expect(routes[0]).to.deep.equal([stop(0, 'pickup'), stop(0, 'delivery'), stop(1, 'pickup'), stop(1, 'delivery')]);
    expect(travel(instance, routes)).to.equal(80);
  });

  it('moves a block no request crosses to another route', () => {
    const instance = lineInstance([0, 10, 12, 90, 92, 88, 95], [[1, 2], [3, 4], [5, 6]], 2);
    const routes = [
      [stop(0, 'pickup'), stop(0, 'delivery'), stop(1, 'pickup'), stop(1, 'delivery')],
      [stop(2, 'pickup'), stop(2, 'delivery')],
    ];
    const before = travel(instance, routes);
    const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined);
    expect(orOpt(context, 1)).to.equal(true);
    // request 1 went over as a block, pickup then delivery side by side (route 0 may have gone whole)
    const moved = routes[1]!.findIndex((s) => s.request === 1);
    expect(routes[1]!.slice(moved, moved + 2)).to.deep.equal([stop(1, 'pickup'), stop(1, 'delivery')]);
    expect(routes[0]!.some((s) => s.request === 1)).to.equal(false);
    expect(travel(instance, routes)).to.be.below(before);
  });
});
