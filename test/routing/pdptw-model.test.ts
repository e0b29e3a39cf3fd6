/**
 * models/pdptw.mzn on instances small enough to know their optimum by hand, run on the real
 * engine; the routes it returns are re-checked by the route evaluator.
 */
import { expect } from 'chai';
import type { Engine } from '../../src/engine/index.ts';
import { modelPath } from '../../src/planning/solve/model-solver.ts';
import { evaluateSolution, pdptwData, pdptwRoutes, type RoutingInstance, type RoutingRequest } from '../../src/routing/index.ts';
import { testEngine } from '../planning/solve/support.ts';
import { openRequest } from './support.ts';

/** Places on a line at x = 0, 10, 20, ... (index = x / 10); travel = distance. */
function line(count: number): number[][] {
  return Array.from({ length: count }, (_, a) => Array.from({ length: count }, (_, b) => 10 * Math.abs(a - b)));
}

const request = (pickup: number, delivery: number, extra: Partial<RoutingRequest> = {}): RoutingRequest => openRequest(pickup, delivery, pickup * 100 + delivery, extra);

function instance(requests: RoutingRequest[], extra: Partial<RoutingInstance> = {}): RoutingInstance {
  return {
    name: 'line',
    travel: line(5),
    horizon: 1000,
    requests,
    vehicles: [{ startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 1000 }, capacity: 1, drivingDone: 0, drivingSinceBreak: 0 }],
    hours: null,
    vehiclesFirst: false,
    ...extra,
  };
}

