import { expect } from 'chai';
import { applyInsertion, bestInsertion, checkRoute, construct, evaluateSolution, feasibleInsertions, Random, regretInsert, type RouteStop, type RoutingInstance, type RoutingSolution } from '../../src/routing/index.ts';
import { buildState } from '../../src/routing/structures/route-state.ts';
import { randomInstance } from './support.ts';

/** The cheapest feasible insertion by trying every pair of positions on the full route check. */
function exhaustiveBest(instance: RoutingInstance, k: number, stops: RouteStop[], r: number): number | null {
  const before = stops.length === 0 ? 0 : (checkRoute(instance, k, stops) as { ok: true; schedule: { travel: number } }).schedule.travel;
  let best: number | null = null;
  for (let i = 0; i <= stops.length; i += 1) {
    for (let j = i; j <= stops.length; j += 1) {
      const check = checkRoute(instance, k, applyInsertion(stops, r, { vehicle: k, pickupAt: i, deliveryAt: j, delta: 0 }));
      if (check.ok && (best === null || check.schedule.travel - before < best)) best = check.schedule.travel - before;
    }
  }
  return best;
}

/** Each request of the routes, with its route and that route's stops without it. */
function eachTakenOut(routes: RouteStop[][], visit: (k: number, r: number, others: RouteStop[]) => void): void {
  for (const [k, stops] of routes.entries()) {
    for (const stop of stops) if (stop.kind === 'pickup') visit(k, stop.request, stops.filter((other) => other.request !== stop.request));
  }
}

