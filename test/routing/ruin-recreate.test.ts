/**
 * The TypeScript ruin and recreate (routing/ruin-recreate.ts) on seeded random instances: what it
 * returns passes the route evaluator, never loses on the lexicographic objective, removes routes
 * when vehicles count first, and repeats for the same seed.
 */
import { expect } from 'chai';
import { compareCost, evaluateSolution, type RoutingInstance, ruinAndRecreate, type RuinRecreateOptions, Random, searchParameters, type RoutingSolution } from '../../src/routing/index.ts';

/** A depot (place 0) and `count` pickup-delivery pairs on a 100 x 100 square, wide windows. */
function randomInstance(count: number, seed: number, extra: Partial<RoutingInstance> = {}): RoutingInstance {
  const random = new Random(seed);
  const points = [[50, 50], ...Array.from({ length: 2 * count }, () => [random.int(101), random.int(101)])] as [number, number][];
  const travel = points.map(([ax, ay]) => points.map(([bx, by]) => Math.ceil(Math.hypot(ax - bx, ay - by))));
  return {
    name: `random-${count}-${seed}`,
    travel,
    horizon: 2000,
    requests: Array.from({ length: count }, (_, r) => {
      const start = random.int(600);
      return {
        pickupLocation: 1 + 2 * r,
        deliveryLocation: 2 + 2 * r,
        pickupWindow: { earliest: start, latest: start + 300 },
        deliveryWindow: { earliest: start, latest: start + 700 },
        pickupService: 5,
        deliveryService: 5,
        quantity: 1 + random.int(3),
        droppable: false,
        group: r,
        deliverAtRouteEnd: false,
        eligibleVehicles: null,
      };
    }),
    vehicles: Array.from({ length: count }, () => ({
      startLocation: 0,
      endLocation: 0,
      window: { earliest: 0, latest: 2000 },
      capacity: 8,
      drivingDone: 0,
      drivingSinceBreak: 0,
    })),
    hours: null,
    vehiclesFirst: true,
    ...extra,
  };
}

/** Every request on a route of its own: feasible and as bad as it gets on vehicles. */
function oneRouteEach(instance: RoutingInstance): RoutingSolution {
  return { routes: instance.vehicles.map((_, k) => [{ request: k, kind: 'pickup' as const }, { request: k, kind: 'delivery' as const }]) };
}

const options = (extra: Partial<RuinRecreateOptions> = {}): RuinRecreateOptions => {
  const parameters = searchParameters({ seed: 7, deadline: Date.now() + 60_000 }, { ruinRecreate: { maxIterations: 400, progress: 'iterations' } });
  return { ...parameters.ruinRecreate!, seed: parameters.seed, deadline: parameters.deadline, ...extra };
};

