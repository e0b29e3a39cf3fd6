import { expect } from 'chai';
import { buildPlanningProblem, candidateEmpties, eligiblePairs, placesNeedingJourneys } from '../../../src/planning/problem/index.ts';
import { baseSnapshot, journeyFor, parseSnapshot, problemOf, window } from '../fixtures.ts';

const nugget = (id: string, location_id: string, extra: Record<string, unknown> = {}) => ({ id, availability: 'in_service', location_id, ...extra });

describe('planning/problem: buildPlanningProblem', () => {
  it('counts minutes from planning_period.start, rounding allowed intervals inwards and clipping them to the period', () => {
    const body = baseSnapshot();
    body.planning_period = window('2026-03-02T06:00:00Z', '2026-03-02T18:00:00Z');
    body.movements = [
      { type: 'deliver_empty', id: 'dl', destination_id: 'cust-x', window: window('2026-03-02T05:00:00Z', '2026-03-02T09:30:59Z') },
      { type: 'collect_empty', id: 'cl', nugget_id: 'n-c', location_id: 'cust-y', window: window('2026-03-02T10:00:30Z', '2026-03-02T19:00:00Z'), must_clear_by: '2026-03-02T17:10:40Z' },
    ];
    body.nuggets = [nugget('n-c', 'cust-y'), nugget('n-e', 'wh-a')];
    const { problem } = problemOf(body);
    expect(problem.horizon).to.equal(720);
    const [deliver, collect] = problem.units;
    expect(deliver!.deliveryWindow).to.deep.equal({ start: 0, end: 210 });
    expect(deliver!.pickupWindow).to.deep.equal({ start: 0, end: 720 });
    expect(collect!.pickupWindow).to.deep.equal({ start: 241, end: 720 });
    expect(collect!.mustClearBy).to.equal(670);
    expect(problem.drivers[0]!.availability).to.deep.equal([{ start: 60, end: 720 }]);
    expect(problem.lorries[0]!.availability).to.deep.equal([{ start: 0, end: 720 }]);
  });

  it('marks a window with nothing inside the period as empty (start after end)', () => {
    const body = baseSnapshot();
    body.movements = [{ type: 'deliver_empty', id: 'dl', destination_id: 'cust-x', window: window('2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z') }];
    body.nuggets = [nugget('n-e', 'wh-a')];
    const { problem } = problemOf(body);
    const { start, end } = problem.units[0]!.deliveryWindow;
    expect(start).to.be.greaterThan(end);
  });

  it('sorts and merges touching or overlapping availability windows', () => {
    const body = baseSnapshot();
    body.drivers[0].availability = [
      window('2026-03-02T13:00:00Z', '2026-03-02T15:00:00Z'),
      window('2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z'),
      window('2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z'),
      window('2026-03-02T14:00:00Z', '2026-03-02T16:00:00Z'),
    ];
    const { problem } = problemOf(body);
    expect(problem.drivers[0]!.availability).to.deep.equal([{ start: 480, end: 660 }, { start: 780, end: 960 }]);
  });

  it('expands splittable legs into per-Nugget units and keeps the others whole', () => {
    const body = baseSnapshot();
    body.nuggets = [nugget('n-1', 'wh-a'), nugget('n-2', 'wh-a'), nugget('n-3', 'wh-a'), nugget('e-1', 'wh-b'), nugget('e-2', 'wh-b'), nugget('e-3', 'wh-b')];
    const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');
    body.movements = [
      { type: 'move_nugget', id: 'mv-split', nugget_ids: ['n-1', 'n-2'], origin_id: 'wh-a', destination_id: 'cust-x', pickup_window: day, origin_handling_minutes_per_nugget: 7, destination_handling_minutes_per_nugget: 9 },
      { type: 'move_nugget', id: 'mv-whole', nugget_ids: ['n-3'], origin_id: 'wh-a', destination_id: 'hp-z', pickup_window: day, arrival_window: day, split_across_lorries: false },
      { type: 'deliver_empty', id: 'dl-split', destination_id: 'cust-x', window: day, quantity: 2 },
      { type: 'deliver_empty', id: 'dl-whole', destination_id: 'cust-y', window: day, quantity: 3, split_across_lorries: false, handling_minutes_per_nugget: 4 },
    ];
    const { problem } = problemOf(body);
    expect(problem.legs.map((leg) => [leg.id, leg.units, leg.quantity, leg.split, leg.origin])).to.deep.equal([
      ['mv-split', [0, 1], 2, true, 'accepted'],
      ['mv-whole', [2], 1, false, 'accepted'],
      ['dl-split', [3, 4], 2, true, 'accepted'],
      ['dl-whole', [5], 3, false, 'accepted'],
    ]);
    expect(problem.units.map((unit) => unit.size)).to.deep.equal([1, 1, 1, 1, 1, 3]);
    const id = (index: number) => problem.nuggets[index]!.id;
    expect(problem.units[0]!.nuggets.map(id)).to.deep.equal(['n-1']);
    expect(problem.units[1]!.nuggets.map(id)).to.deep.equal(['n-2']);
    expect(problem.units[0]!).to.include({ pickupMinutesPerNugget: 7, deliveryMinutesPerNugget: 9 });
    // Without an arrival window the delivery may start from the pickup window's start to the end of the period.
    expect(problem.units[0]!.deliveryWindow).to.deep.equal({ start: 540, end: problem.horizon });
    expect(problem.units[2]!.deliveryWindow).to.deep.equal({ start: 540, end: 720 });
    expect(problem.units[5]!).to.include({ pickupMinutesPerNugget: 4, deliveryMinutesPerNugget: 4 });
    const place = (index: number) => problem.places[index]!.id;
    expect(problem.units[5]!.pickupPlaces.map(place)).to.have.members(['wh-b']);
  });

  it('lists the empties a deliver_empty may take: reserved ones first, then the pool of its source', () => {
    const body = baseSnapshot();
    body.nuggets = [
      nugget('w-free', 'wh-b'),
      nugget('w-mine', 'wh-a', { reserved_for_movement_id: 'dl-any' }),
      nugget('w-other', 'wh-a', { reserved_for_movement_id: 'dl-wh' }),
      nugget('w-broken', 'wh-a', { availability: 'in_maintenance' }),
      nugget('w-hired', 'wh-a', { on_hire_to_customer_id: 'c-9' }),
      nugget('w-moving', 'wh-a'),
      nugget('x-free', 'cust-x'),
      nugget('y-collect', 'cust-y'),
    ];
    const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');
    body.movements = [
      { type: 'deliver_empty', id: 'dl-any', destination_id: 'hp-z', window: day },
      { type: 'deliver_empty', id: 'dl-wh', destination_id: 'hp-z', window: day, empty_source: 'warehouse_only' },
      { type: 'move_nugget', id: 'mv', nugget_ids: ['w-moving'], origin_id: 'wh-a', destination_id: 'cust-far', pickup_window: day },
      { type: 'collect_empty', id: 'cl', nugget_id: 'y-collect', location_id: 'cust-y', window: day },
    ];
    const { problem } = problemOf(body);
    const ids = (unit: number) => candidateEmpties(problem, problem.units[unit]!).map((candidate) => problem.nuggets[candidate.nugget]!.id);
    // Pools are ordered by place index (locations order: wh-a, wh-b, cust-x, cust-y, ...) then id.
    expect(ids(0)).to.deep.equal(['w-mine', 'w-free', 'x-free', 'y-collect']);
    expect(ids(1)).to.deep.equal(['w-other', 'w-free']);
    const viaCollect = candidateEmpties(problem, problem.units[0]!).find((candidate) => problem.nuggets[candidate.nugget]!.id === 'y-collect')!;
    expect(viaCollect.viaCollectUnit).to.equal(problem.legs[3]!.units[0]);
    expect(problem.units[0]!.pickupPlaces.map((index) => problem.places[index]!.id)).to.deep.equal(['wh-a', 'wh-b', 'cust-x', 'cust-y']);
    expect(problem.units[1]!.pickupPlaces.map((index) => problem.places[index]!.id)).to.deep.equal(['wh-a', 'wh-b']);
  });

  it('says where a collected empty may go: warehouses with room, or deliveries that may take it', () => {
    const body = baseSnapshot();
    body.locations[1].nugget_capacity = 0;
    body.nuggets = [nugget('y-1', 'cust-y'), nugget('y-2', 'cust-y', { reserved_for_movement_id: 'dl-wh' })];
    const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');
    body.movements = [
      { type: 'collect_empty', id: 'cl-1', nugget_id: 'y-1', location_id: 'cust-y', window: day },
      { type: 'collect_empty', id: 'cl-2', nugget_id: 'y-2', location_id: 'cust-y', window: day },
      { type: 'deliver_empty', id: 'dl-any', destination_id: 'hp-z', window: day, quantity: 2 },
      { type: 'deliver_empty', id: 'dl-wh', destination_id: 'hp-z', window: day, empty_source: 'warehouse_only' },
    ];
    const { problem } = problemOf(body);
    const place = (index: number) => problem.places[index]!.id;
    const first = problem.units[0]!.emptyDestinations!;
    expect(first.warehouses.map(place)).to.deep.equal(['wh-a']);
    expect(first.deliverUnits).to.deep.equal(problem.legs[2]!.units);
    // Reserved for a warehouse_only delivery, which cannot take a collected Nugget: warehouses only.
    expect(problem.units[1]!.emptyDestinations!.deliverUnits).to.deep.equal([]);
  });

  it('finds the drivers and lorries able to serve each unit (licence, qualification, equipment, capacity)', () => {
    const body = baseSnapshot();
    body.drivers.push(
      { id: 'd-ce-fork', home_warehouse_id: 'wh-b', availability: body.drivers[0].availability, qualifications: ['hgv_ce', 'forklift', 'crane'] },
      { id: 'd-no-hgv', home_warehouse_id: 'wh-a', availability: body.drivers[0].availability, qualifications: ['crane', 'forklift'] },
    );
    body.lorries.push(
      { id: 'l-fork-2', start_location_id: 'wh-b', availability: body.lorries[0].availability, nugget_capacity: 2, equipment: ['forklift'] },
      { id: 'l-both-6', start_location_id: 'wh-b', availability: body.lorries[0].availability, nugget_capacity: 6, equipment: ['forklift', 'crane'] },
    );
    body.nuggets = ['a', 'b', 'c', 'd', 'e'].map((id) => nugget(id, 'wh-a'));
    const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');
    body.movements = [
      { type: 'move_nugget', id: 'crane-5', nugget_ids: ['a', 'b', 'c', 'd', 'e'], origin_id: 'wh-a', destination_id: 'cust-x', pickup_window: day, split_across_lorries: false },
      { type: 'deliver_empty', id: 'fork-1', destination_id: 'cust-x', window: day, handling_method: 'forklift' },
    ];
    const { problem } = problemOf(body);
    const names = (unit: number) =>
      eligiblePairs(problem.units[unit]!).map(({ driver, lorry }) => `${problem.drivers[driver]!.id}/${problem.lorries[lorry]!.id}`);
    // Five Nuggets that may not be split: only the 6-Nugget crane lorry; the driver without HGV never.
    expect(names(0)).to.deep.equal(['d-1/l-both-6', 'd-ce-fork/l-both-6']);
    expect(names(1)).to.deep.equal(['d-ce-fork/l-fork-2', 'd-ce-fork/l-both-6']);
  });

  it('includes proposed legs after the accepted ones', () => {
    const body = baseSnapshot();
    body.nuggets = [nugget('e', 'wh-a')];
    const day = window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z');
    body.movements = [{ type: 'deliver_empty', id: 'acc', destination_id: 'cust-x', window: day }];
    body.new_movements = [{ type: 'deliver_empty', id: 'new', destination_id: 'cust-y', window: day }];
    const { problem } = problemOf(body);
    expect(problem.legs.map((leg) => [leg.id, leg.origin])).to.deep.equal([['acc', 'accepted'], ['new', 'proposed']]);
  });

  it('re-indexes journey data given in another order and with extra places', () => {
    const body = baseSnapshot();
    const snapshot = parseSnapshot(body);
    const needed = placesNeedingJourneys(snapshot);
    const placeIds = ['cust-far', ...needed].reverse();
    const minutes = placeIds.map((from) => placeIds.map((to) => (from === to ? 0 : from.length * 100 + to.length)));
    const problem = buildPlanningProblem(snapshot, { placeIds, minutes, km: minutes });
    const ids = problem.places.map((place) => place.id);
    expect(ids).to.deep.equal(needed);
    expect(problem.travelMinutes[0]![1]).to.equal(ids[0]!.length * 100 + ids[1]!.length);
  });

  it('rejects journey data that lacks a needed place (a pipeline bug)', () => {
    const snapshot = parseSnapshot(baseSnapshot());
    const journey = journeyFor(snapshot, () => 10);
    journey.placeIds = journey.placeIds.slice(1);
    expect(() => buildPlanningProblem(snapshot, journey)).to.throw(/no entry for place 'wh-a'/);
  });

  it('records place capacities and the Nuggets at each place at minute 0', () => {
    const body = baseSnapshot();
    body.nuggets = [nugget('a', 'wh-a'), nugget('b', 'wh-a', { availability: 'destroyed' }), nugget('c', 'cust-y')];
    body.movements = [{ type: 'collect_empty', id: 'cl', nugget_id: 'c', location_id: 'cust-y', window: window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z') }];
    const { problem } = problemOf(body);
    const byId = Object.fromEntries(problem.places.map((place) => [place.id, [place.capacity, place.initialOccupancy]]));
    expect(byId).to.deep.equal({ 'wh-a': [50, 2], 'wh-b': [null, 0], 'cust-y': [3, 1] });
  });
});