describe('models/pdptw.mzn (exact on small instances)', function () {
  this.timeout(120_000);
  let engine: Engine;

  before(async () => {
    engine = await testEngine();
  });
  after(async () => {
    await engine.close();
  });

  async function solve(routing: RoutingInstance, solver = 'gecode') {
    const result = await engine.solve({ model: modelPath('pdptw.mzn'), data: pdptwData(routing), solver, timeLimitMs: 60_000, seed: 1 });
    expect(result.status, result.error?.message).to.equal('OPTIMAL');
    const solution = pdptwRoutes(routing, result.solution as { succ: number[]; route: number[] });
    const evaluated = evaluateSolution(routing, solution);
    if (!evaluated.ok) expect.fail(`the evaluator rejects the model's routes: ${evaluated.reason}`);
    return { solution, cost: evaluated.cost };
  }

  it('serves two requests on a line in the one order that never drives back (travel 80)', async () => {
    const { solution, cost } = await solve(instance([request(1, 2), request(3, 4)]));
    expect(cost).to.deep.equal({ dropped: 0, vehicles: 1, travel: 80 });
    expect(solution.routes[0]).to.deep.equal([
      { request: 0, kind: 'pickup' },
      { request: 0, kind: 'delivery' },
      { request: 1, kind: 'pickup' },
      { request: 1, kind: 'delivery' },
    ]);
  });

  it('follows the time windows when they force the far request first (travel 100)', async () => {
    const { solution, cost } = await solve(
      instance([request(1, 2, { pickupWindow: { earliest: 60, latest: 200 } }), request(3, 4, { pickupWindow: { earliest: 0, latest: 35 } })]),
    );
    expect(cost.travel).to.equal(100);
    expect(solution.routes[0]!.map((stop) => stop.request)).to.deep.equal([1, 1, 0, 0]);
  });

  it('respects the capacity: with room for two it carries both at once', async () => {
    // pickups at 1 and 2, deliveries at 3 and 4: with capacity 2 the route is a single sweep
    const routing = instance([request(1, 3), request(2, 4)]);
    const one = await solve(routing);
    expect(one.cost.travel).to.equal(100); // 0-1-3-2-4-0 = 10+20+10+20+40
    routing.vehicles[0]!.capacity = 2;
    const two = await solve(routing);
    expect(two.cost.travel).to.equal(80); // 0-1-2-3-4-0
  });

  it('leaves out a request that cannot be served and serves the rest', async () => {
    const { solution, cost } = await solve(
      instance([request(1, 2, { droppable: true }), request(3, 4, { droppable: true, deliveryWindow: { earliest: 0, latest: 20 } })]),
    );
    expect(cost.dropped).to.equal(1);
    expect(solution.routes[0]!.map((stop) => stop.request)).to.deep.equal([0, 0]);
  });

  it('applies the driving limit only when the drivers-hours switch is on', async () => {
    const requests = [request(1, 2, { droppable: true }), request(3, 4, { droppable: true, group: 2 })];
    const off = await solve(instance(requests));
    expect(off.cost.dropped).to.equal(0);
    const on = await solve(instance(requests, { hours: { maxDriving: 50, maxSpan: 1000, drivingBeforeBreak: 1000, breakLength: 0 } }));
    expect(on.cost).to.deep.equal({ dropped: 1, vehicles: 1, travel: 40 });
  });

  it('reserves a break for the driving on Chuffed as on Gecode (the hours relaxation)', async () => {
    // 0 -> 1 -> 4 -> 0: 80 minutes of driving, over the 60 allowed before a break, so a 30-minute
    // break must fit in the route's 100 minutes: it does not (110), and the request is left out
    const requests = [request(1, 4, { droppable: true })];
    const hours = { maxDriving: 500, maxSpan: 1000, drivingBeforeBreak: 60, breakLength: 30 };
    const tight = instance(requests, { hours });
    tight.vehicles[0]!.window = { earliest: 0, latest: 100 };
    const roomy = instance(requests, { hours });
    roomy.vehicles[0]!.window = { earliest: 0, latest: 110 };
    for (const solver of ['gecode', 'chuffed']) {
      expect((await solve(tight, solver)).cost.dropped, solver).to.equal(1);
      expect((await solve(roomy, solver)).cost, solver).to.deep.equal({ dropped: 0, vehicles: 1, travel: 80 });
    }
  });

  it('counts the handling with the driving and the break in the span of a route (the hours relaxation)', async () => {
    // 0 -> 1 -> 4 -> 0: 80 minutes of driving and a 30-minute break, plus 10 + 10 minutes of handling:
    // 130 minutes, so a route of 120 leaves the request out and one of 130 serves it
    const requests = [request(1, 4, { droppable: true, pickupService: 10, deliveryService: 10 })];
    const hours = { maxDriving: 500, maxSpan: 1000, drivingBeforeBreak: 60, breakLength: 30 };
    for (const [latest, dropped] of [[120, 1], [130, 0]] as const) {
      const routing = instance(requests, { hours });
      routing.vehicles[0]!.window = { earliest: 0, latest };
      for (const solver of ['gecode', 'chuffed']) expect((await solve(routing, solver)).cost.dropped, `${solver}, route of ${latest}`).to.equal(dropped);
    }
  });

  it('limits the driving of each route on its own (two routes of 80 under a limit of 90)', async () => {
    // alone, 1 -> 4 is 0-1-4-0 = 80 minutes of driving and 3 -> 4 is 0-3-4-0 = 80; one route serving
    // both (capacity 1) drives at least 0-1-4-3-4-0 = 100, over the limit: each takes a route of its own
    const requests = [request(1, 4, { droppable: true }), request(3, 4, { droppable: true })];
    const hours = { maxDriving: 90, maxSpan: 1000, drivingBeforeBreak: 1000, breakLength: 0 };
    const twoVehicles = (maxDriving: number) => {
      const routing = instance(requests, { hours: { ...hours, maxDriving } });
      routing.vehicles.push({ ...routing.vehicles[0]! });
      return routing;
    };
    expect((await solve(twoVehicles(90))).cost).to.deep.equal({ dropped: 0, vehicles: 2, travel: 160 });
    expect((await solve(twoVehicles(79))).cost.dropped).to.equal(2);
  });

  it('serves the requests of one group together or not at all', async () => {
    // the two halves of one leg cannot both fit (capacity 1, windows overlap exactly), so the leg is left out whole
    const tight = { earliest: 10, latest: 10 };
    const { cost, solution } = await solve(
      instance([
        request(1, 2, { droppable: true, group: 7, pickupWindow: tight }),
        request(1, 2, { droppable: true, group: 7, pickupWindow: tight }),
        request(3, 4, { droppable: true, group: 8 }),
      ]),
    );
    expect(cost.dropped).to.equal(1);
    expect(solution.routes[0]!.map((stop) => stop.request)).to.deep.equal([2, 2]);
  });

  it('re-inserts a freed request between kept stops in their order, and proves nothing better exists', async () => {
    // kept: A (1 -> 2) then B (3 -> 4), in that order; C (2 -> 3) fits between them at no extra travel
    const routing = instance([request(1, 2), request(3, 4), request(2, 3, { droppable: true })]);
    const pickupA = { request: 0, kind: 'pickup' as const };
    const deliveryA = { request: 0, kind: 'delivery' as const };
    const pickupB = { request: 1, kind: 'pickup' as const };
    const restriction = {
      fixedVehicle: [0, 0, null],
      keepPrevPickup: ['start' as const, deliveryA, null],
      keepPrevDelivery: [pickupA, pickupB, null],
    };
    const run = (incumbent: { dropped: number; vehicles: number; travel: number }) =>
      engine.solve({ model: modelPath('pdptw.mzn'), data: pdptwData(routing, { restriction: { ...restriction, incumbent } }), solver: 'gecode', timeLimitMs: 60_000, seed: 1 });
    const improved = await run({ dropped: 1, vehicles: 1, travel: 80 });
    expect(improved.status, improved.error?.message).to.equal('OPTIMAL');
    const { routes } = pdptwRoutes(routing, improved.solution as { succ: number[]; route: number[] });
    expect(routes[0]!.map((stop) => `${'ABC'[stop.request]}${stop.kind === 'pickup' ? '+' : '-'}`)).to.deep.equal(['A+', 'A-', 'C+', 'C-', 'B+', 'B-']);
    const proof = await run({ dropped: 0, vehicles: 1, travel: 80 });
    expect(proof.status).to.equal('UNSATISFIABLE');
  });

  it('searches large neighbourhoods (restarts, relax_and_reconstruct on succ) only when lns_keep is given', async () => {
    const routing = instance([request(1, 2), request(3, 4)]);
    const annotations = async (data: Record<string, unknown>) => {
      const compiled = await engine.compile({ model: modelPath('pdptw.mzn'), data, timeLimitMs: 60_000 });
      const solve = (compiled.flatzinc as { solve: { ann?: { id?: string; args?: unknown[] }[] } }).solve;
      return (solve.ann ?? []).filter((annotation) => annotation.id !== 'seq_search' && annotation.id !== 'warm_start');
    };
    expect(await annotations(pdptwData(routing))).to.deep.equal([]);
    expect(await annotations({ ...pdptwData(routing), lns_keep: 50 })).to.have.deep.members([
      { id: 'restart_constant', args: [50] },
      { id: 'relax_and_reconstruct', args: ['succ', 50] },
    ]);
    const refused = await engine.solve({ model: modelPath('pdptw.mzn'), data: { ...pdptwData(routing), lns_keep: 100 }, solver: 'gecode', timeLimitMs: 60_000 });
    expect(refused.status).to.equal('ERROR');
    expect(refused.error?.message).to.include('lns_keep is a percentage in 0..99');
  });

  it('uses the fewest vehicles first when told to (Li & Lim order)', async () => {
    const routing = instance([request(1, 2), request(3, 4)], { vehiclesFirst: true });
    routing.vehicles.push({ ...routing.vehicles[0]! });
    const { cost } = await solve(routing);
    expect(cost.vehicles).to.equal(1);
  });
});