describe('routing/ruin-recreate', function () {
  this.timeout(60_000);

  it('removes routes when vehicles count first, and returns a solution the evaluator accepts', () => {
    const instance = randomInstance(16, 3);
    const start = oneRouteEach(instance);
    const before = evaluateSolution(instance, start);
    expect(before.ok).to.equal(true);
    const result = ruinAndRecreate(instance, start, options());
    const after = evaluateSolution(instance, result.solution);
    expect(after.ok, after.ok ? '' : after.reason).to.equal(true);
    if (!after.ok || !before.ok) return;
    expect(after.cost).to.deep.equal(result.cost);
    expect(result.cost.dropped).to.equal(0);
    expect(result.cost.vehicles).to.be.below(before.cost.vehicles / 2);
    expect(result.vehiclesEliminated).to.be.greaterThan(0);
    expect(result.stoppedBy).to.equal('iterations');
  });

  it('gives the same routes for the same seed and iteration budget', () => {
    const instance = randomInstance(14, 11);
    const first = ruinAndRecreate(instance, oneRouteEach(instance), options({ seed: 3 }));
    const second = ruinAndRecreate(instance, oneRouteEach(instance), options({ seed: 3 }));
    expect(second.solution).to.deep.equal(first.solution);
    expect(second.iterations).to.equal(first.iterations);
  });

  it('empties routes from the local optimum of the start: the local search runs before route elimination spends its budget', () => {
    const instance = randomInstance(16, 3);
    const start = oneRouteEach(instance);
    // one move: the whole budget of the first elimination round
    const result = ruinAndRecreate(instance, start, options({ maxIterations: 1 }));
    expect(result.iterations).to.equal(1);
    expect(result.localSearchMoves).to.be.greaterThan(0);
    const after = evaluateSolution(instance, result.solution);
    expect(after.ok, after.ok ? '' : after.reason).to.equal(true);
    if (after.ok) expect(after.cost.vehicles).to.be.below(start.routes.length);
  });

  it('with a clock budget, accepts by counted moves: the same seed makes the same moves however fast the clock runs', () => {
    // travel first: no route elimination, whose safety caps follow the clock
    const instance = randomInstance(24, 11, { vehiclesFirst: false });
    const horizonMs = 1e12;
    const run = () => {
      const bests: number[] = [];
      const result = ruinAndRecreate(instance, oneRouteEach(instance), options({
        progress: 'time', maxIterations: 300, deadline: Date.now() + horizonMs, onImprovement: (cost) => bests.push(cost.travel),
      }));
      return { result, bests };
    };
    const steady = run();
    // a clock that runs through much of the budget while the same moves are made
    const now = Date.now;
    let fake = now();
    Date.now = () => (fake += horizonMs / 3_000);
    let hurried: ReturnType<typeof run>;
    try {
      hurried = run();
    } finally {
      Date.now = now;
    }
    expect(steady.result.stoppedBy).to.equal('iterations');
    expect(hurried.result.stoppedBy).to.equal('iterations');
    expect(hurried.bests).to.deep.equal(steady.bests);
    expect(hurried.result.solution).to.deep.equal(steady.result.solution);
  });

  it('with travel first and the drivers-hours limits on, keeps every route within them and never does worse', () => {
    const instance = randomInstance(12, 5, {
      vehiclesFirst: false,
      hours: { maxDriving: 400, maxSpan: 900, drivingBeforeBreak: 200, breakLength: 30 },
      requests: randomInstance(12, 5).requests.map((request) => ({ ...request, droppable: true })),
    });
    const start = oneRouteEach(instance);
    const before = evaluateSolution(instance, start);
    expect(before.ok).to.equal(true);
    const result = ruinAndRecreate(instance, start, options({ maxIterations: 200 }));
    const after = evaluateSolution(instance, result.solution);
    expect(after.ok, after.ok ? '' : after.reason).to.equal(true);
    if (!after.ok || !before.ok) return;
    expect(compareCost(instance, after.cost, before.cost)).to.be.at.most(0);
    expect(after.cost.dropped).to.equal(0);
    expect(after.cost.travel).to.be.below(before.cost.travel);
  });

  it('keeps every route it changes within a further route test (the planner: the drivers-hours engine)', () => {
    const instance = randomInstance(12, 5, { vehiclesFirst: false, requests: randomInstance(12, 5).requests.map((request) => ({ ...request, droppable: true })) });
    // at most two requests a route: without the test the search puts more on one route
    const atMostTwo = (_vehicle: number, stops: readonly { request: number }[]) => new Set(stops.map((stop) => stop.request)).size <= 2;
    const free = ruinAndRecreate(instance, oneRouteEach(instance), options({ maxIterations: 200 }));
    expect(free.solution.routes.some((stops) => !atMostTwo(0, stops))).to.equal(true);
    const tested = ruinAndRecreate(instance, oneRouteEach(instance), options({ maxIterations: 200, routeFilter: atMostTwo }));
    expect(tested.solution.routes.every((stops) => atMostTwo(0, stops))).to.equal(true);
    expect(tested.cost.dropped).to.equal(0);
    const start = evaluateSolution(instance, oneRouteEach(instance));
    if (!start.ok) throw new Error(start.reason);
    // pairing requests two by two still saves driving
    expect(tested.cost.travel).to.be.below(start.cost.travel);
  });

  it('with SISR\'s insertion orders and blinks (the default), returns feasible routes, removes routes, and repeats for the same seed', () => {
    const instance = randomInstance(16, 3);
    const sisr = options({ insertionOrders: 'sisr', blinkRate: 0.05, regretShare: 0 });
    const first = ruinAndRecreate(instance, oneRouteEach(instance), sisr);
    const again = ruinAndRecreate(instance, oneRouteEach(instance), sisr);
    const check = evaluateSolution(instance, first.solution);
    expect(check.ok, check.ok ? '' : check.reason).to.equal(true);
    expect(first.cost.vehicles).to.be.below(instance.vehicles.length / 2);
    expect(again.solution).to.deep.equal(first.solution);
  });
});
