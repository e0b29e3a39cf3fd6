/**
 * Or-opt (routing/algorithms/local-search/or-opt.ts): a block of stops moves within its route or,
 * when no request crosses its ends, to another route; precedence and windows hold.
 */
import { expect } from 'chai';
import { OPERATORS } from '../../src/routing/algorithms/local-search/index.ts';
import { LocalSearchContext } from '../../src/routing/algorithms/local-search/context.ts';
import { intraMoveFits, intraOrOpt, orOpt } from '../../src/routing/algorithms/local-search/or-opt.ts';
import { intraTwoOpt } from '../../src/routing/algorithms/local-search/two-opt.ts';
import { checkRoute, construct, type RoutingInstance } from '../../src/routing/index.ts';
import { buildState } from '../../src/routing/structures/route-state.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { lineInstance, openRequest, randomInstance, routesTravel as travel, stop } from './support.ts';

describe('routing/or-opt', () => {
  it('judges a block moved within its route as the full route check does, where precedence holds', () => {
    for (const routeEnd of [false, true]) {
      const instance = randomInstance(routeEnd ? 41 : 42, 30, routeEnd);
      const routes = construct(instance).solution.routes;
      let fits = 0;
      let misses = 0;
      for (const [k, stops] of routes.entries()) {
        const state = buildState(instance, k, stops);
        const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length);
        for (let s = 0; s < state.endSection; s += 1) {
          for (const [e, reversed] of [[s + 1, false], [s + 2, false], [s + 2, true]] as const) {
            if (e > state.endSection) continue;
            for (let at = 0; at <= state.endSection; at += 1) {
              if (at >= s && at <= e) continue;
              const block = stops.slice(s, e);
              if (reversed) block.reverse();
              const rest = stops.filter((_, i) => i < s || i >= e);
              const moved = [...rest.slice(0, at < s ? at : at - (e - s)), ...block, ...rest.slice(at < s ? at : at - (e - s))];
              const check = checkRoute(instance, k, moved);
              const precedence = !check.ok && check.reason.includes('before its pickup');
              if (precedence) continue;
              expect(intraMoveFits(context, state, s, e, at, reversed), `route ${k} [${s}, ${e})${reversed ? ' reversed' : ''} before ${at}: ${check.ok ? 'ok' : check.reason}`).to.equal(check.ok);
              if (check.ok) fits += 1; else misses += 1;
            }
          }
        }
      }
      expect(fits).to.be.above(50);
      expect(misses).to.be.above(50);
    }
  });


  it('moves a delivery alone to a better place in its own route, after its pickup', () => {
    const instance = lineInstance([0, 10, 20, 30, 40], [openRequest(1, 2, 0), openRequest(3, 4, 1)]);
    const routes = [[stop(0, 'pickup'), stop(1, 'pickup'), stop(0, 'delivery'), stop(1, 'delivery')]];
    expect(travel(instance, routes)).to.equal(100);
    const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length);
    expect(intraOrOpt(context, 0)).to.equal(true);
    expect(routes[0]).to.deep.equal([stop(0, 'pickup'), stop(0, 'delivery'), stop(1, 'pickup'), stop(1, 'delivery')]);
    expect(travel(instance, routes)).to.equal(80);
  });

  it('moves a pair of stops reversed where no move of one or two stops in their order, nor a 2-opt, shortens the route', () => {
    // five customers around a depot, each delivered at the route's end (Solomon's form)
    const points: [number, number][] = [[0, 0], [1, 0], [-1, -8], [-8, -1], [8, 7], [2, 3]];
    const instance: RoutingInstance = {
      ...lineInstance([0], [], 1, 10),
      travel: points.map((a) => points.map((b) => Math.ceil(Math.hypot(a[0] - b[0], a[1] - b[1])))),
      requests: [1, 2, 3, 4, 5].map((place, r) => openRequest(place, 0, r, { deliverAtRouteEnd: true })),
    };
    const deliveries = [0, 1, 2, 3, 4].map((r) => stop(r, 'delivery'));
    const routes = [[0, 1, 2, 3, 4].map((r) => stop(r, 'pickup')).concat(deliveries)];
    expect(travel(instance, routes)).to.equal(50);
    const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length);
    expect(intraTwoOpt(context, 1)).to.equal(false);
    expect(intraOrOpt(context, 1)).to.equal(true);
    // requests 1 and 2 moved to the end of the customers, 2 first
    expect(routes[0]!.slice(0, 5)).to.deep.equal([0, 3, 4, 2, 1].map((r) => stop(r, 'pickup')));
    expect(travel(instance, routes)).to.equal(49);
  });

  it('moves a block no request crosses to another route', () => {
    const instance = lineInstance([0, 10, 12, 90, 92, 88, 95], [openRequest(1, 2, 0), openRequest(3, 4, 1), openRequest(5, 6, 2)], 2);
    const routes = [
      [stop(0, 'pickup'), stop(0, 'delivery'), stop(1, 'pickup'), stop(1, 'delivery')],
      [stop(2, 'pickup'), stop(2, 'delivery')],
    ];
    const before = travel(instance, routes);
    const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length);
    expect(orOpt(context, 1)).to.equal(true);
    // request 1 went over as a block, pickup then delivery side by side (route 0 may have gone whole)
    const moved = routes[1]!.findIndex((s) => s.request === 1);
    expect(routes[1]!.slice(moved, moved + 2)).to.deep.equal([stop(1, 'pickup'), stop(1, 'delivery')]);
    expect(routes[0]!.some((s) => s.request === 1)).to.equal(false);
    expect(travel(instance, routes)).to.be.below(before);
  });
});
