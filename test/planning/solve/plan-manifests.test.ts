/**
 * The manifest planner end to end on the real engine: pre-checked legs left out with their
 * reason, small plans with a known best answer, every plan through the independent validator,
 * and the same answer for the same snapshot.
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { createJourneyProvider } from '../../../src/journey/index.ts';
import { buildPlanningProblem, placesNeedingJourneys } from '../../../src/planning/problem/index.ts';
import type { Snapshot } from '../../../src/contract/index.ts';
import type { PlanningProblem } from '../../../src/planning/problem/index.ts';
import { baseSnapshot, parseSnapshot, problemOf, window, type Body } from '../fixtures.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { PLAN_OPTIONS, testEngine, validPlan } from './support.ts';


/** Two Nuggets at wh-a: one to move to cust-x, one empty (off-hire) for a delivery to cust-y. */
function twoLegSnapshot(): Body {
  const body = baseSnapshot();
  body.nuggets = [
    { id: 'n-move', availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-1' },
    { id: 'n-empty', availability: 'in_service', location_id: 'wh-a' },
  ];
  body.movements = [
    {
      type: 'move_nugget',
      id: 'mv-1',
      nugget_ids: ['n-move'],
      origin_id: 'wh-a',
      destination_id: 'cust-x',
      pickup_window: window('2026-03-02T08:00:00Z', '2026-03-02T12:00:00Z'),
      arrival_window: window('2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z'),
    },
    { type: 'deliver_empty', id: 'de-1', destination_id: 'cust-y', window: window('2026-03-02T11:00:00Z', '2026-03-02T16:00:00Z') },
  ];
  return body;
}

async function presetProblem(preset: 'tiny' | 'small', seed: number): Promise<{ snapshot: Snapshot; problem: PlanningProblem }> {
  const generated = generate({ preset, seed });
  const snapshot = parseSnapshot(JSON.parse(toJson(generated.snapshot)));
  const ids = placesNeedingJourneys(snapshot);
  const provider = createJourneyProvider({ provider: 'estimator' } as never);
  const matrix = await provider.matrix(ids.map((id) => snapshot.locations.find((place) => place.id === id)!), { deadline: Date.now() + 10_000 });
  return { snapshot, problem: buildPlanningProblem(snapshot, matrix) };
}

describe('planManifests', function () {
  this.timeout(180_000);
  let engine: Engine;

  before(async () => {
    engine = await testEngine();
  });
  after(async () => {
    await engine.close();
  });

  const planOf = (snapshot: Snapshot, problem: PlanningProblem) => validPlan(engine, snapshot, problem);

  it('plans both legs of a one-driver day, passes the validator and proves the driving optimal without a model call', async () => {
    const { snapshot, problem } = problemOf(twoLegSnapshot(), 30);
    const { plan, evidence } = await planOf(snapshot, problem);
    expect(plan.unplanned).to.deep.equal([]);
    expect(plan.duties).to.have.length(1);
    // both Nuggets loaded at wh-a, then the windows fix the order: cust-x (by 10:00), cust-y (from 11:00); 3 drives of 30 min
    const stops = plan.duties[0]!.stops.map((stop) => problem.places[stop.place]!.id);
    expect(stops).to.deep.equal(['wh-a', 'cust-x', 'cust-y', 'wh-a']);
    expect(evidence.planning_engine.objective).to.equal(90);
    // 90 minutes is the travel lower bound (every place entered once, by its cheapest arc, and
    // the drive home): the search stops there, proven, with no model to call
    expect(evidence.planning_engine.proven_optimal).to.equal(true);
    expect(evidence.planning_engine.bound).to.equal(90);
    expect(evidence.planning_engine.models).to.deep.equal([]);
    expect(evidence.planning_engine.proof).to.contain('travel lower bound');
  });

  it('leaves a leg the pre-checks reject out, with their reason, and plans the rest', async () => {
    const body = twoLegSnapshot();
    body.movements.push({
      type: 'deliver_empty',
      id: 'de-late',
      destination_id: 'cust-x',
      window: window('2026-03-05T10:00:00Z', '2026-03-05T12:00:00Z'),
    });
    const { snapshot, problem } = problemOf(body, 30);
    const { plan } = await planOf(snapshot, problem);
    expect(plan.unplanned.map((entry) => [problem.legs[entry.leg]!.id, entry.reasonCode])).to.deep.equal([['de-late', 'window_outside_planning_period']]);
    expect(plan.duties).to.have.length(1);
  });

  it('leaves out, as not planned within the allowance, a leg no duty can reach in time', async () => {
    const body = twoLegSnapshot();
    // the driver is only free until 10:00 and the delivery window opens at 11:00
    body.drivers[0].availability = [window('2026-03-02T07:00:00Z', '2026-03-02T10:00:00Z')];
    const { snapshot, problem } = problemOf(body, 30);
    const { plan } = await planOf(snapshot, problem);
    const ids = plan.unplanned.map((entry) => problem.legs[entry.leg]!.id);
    expect(ids).to.include('de-1');
    expect(ids).to.not.include('mv-1');
  });

  it("plans a Nugget's three moves of one day, each picked up after the move before it delivered", async () => {
    const body = baseSnapshot();
    body.nuggets = [{ id: 'n-1', availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-1' }];
    const move = (id: string, origin: string, destination: string, from: string, to: string) => ({
      type: 'move_nugget',
      id,
      nugget_ids: ['n-1'],
      origin_id: origin,
      destination_id: destination,
      pickup_window: window(`2026-03-02T${from}:00Z`, `2026-03-02T${to}:00Z`),
    });
    body.movements = [move('mv-1', 'wh-a', 'cust-x', '07:00', '12:00'), move('mv-2', 'cust-x', 'hp-z', '07:00', '16:00'), move('mv-3', 'hp-z', 'wh-b', '07:00', '18:00')];
    const { snapshot, problem } = problemOf(body, 30);
    const { plan } = await planOf(snapshot, problem);
    expect(plan.unplanned).to.deep.equal([]);
    const handling = plan.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities));
    const timeOf = (leg: string, kind: 'pickup' | 'delivery') =>
      handling.find((activity) => activity.kind === kind && problem.legs[problem.units[activity.unit]!.leg]!.id === leg) as { start: number; end: number };
    expect(timeOf('mv-2', 'pickup').start).to.be.at.least(timeOf('mv-1', 'delivery').end);
    expect(timeOf('mv-3', 'pickup').start).to.be.at.least(timeOf('mv-2', 'delivery').end);
  });

  it('moves on a Nugget only after the whole unloading of the leg that brought it (shown as one activity)', async () => {
    const body = baseSnapshot();
    body.nuggets = ['n-1', 'n-2'].map((id) => ({ id, availability: 'in_service', location_id: 'wh-a', on_hire_to_customer_id: 'c-1' }));
    body.movements = [
      // two Nuggets, one unit each: unloaded back to back at cust-x, which the plan shows as one delivery
      { type: 'move_nugget', id: 'mv-both', nugget_ids: ['n-1', 'n-2'], origin_id: 'wh-a', destination_id: 'cust-x', split_across_lorries: true, pickup_window: window('2026-03-02T07:00:00Z', '2026-03-02T09:00:00Z') },
      { type: 'move_nugget', id: 'mv-on', nugget_ids: ['n-1'], origin_id: 'cust-x', destination_id: 'hp-z', pickup_window: window('2026-03-02T07:00:00Z', '2026-03-02T16:00:00Z') },
    ];
    const { snapshot, problem } = problemOf(body, 30);
    const { plan } = await planOf(snapshot, problem);
    expect(plan.unplanned).to.deep.equal([]);
    const activities = plan.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities));
    const unloadedBy = Math.max(...activities.filter((a) => a.kind === 'delivery' && problem.units[a.unit]!.movementId === 'mv-both').map((a) => a.end));
    const pickedUp = activities.find((a) => a.kind === 'pickup' && problem.units[a.unit]!.movementId === 'mv-on')!;
    expect(pickedUp.start).to.be.at.least(unloadedBy);
  });

  it('gives the same plan for the same snapshot and seed', async () => {
    const { snapshot, problem } = problemOf(twoLegSnapshot(), 30);
    const first = await planOf(snapshot, problem);
    const second = await planOf(snapshot, problem);
    expect(second.plan).to.deep.equal(first.plan);
  });

  it('plans the 20-leg small preset by the search, validly, the same plan twice', async () => {
    const { snapshot, problem } = await presetProblem('small', 1);
    const first = await planOf(snapshot, problem);
    const accepted = problem.legs.filter((leg) => leg.origin === 'accepted').length;
    expect(accepted - first.plan.unplanned.length).to.be.at.least(18);
    const second = await planOf(snapshot, problem);
    expect(second.plan).to.deep.equal(first.plan);
    expect(second.evidence.planning_engine.objective).to.equal(first.evidence.planning_engine.objective);
  });

  it("says in evidence which backend made the exact day model's claim and on what basis", async () => {
    // seed 1: the search's plan of its day is not at the travel bound, and Gecode proves within the exact model's failure limit that nothing beats it
    const { snapshot, problem } = await presetProblem('tiny', 1);
    const { evidence } = await planManifests(problem, engine, { ...PLAN_OPTIONS, validate: planValidator(snapshot, problem), policy: { exactAlways: true } });
    expect(evidence.planning_engine.models).to.include('pdptw.mzn');
    // Gecode's claim (OPTIMAL, or UNSATISFIABLE: nothing beats the search's plan) with its basis:
    // trusted on the model class, confirmed by a second backend, or unconfirmed (then no proof)
    expect(evidence.planning_engine.proof).to.match(/Gecode \S+ \((embedded|native)\)/);
    expect(evidence.planning_engine.proof).to.match(/trusted on this model class|confirmed by|did not confirm|no time left|refuted/);
  });

  it('plans every leg of the data-gen tiny preset with a valid plan, the same one twice', async () => {
    const { snapshot, problem } = await presetProblem('tiny', 3);
    const first = await planOf(snapshot, problem);
    expect(first.plan.unplanned, JSON.stringify(first.plan.unplanned)).to.deep.equal([]);
    const second = await planOf(snapshot, problem);
    expect(second.plan).to.deep.equal(first.plan);
  });
});
