import { expect } from 'chai';
import type { RoutingInstance } from '../../src/routing/index.ts';
import { capacityVehicleBound } from '../../src/routing/utils/vehicle-bound.ts';
import { openRequest, randomInstance } from './support.ts';

describe('routing/vehicle-bound', () => {
  const withCapacities = (instance: RoutingInstance, capacities: number[]): RoutingInstance => ({
    ...instance,
    vehicles: capacities.map((capacity) => ({ ...instance.vehicles[0]!, capacity })),
  });

  it('needs vehicles whose capacities, largest first, carry every route-end load that may not be dropped', () => {
    const base = randomInstance(3, 6, true);
    const instance: RoutingInstance = { ...base, requests: base.requests.map((request) => ({ ...request, quantity: 5 })) };
    expect(capacityVehicleBound(withCapacities(instance, [10, 10, 10, 10]))).to.equal(3);
    expect(capacityVehicleBound(withCapacities(instance, [10, 20, 5]))).to.equal(2);
    // requests that may be dropped need no vehicle
    const droppable = { ...instance, requests: instance.requests.map((request, r) => ({ ...request, droppable: r >= 2 })) };
    expect(capacityVehicleBound(withCapacities(droppable, [10, 10, 10]))).to.equal(1);
  });

  it('counts no load for pickups delivered on the way: a vehicle can carry them one after the other', () => {
    const instance: RoutingInstance = {
      ...randomInstance(4, 1, false),
      requests: [openRequest(1, 2, 0, { quantity: 8 }), openRequest(1, 2, 1, { quantity: 8 })],
    };
    expect(capacityVehicleBound(withCapacities(instance, [10, 10]))).to.equal(1);
  });
});
