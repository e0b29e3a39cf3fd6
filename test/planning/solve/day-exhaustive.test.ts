/**
 * The enumeration of a small day's routings (day-exhaustive.ts): on small random one-vehicle
 * instances with tight windows, droppable requests and travel times with and without the
 * triangle inequality, its answer equals the best over every subset of requests and every stop
 * order (an independent brute force); it gives up (null) when the node budget is too small.
 */
import { expect } from 'chai';
import { exhaustiveDay } from '../../../src/planning/solve/day-exhaustive.ts';
import { compareCost, evaluateSolution, Random, type RouteStop, type RoutingCost, type RoutingInstance } from '../../../src/routing/index.ts';
import { openRequest } from '../../routing/support.ts';

function randomDay(seed: number, requests: number, metric: boolean): RoutingInstance {
  const random = new Random(seed);
  const points = Array.from({ length: 1 + 2 * requests }, () => [random.int(60), random.int(60)] as const);
  const travel = points.map((a, i) => points.map((b, j) => (i === j ? 0 : Math.ceil(Math.hypot(a[0] - b[0], a[1] - b[1])) + (metric ? 0 : random.int(40)))));
  return {
    name: `exhaustive-${seed}`,
    travel,
    horizon: 400,
    requests: Array.from({ length: requests }, (_, r) => {
      const open = random.int(200);
      return openRequest(1 + 2 * r, 2 + 2 * r, r, {
        droppable: true,
        pickupWindow: { earliest: open, latest: open + 30 + random.int(60) },
        deliveryWindow: { earliest: open, latest: open + 90 + random.int(90) },
        pickupService: 5,
        deliveryService: 5,
      });
    }),
    vehicles: [{ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 400 }, capacity: 2, drivingDone: 0, drivingSinceBreak: 0 }],
    hours: null,
    vehiclesFirst: false,
  };
}

/** Every stop order of `requests` on one route, each pickup before its delivery. */
function orders(requests: readonly number[]): RouteStop[][] {
  const all: RouteStop[][] = [];
  const visit = (order: RouteStop[], picked: Set<number>, delivered: Set<number>) => {
    if (delivered.size === requests.length) {
      all.push(order);
      return;
    }
    for (const r of requests) {
      if (!picked.has(r)) visit([...order, { request: r, kind: 'pickup' }], new Set([...picked, r]), delivered);
      else if (!delivered.has(r)) visit([...order, { request: r, kind: 'delivery' }], picked, new Set([...delivered, r]));
    }
  };
  visit([], new Set(), new Set());
  return all;
}

function bruteForce(instance: RoutingInstance): RoutingCost {
  let best: RoutingCost | null = null;
  const n = instance.requests.length;
  for (let mask = 0; mask < 1 << n; mask += 1) {
    const chosen = Array.from({ length: n }, (_, r) => r).filter((r) => (mask >> r) & 1);
    for (const order of orders(chosen)) {
      const checked = evaluateSolution(instance, { routes: [order] });
      if (checked.ok && (best === null || compareCost(instance, checked.cost, best) < 0)) best = checked.cost;
    }
  }
  return best!;
}

describe('planning/solve/day-exhaustive', () => {
  it('finds the best routing of small random days (with and without the triangle inequality), as a brute force over every subset and order does', () => {
    let droppedSome = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const instance = randomDay(seed, 2 + (seed % 3), seed % 2 === 0);
      const found = exhaustiveDay(instance, 1_000_000);
      expect(found, `seed ${seed}`).to.not.equal(null);
      expect(evaluateSolution(instance, found!.solution).ok).to.equal(true);
      expect(found!.cost, `seed ${seed}`).to.deep.equal(bruteForce(instance));
      if (found!.cost.dropped > 0) droppedSome += 1;
    }
    // the windows are tight enough that some days cannot serve everything
    expect(droppedSome).to.be.greaterThan(0);
  });

  it('gives up when the node budget is too small', () => {
    expect(exhaustiveDay(randomDay(3, 4, true), 5)).to.equal(null);
  });
});