describe('routing/insertion', function () {
  this.timeout(60_000);

  for (const routeEnd of [false, true]) {
    it(`finds the cheapest feasible place of a request, as trying every place does (${routeEnd ? 'route-end deliveries' : 'pickup and delivery pairs'})`, () => {
      const instance = randomInstance(routeEnd ? 21 : 22, 36, routeEnd);
      const routes = construct(instance).solution.routes;
      let compared = 0;
      for (const [k, stops] of routes.entries()) {
        for (const stop of stops) {
          if (stop.kind !== 'pickup') continue;
          const others = stops.filter((other) => other.request !== stop.request);
          for (const target of [k, (k + 1) % routes.length]) {
            const into = target === k ? others : routes[target]!;
            const found = bestInsertion(instance, target, into, stop.request);
            expect(found?.delta ?? null).to.equal(exhaustiveBest(instance, target, into, stop.request));
            compared += 1;
          }
        }
      }
      expect(compared).to.be.above(30);
    });
  }

  it('picks, among places of equal cost, the one the full list of feasible places puts first', () => {
    for (const routeEnd of [false, true]) {
      // integer grid points: many places tie on cost
      const instance = randomInstance(routeEnd ? 15 : 14, 5, routeEnd);
      const routes = construct(instance).solution.routes;
      for (const [k, stops] of routes.entries()) {
        for (const stop of stops) {
          if (stop.kind !== 'pickup') continue;
          const others = stops.filter((other) => other.request !== stop.request);
          expect(bestInsertion(instance, k, others, stop.request)).to.deep.equal(feasibleInsertions(instance, k, others, stop.request)[0] ?? null);
        }
      }
    }
  });

  describe('a limit on the added travel (what a local-search move must gain)', () => {
    /** The instance with one arc made so long that a detour beats it: no place may be passed over on a bound. */
    const withShortcut = (instance: RoutingInstance): RoutingInstance => {
      const travel = instance.travel.map((row) => row.slice());
      travel[1]![2] = travel[1]![0]! + travel[0]![2]! + 50;
      return { ...instance, travel };
    };
    for (const routeEnd of [false, true]) {
      for (const metric of [true, false]) {
        it(`gives the cheapest place when it adds less than the limit, else none (${routeEnd ? 'route-end deliveries' : 'pairs'}, ${metric ? 'triangle inequality' : 'a shortcut'})`, () => {
          const base = randomInstance(routeEnd ? 31 : 32, 30, routeEnd);
          const instance = metric ? base : withShortcut(base);
          const routes = construct(instance).solution.routes;
          let below = 0;
          let above = 0;
          eachTakenOut(routes, (k, r, others) => {
            for (const target of [k, (k + 1) % routes.length]) {
              const into = target === k ? others : routes[target]!;
              const cheapest = feasibleInsertions(instance, target, into, r)[0] ?? null;
              expect(bestInsertion(instance, target, into, r)).to.deep.equal(cheapest);
              if (cheapest === null) continue;
              for (const limit of [cheapest.delta, cheapest.delta + 1, cheapest.delta + 1000]) {
                const found = bestInsertion(instance, target, into, r, undefined, null, limit);
                if (cheapest.delta < limit) { expect(found).to.deep.equal(cheapest); below += 1; } else { expect(found).to.equal(null); above += 1; }
              }
            }
          });
          expect(below).to.be.above(30);
          expect(above).to.be.above(10);
        });
      }
    }
  });

  describe('construction when vehicles count first', () => {
    const everyRequest = (instance: RoutingInstance) => ({ requests: instance.requests.map((_, r) => r), vehicles: instance.vehicles.map((_, k) => k) });

    it('builds the routes for travel alone, as many as that takes (not filling each route before the next)', () => {
      const instance: RoutingInstance = { ...randomInstance(4, 24, false), vehiclesFirst: true };
      const built = construct(instance);
      expect(built.unserved).to.deep.equal([]);
      const cost = evaluateSolution(instance, built.solution);
      expect(cost.ok, cost.ok ? '' : cost.reason).to.equal(true);
      // the same routes as when travel counts first
      expect(built.solution).to.deep.equal(construct({ ...instance, vehiclesFirst: false }).solution);
      // filling each route first uses fewer vehicles and drives further
      const filled: RoutingSolution = { routes: instance.vehicles.map(() => []) };
      expect(regretInsert(instance, filled, everyRequest(instance))).to.deep.equal([]);
      const filledCost = evaluateSolution(instance, filled);
      if (!cost.ok || !filledCost.ok) throw new Error('infeasible');
      expect(filledCost.cost.vehicles).to.be.below(cost.cost.vehicles);
      expect(filledCost.cost.travel).to.be.above(cost.cost.travel);
    });

    it('fills the routes instead when the fleet is too small for routes built for travel alone', () => {
      // two vehicles of capacity 4 until 1600: routes built for travel leave a request out
      const base = randomInstance(1, 14, false);
      const instance: RoutingInstance = {
        ...base,
        vehiclesFirst: true,
        vehicles: base.vehicles.slice(0, 2).map((vehicle) => ({ ...vehicle, capacity: 4, window: { earliest: 0, latest: 1600 } })),
      };
      const travelOnly: RoutingSolution = { routes: instance.vehicles.map(() => []) };
      expect(regretInsert(instance, travelOnly, { ...everyRequest(instance), travelOnly: true })).to.not.deep.equal([]);
      const built = construct(instance);
      expect(built.unserved).to.deep.equal([]);
      const cost = evaluateSolution(instance, built.solution);
      expect(cost.ok && cost.cost.dropped === 0, cost.ok ? '' : cost.reason).to.equal(true);
    });
  });

  it('with blinks, passes over feasible places at their rate: never at 0, every one at 1 (but an empty route\'s), a feasible one between', () => {
    for (const routeEnd of [false, true]) {
      const instance = randomInstance(routeEnd ? 31 : 32, 24, routeEnd);
      const routes = construct(instance).solution.routes;
      let skipped = 0;
      let kept = 0;
      for (const [k, stops] of routes.entries()) {
        for (const stop of stops) {
          if (stop.kind !== 'pickup') continue;
          const others = stops.filter((other) => other.request !== stop.request);
          const state = buildState(instance, k, others);
          const plain = bestInsertion(instance, k, others, stop.request, state);
          expect(bestInsertion(instance, k, others, stop.request, state, { random: new Random(1), rate: 0 })).to.deep.equal(plain);
          const all = bestInsertion(instance, k, others, stop.request, state, { random: new Random(1), rate: 1 });
          expect(all).to.deep.equal(others.length === 0 ? plain : null);
          const some = bestInsertion(instance, k, others, stop.request, state, { random: new Random(k + 1), rate: 0.5 });
          if (some === null) { skipped += 1; continue; }
          kept += 1;
          // a place it keeps is feasible and never cheaper than the cheapest
          expect(checkRoute(instance, k, applyInsertion(others, stop.request, some)).ok).to.equal(true);
          expect(some.delta).to.be.at.least(plain!.delta);
        }
      }
      expect(kept).to.be.above(0);
      expect(skipped + kept).to.be.above(10);
    }
  });
});
