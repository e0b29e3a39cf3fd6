import { expect } from 'chai';
import { construct, evaluateSolution, Random, type RouteStop, type RoutingInstance } from '../../src/routing/index.ts';
import { randomInstance } from './support.ts';
import { localSearch, OPERATORS } from '../../src/routing/algorithms/local-search/index.ts';
import { NeighbourLists } from '../../src/routing/utils/relatedness.ts';
import { LocalSearchContext } from '../../src/routing/algorithms/local-search/context.ts';
import { twoOptStar } from '../../src/routing/algorithms/local-search/two-opt-star.ts';
import { openRequest } from './support.ts';

function improve(instance: RoutingInstance, routes: RouteStop[][], seed = 1) {
  return localSearch(instance, routes, {
    neighbours: new NeighbourLists(instance),
    random: new Random(seed),
    routes: null,
    maxMoves: 10_000,
    deadline: Date.now() + 60_000,
  });
}

describe('routing/local-search', function () {
  this.timeout(60_000);

  for (const routeEnd of [false, true]) {
    const shape = routeEnd ? 'deliveries at the route end (Solomon)' : 'pickup and delivery pairs (Li & Lim)';
    it(`shortens a construction, with ${shape}, and every route stays feasible`, () => {
      const instance = randomInstance(routeEnd ? 11 : 5, 40, routeEnd);
      const routes = construct(instance).solution.routes;
      const before = evaluateSolution(instance, { routes });
      expect(before.ok).to.equal(true);
      const result = improve(instance, routes);
      const after = evaluateSolution(instance, { routes });
      expect(after.ok, after.ok ? '' : after.reason).to.equal(true);
      if (!before.ok || !after.ok) return;
      expect(after.cost.dropped).to.equal(0);
      expect(result.moves).to.be.above(0);
      expect(after.cost.travel).to.be.below(before.cost.travel);
    });
  }

  it('passes over an operator for a request only while it would find nothing again (idle records hide no move)', () => {
    for (const routeEnd of [false, true]) {
      const instance = randomInstance(routeEnd ? 71 : 72, 40, routeEnd);
      const neighbours = new NeighbourLists(instance);
      const routes = construct(instance).solution.routes;
      const context = new LocalSearchContext(instance, routes, neighbours, undefined, OPERATORS.length);
      const random = new Random(7);
      let passedOver = 0;
      let moves = 0;
      // operators tried on requests at random, from the construction on, as passes interleave them
      for (let step = 0; step < 2000; step += 1) {
        const r = random.int(instance.requests.length);
        const o = random.int(OPERATORS.length);
        const operator = OPERATORS[o]!;
        if (context.idle(r, o)) {
          passedOver += 1;
          // the same operator on a copy of the routes as they are now finds nothing either
          const copy = new LocalSearchContext(instance, routes.map((stops) => stops.slice()), neighbours, undefined, OPERATORS.length);
          expect(operator.apply(copy, r), `${operator.name} on request ${r} at step ${step}`).to.equal(false);
          continue;
        }
        context.trying();
        if (operator.apply(context, r)) moves += 1;
        else context.foundNothing(r, o);
      }
      expect(passedOver).to.be.above(100);
      expect(moves).to.be.above(10);
    }
  });

  it('tells the travel a request\'s removal saves as the route without it does', () => {
    for (const routeEnd of [false, true]) {
      const instance = randomInstance(routeEnd ? 51 : 52, 30, routeEnd);
      const routes = construct(instance).solution.routes;
      const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length);
      for (const [k, stops] of routes.entries()) {
        for (const stop of stops) {
          if (stop.kind === 'pickup') expect(context.savedWithout(k, stop.request)).to.equal(context.state(k).travel - context.stateWithout(k, stop.request).travel);
        }
      }
    }
  });

  it('finds the same local optimum whether or not the travel obeys the triangle inequality (the scans\' bounds change no move)', () => {
    for (const routeEnd of [false, true]) {
      const instance = randomInstance(routeEnd ? 61 : 62, 40, routeEnd);
      // one more place, no request's, at no distance from any: a detour through it beats every arc
      const n = instance.travel.length;
      const shortcut: RoutingInstance = { ...instance, travel: [...instance.travel.map((row) => [...row, 0]), new Array(n + 1).fill(0)] };
      const start = construct(instance).solution.routes;
      const bounded = start.map((stops) => stops.slice());
      const unbounded = start.map((stops) => stops.slice());
      const moves = improve(instance, bounded, 5).moves;
      expect(moves).to.be.above(5);
      expect(improve(shortcut, unbounded, 5).moves).to.equal(moves);
      expect(unbounded).to.deep.equal(bounded);
    }
  });

  it('finds the same local optimum for the same seed', () => {
    const instance = randomInstance(3, 30, false);
    const first = construct(instance).solution.routes;
    const second = construct(instance).solution.routes;
    improve(instance, first, 9);
    improve(instance, second, 9);
    expect(second).to.deep.equal(first);
  });

  it('keeps routes a route test rejects out of every move', () => {
    const instance = randomInstance(7, 30, false);
    const routes = construct(instance).solution.routes;
    const longest = Math.max(...routes.map((stops) => stops.length));
    const result = localSearch(instance, routes, {
      neighbours: new NeighbourLists(instance),
      random: new Random(2),
      routes: null,
      maxMoves: 10_000,
      deadline: Date.now() + 60_000,
      routeFilter: (_, stops) => stops.length <= longest,
    });
    expect(result.changed.size).to.be.above(0);
    for (const stops of routes) expect(stops.length).to.be.at.most(longest);
  });

  it('visits only the requests it is given (after a ruin, those re-inserted), and every route stays feasible', () => {
    const instance = randomInstance(5, 40, false);
    const routes = construct(instance).solution.routes;
    const before = evaluateSolution(instance, { routes });
    const given = routes.find((stops) => stops.length > 0)!.filter((stop) => stop.kind === 'pickup').map((stop) => stop.request);
    const result = localSearch(instance, routes, {
      neighbours: new NeighbourLists(instance),
      random: new Random(4),
      routes: null,
      requests: given,
      maxMoves: 10_000,
      deadline: Date.now() + 60_000,
    });
    const after = evaluateSolution(instance, { routes });
    expect(after.ok, after.ok ? '' : after.reason).to.equal(true);
    if (!before.ok || !after.ok) return;
    expect(result.moves).to.be.above(0);
    expect(after.cost.travel).to.be.below(before.cost.travel);
    expect(after.cost.dropped).to.equal(before.cost.dropped);
    // nothing to visit: no move
    expect(localSearch(instance, routes, { neighbours: new NeighbourLists(instance), random: new Random(4), routes: null, requests: [], maxMoves: 10_000, deadline: Date.now() + 60_000 }).moves).to.equal(0);
  });

  it('2-opt* swaps the tails of two crossing routes, and only where the capacities allow', () => {
    // a depot at the origin; one route goes east then far north, the other north then far east;
    // by 120 neither vehicle can serve all four requests
    const points: [number, number][] = [[0, 0], [10, 0], [20, 0], [0, 30], [0, 40], [0, 10], [0, 20], [30, 0], [40, 0]];
    const travel = points.map((a) => points.map((b) => Math.ceil(Math.hypot(a[0] - b[0], a[1] - b[1]))));
    const make = (extra: Partial<RoutingInstance['requests'][number]>[] = []): RoutingInstance => ({
      name: 'crossing',
      travel,
      horizon: 1000,
      requests: [openRequest(1, 2, 0, extra[0]), openRequest(3, 4, 1, extra[1]), openRequest(5, 6, 2, extra[2]), openRequest(7, 8, 3, extra[3])],
      vehicles: [2, 1].map((capacity) => ({ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 120 }, capacity, drivingDone: 0, drivingSinceBreak: 0 })),
      hours: null,
      vehiclesFirst: false,
    });
    const pair = (r: number): RouteStop[] => [{ request: r, kind: 'pickup' }, { request: r, kind: 'delivery' }];
    const crossing = (): RouteStop[][] => [[...pair(0), ...pair(1)], [...pair(2), ...pair(3)]];
    const swap = (instance: RoutingInstance) => {
      const routes = crossing();
      const context = new LocalSearchContext(instance, routes, new NeighbourLists(instance), undefined, OPERATORS.length);
      return { moved: twoOptStar(context, 0), routes };
    };
    const free = make();
    const swapped = swap(free);
    expect(swapped.moved).to.equal(true);
    expect(swapped.routes).to.deep.equal([[...pair(0), ...pair(3)], [...pair(2), ...pair(1)]]);
    const before = evaluateSolution(free, { routes: crossing() });
    const after = evaluateSolution(free, { routes: swapped.routes });
    if (!before.ok || !after.ok) throw new Error('infeasible');
    expect(after.cost.travel).to.be.below(before.cost.travel);
    // request 1 too heavy for the other vehicle: no tail of route 0 with it may move there
    expect(swap(make([{}, { quantity: 2 }])).moved).to.equal(false);
  });
});
