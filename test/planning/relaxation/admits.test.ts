/**
 * The relaxation model admits every real plan: for validated plans (the corpus twins and
 * generated bookings), the plan's own task starts and empties, mapped as the model's header says,
 * satisfy the model. A model that rejected one of them could "prove" a feasible booking
 * infeasible.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { generate, toJson } from '../../../data-gen/index.ts';
import { findPlan } from '../../../src/booking/decide.ts';
import { prepareCheck } from '../../../src/booking/prepare.ts';
import { relaxationData } from '../../../src/planning/relaxation/data.ts';
import { bookingPlanValidator } from '../../../src/booking/validate.ts';
import type { Engine } from '../../../src/engine/index.ts';
import type { Plan, UnplannedLeg } from '../../../src/planning/plan/types.ts';
import { exactSearch, smallEnoughForExact } from '../../../src/booking/exact.ts';
import { buildPlanningProblem, type PlanningProblem } from '../../../src/planning/problem/index.ts';
import { bookingEngine, releaseBookingEngine, corpus, estimatedJourney, parseBooking, quickSolver } from '../../booking/support.ts';

const ADMITS_MODEL = join(import.meta.dirname, 'admits-plan.mzn');
const engine: Engine = await bookingEngine();

const firstStop = (problem: PlanningProblem, unit: number): 'pickup' | 'delivery' =>
  problem.units[unit]!.type === 'deliver_empty' ? 'delivery' : 'pickup';

/**
 * The model's fixed values for a plan: each task starts where the plan's activity for that unit
 * and stop starts (the planner's activities serve one unit each), each empty's class is the
 * class of the Nugget delivered. Units of one leg are relabelled by the start of their first stop,
 * as the model's symmetry breaking asks (they are interchangeable).
 */
function planValues(problem: PlanningProblem, plan: Plan, mandatory: number[]) {
  const relaxation = relaxationData(problem, mandatory, prepared.get(problem)!);
  const starts = new Map<string, number>();
  const ends = new Map<string, number>();
  const delivered = new Map<number, number[]>();
  for (const duty of plan.duties) {
    for (const stop of duty.stops) {
      for (const activity of stop.activities) {
        if (activity.kind !== 'pickup' && activity.kind !== 'delivery') continue;
        starts.set(`${activity.unit}/${activity.kind}`, activity.start);
        ends.set(`${activity.unit}/${activity.kind}`, activity.end);
        if (activity.kind === 'delivery' && problem.units[activity.unit]!.type === 'deliver_empty') {
          const ids = new Map(problem.nuggets.map((nugget) => [nugget.id, nugget.index]));
          delivered.set(activity.unit, activity.nuggetIds.map((id) => ids.get(id)!));
        }
      }
    }
  }
  const planStart = new Array<number>(relaxation.taskOf.size).fill(-1);
  const planEnd = new Array<number>(relaxation.taskOf.size).fill(-1);
  const stand = new Map<number, number>();
  for (const leg of mandatory) {
    const units = problem.legs[leg]!.units;
    const byStart = [...units].sort((a, b) => starts.get(`${a}/${firstStop(problem, a)}`)! - starts.get(`${b}/${firstStop(problem, b)}`)! || a - b);
    units.forEach((unit, i) => stand.set(unit, byStart[i]!));
  }
  for (const [key, task] of relaxation.taskOf) {
    const [unit, stop] = key.split('/');
    const value = starts.get(`${stand.get(Number(unit))}/${stop}`);
    expect(value, `the plan serves ${key}`).to.be.a('number');
    planStart[task] = value!;
    planEnd[task] = ends.get(`${stand.get(Number(unit))}/${stop}`)!;
  }
  const used = new Map<number, number>();
  const planSource = relaxation.emptyUnits.map((unit) => {
    const real = stand.get(unit)!;
    const k = used.get(real) ?? 0;
    used.set(real, k + 1);
    return relaxation.sourceOfNugget.get(delivered.get(real)![k]!)! + 1;
  });
  // the validator counts the unit's Nugget at the place from the end of its handling (the
  // planner's activities serve one unit each: start + the task's handling minutes), never later
  // than the activity's end
  const durations = relaxation.data.task_duration as number[];
  const planUnloaded = (relaxation.data.arrival_task as number[]).map((task) => Math.min(planEnd[task - 1]!, planStart[task - 1]! + durations[task - 1]!));
  return { data: { ...relaxation.data, plan_start: planStart, plan_source: planSource, plan_unloaded: planUnloaded }, tasks: planStart.length };
}

async function exactPlanOf(problem: PlanningProblem, rejected: UnplannedLeg[], required: number[], solver: string): Promise<Plan | null> {
  const refused = new Set(rejected.map((entry) => entry.leg));
  const legs = problem.legs.filter((leg) => !refused.has(leg.index)).map((leg) => leg.index);
  const found = await exactSearch(problem, engine, { solver, timeLimitMs: 60_000, legs, required, rejected, signal: new AbortController().signal, deadline: Date.now() + 60_000, proofWanted: false });
  return found !== null && 'plan' in found ? found.plan.plan : null;
}

const prepared = new Map<PlanningProblem, ReturnType<typeof prepareCheck> extends infer B ? (B extends { precheckContext: infer C } ? C : never) : never>();

async function admitsTheFoundPlan(body: Record<string, unknown>, solver: string): Promise<number | null> {
  const snapshot = parseBooking(body);
  const problem = buildPlanningProblem(snapshot, await estimatedJourney(snapshot));
  const base = prepareCheck(problem, Date.now() + 60_000)!;
  prepared.set(problem, base.precheckContext);
  const validate = bookingPlanValidator(snapshot, problem);
  const decision = findPlan({ ...base, validate, deadline: Date.now() + 60_000 });
  const mandatory = [...base.accepted.served, ...problem.legs.filter((leg) => leg.origin === 'proposed').map((leg) => leg.index)];
  // what the planner's construction cannot plan, the exact model may (a small check only)
  const plan = decision?.status === 'feasible' ? decision.plan : smallEnoughForExact(problem) ? await exactPlanOf(problem, base.rejected, mandatory, solver) : null;
  if (plan === null || validate(plan).length > 0) return null;
  const { data, tasks } = planValues(problem, plan, mandatory);
  const result = await engine.solve({ model: ADMITS_MODEL, data, solver, timeLimitMs: 30_000 });
  expect(result.status, result.error?.message ?? '').to.equal('SATISFIED');
  return tasks;
}

describe('booking relaxation admits real plans', function () {
  this.timeout(150_000);
  after(releaseBookingEngine);

  for (const entry of corpus('feasible')) {
    it(`admits the plan found for ${entry.name}`, async () => {
      expect(await admitsTheFoundPlan(entry.body, quickSolver(engine))).to.be.a('number');
    });
  }

  it('admits the plans found for generated bookings (small preset, several seeds)', async () => {
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { snapshot } = generate({ preset: 'small', seed, booking: 1 + (seed % 3) });
      const tasks = await admitsTheFoundPlan(JSON.parse(toJson(snapshot)), quickSolver(engine));
      if (tasks !== null) checked += 1;
    }
    expect(checked, 'generated bookings found feasible').to.be.at.least(3);
  });
});
