/**
 * Intra-route 2-opt (routing/algorithms/local-search/two-opt.ts): a run of a route's stops is
 * driven in reverse where that shortens the route; precedence, windows and capacity hold.
 */
import { expect } from 'chai';
import type { RouteStop, RoutingInstance } from '../../src/routing/index.ts';
import { OPERATORS } from '../../src/routing/algorithms/local-search/index.ts';
import { LocalSearchContext } from '../../src/routing/algorithms/local-search/context.ts';
import { intraTwoOpt } from '../../src/routing/algorithms/local-search/two-opt.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { lineInstance, openRequest, routesTravel as travel, stop } from './support.ts';

function reverse(instance: RoutingInstance, routes: RouteStop[][]): boolean {
  return intraTwoOpt(new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length), 0);
}

describe('routing/two-opt', () => {
  // places: 0 depot, 1 at 30, 2 at 10, 3 at 40, 4 at 50
  const line = [0, 30, 10, 40, 50];

  const p = (r: number): RouteStop => stop(r, 'pickup');
  const d = (r: number): RouteStop => stop(r, 'delivery');
  const cases: { title: string; line: number[]; pairs: [number, number][]; route: RouteStop[]; reversed: RouteStop[] }[] = [
    // p0 at 30, p1 at 10: the pickups the other way round
    { title: 'drives two pickups in reverse order where that shortens the route', line, pairs: [[1, 3], [2, 4]], route: [p(0), p(1), d(0), d(1)], reversed: [p(1), p(0), d(0), d(1)] },
    // p1 at 10, p0 at 40, d0 at 20, d1 at 50: reversing [p0, d0] would save 40 but deliver first;
    // reversing [d0, d1] saves as much and keeps every delivery after its pickup
    { title: 'never reverses a run that holds both stops of a request', line: [0, 40, 20, 10, 50], pairs: [[1, 2], [3, 4]], route: [p(1), p(0), d(0), d(1)], reversed: [p(1), p(0), d(1), d(0)] },
  ];
  for (const { title, line: places, pairs, route, reversed } of cases) {
    it(title, () => {
      const instance = lineInstance(places, pairs.map(([pickup, delivery], r) => openRequest(pickup, delivery, r)));
      const routes = [route.slice()];
      expect(travel(instance, routes)).to.equal(140);
      expect(reverse(instance, routes)).to.equal(true);
      expect(routes[0]).to.deep.equal(reversed);
      expect(travel(instance, routes)).to.equal(100);
    });
  }

  it('keeps the order when the reversed run misses a window or the capacity', () => {
    // request 0 must be picked up by 30, request 1 not before 45: the shorter order is too late for request 0
    const windows = lineInstance(line, [openRequest(1, 3, 0, { pickupWindow: { earliest: 0, latest: 30 } }), openRequest(2, 4, 1, { pickupWindow: { earliest: 45, latest: 1000 } })]);
    const routes = [[stop(0, 'pickup'), stop(1, 'pickup'), stop(0, 'delivery'), stop(1, 'delivery')]];
    expect(travel(windows, routes)).to.equal(140);
    expect(reverse(windows, routes)).to.equal(false);
    // loads: reversing the run [d1, p0] (p1 at 20, d1 at 35, p0 at 25, d0 at 40) saves 20 but
    // carries both requests at once: not with a capacity of one, with one of two
    const requests = [openRequest(3, 4, 0), openRequest(1, 2, 1)];
    const crossing = (): RouteStop[][] => [[stop(1, 'pickup'), stop(1, 'delivery'), stop(0, 'pickup'), stop(0, 'delivery')]];
    const tight = lineInstance([0, 20, 35, 25, 40], requests, 1, 1);
    const kept = crossing();
    expect(travel(tight, kept)).to.equal(100);
    expect(reverse(tight, kept)).to.equal(false);
    expect(kept).to.deep.equal(crossing());
    const roomy = lineInstance([0, 20, 35, 25, 40], requests, 1, 2);
    const reversed = crossing();
    expect(reverse(roomy, reversed)).to.equal(true);
    expect(travel(roomy, reversed)).to.equal(80);
  });
});
