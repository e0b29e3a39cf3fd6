/**
 * The travel lower bound of a day (day-bound.ts): never above the travel of any routing that
 * serves every request (checked against every order of small random instances whose travel times
 * break the triangle inequality), and met by the one-route plan of a day on a line.
 */
import { expect } from 'chai';
import { travelLowerBound } from '../../../src/planning/solve/day-bound.ts';
import { evaluateSolution, type RoutingInstance } from '../../../src/routing/index.ts';
import type { RouteStop } from '../../../src/routing/index.ts';
import { Random } from '../../../src/routing/index.ts';
import { openRequest } from '../../routing/support.ts';

function instanceOf(travel: number[][], pairs: [number, number][], vehicles = 1): RoutingInstance {
  return {
    name: 'bound',
    travel,
    horizon: 100_000,
    requests: pairs.map(([pickup, delivery], r) => openRequest(pickup, delivery, r, {}, 100_000)),
    vehicles: Array.from({ length: vehicles }, () => ({ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 100_000 }, capacity: 10, drivingDone: 0, drivingSinceBreak: 0 })),
    hours: null,
    vehiclesFirst: false,
  };
}

/** Every stop order of the requests on one route with each pickup before its delivery. */
function allOrders(requests: number): RouteStop[][] {
  const orders: RouteStop[][] = [];
  const visit = (order: RouteStop[], picked: Set<number>, delivered: Set<number>) => {
    if (delivered.size === requests) {
      orders.push(order);
      return;
    }
    for (let r = 0; r < requests; r += 1) {
      if (!picked.has(r)) visit([...order, { request: r, kind: 'pickup' }], new Set([...picked, r]), delivered);
      else if (!delivered.has(r)) visit([...order, { request: r, kind: 'delivery' }], picked, new Set([...delivered, r]));
    }
  };
  visit([], new Set(), new Set());
  return orders;
}

describe('planning/solve/day-bound', () => {
  it('is met by the one route of a day whose three places are 30 minutes apart', () => {
    // both loads start at the depot (place 0) and go to places 1 and 2
    const travel = [
      [0, 30, 30],
      [30, 0, 30],
      [30, 30, 0],
    ];
    const instance = instanceOf(travel, [[0, 1], [0, 2]]);
    const best = evaluateSolution(instance, { routes: [[{ request: 0, kind: 'pickup' }, { request: 1, kind: 'pickup' }, { request: 0, kind: 'delivery' }, { request: 1, kind: 'delivery' }]] });
    expect(best.ok && best.cost.travel).to.equal(90);
    expect(travelLowerBound(instance)).to.equal(90);
  });

  it('never exceeds the travel of any order serving every request (200 random asymmetric instances)', () => {
    const random = new Random(11);
    for (let trial = 0; trial < 200; trial += 1) {
      const places = 2 + random.int(4);
      const travel = Array.from({ length: places }, (_, a) => Array.from({ length: places }, (_, b) => (a === b ? 0 : 1 + random.int(90))));
      const requests = 1 + random.int(3);
      const pairs = Array.from({ length: requests }, () => [random.int(places), random.int(places)] as [number, number]);
      const instance = instanceOf(travel, pairs);
      const bound = travelLowerBound(instance);
      for (const order of allOrders(requests)) {
        const evaluated = evaluateSolution(instance, { routes: [order] });
        expect(evaluated.ok).to.equal(true);
        if (evaluated.ok) expect(bound, JSON.stringify({ travel, pairs, order })).to.be.at.most(evaluated.cost.travel);
      }
    }
  });
});
