/**
 * Or-opt (routing/algorithms/local-search/or-opt.ts): a block of stops moves within its route or,
 * when no request crosses its ends, to another route; precedence and windows hold.
 */
import { expect } from 'chai';
import { LocalSearchContext } from '../../src/routing/algorithms/local-search/context.ts';
import { intraOrOpt, orOpt } from '../../src/routing/algorithms/local-search/or-opt.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { lineInstance, openRequest, routesTravel as travel, stop } from './support.ts';

describe('routing/or-opt', () => {
  it('moves a delivery alone to a better place in its own route, after its pickup', () => {
    const instance = lineInstance([0, 10, 20, 30, 40], [openRequest(1, 2, 0), openRequest(3, 4, 1)]);
    const routes = [[stop(0, 'pickup'), stop(1, 'pickup'), stop(0, 'delivery'), stop(1, 'delivery')]];
    expect(travel(instance, routes)).to.equal(100);
    const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined);
    expect(intraOrOpt(context, 0)).to.equal(true);
    expect(routes[0]).to.deep.equal([stop(0, 'pickup'), stop(0, 'delivery'), stop(1, 'pickup'), stop(1, 'delivery')]);
    expect(travel(instance, routes)).to.equal(80);
  });

  it('moves a block no request crosses to another route', () => {
    const instance = lineInstance([0, 10, 12, 90, 92, 88, 95], [openRequest(1, 2, 0), openRequest(3, 4, 1), openRequest(5, 6, 2)], 2);
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
