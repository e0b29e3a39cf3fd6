/**
 * A neighbourhood of a plan as a problem of its own (src/planning/solve/horizon-subproblem.ts):
 * the freed duties get only the time, empties and place room the rest of the plan leaves them (a
 * restriction), and the freed duties as they are stay a solution of models/horizon.mzn on it (the
 * warm start the neighbourhood's search starts from). On the planner's plan of the `small`
 * preset (seed 1).
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import { exactData, fixedData } from '../../../src/planning/exact/index.ts';
import type { Plan } from '../../../src/planning/plan/types.ts';
import type { PlanningProblem } from '../../../src/planning/problem/index.ts';
import { modelSolverOf } from '../../../src/planning/solve/engine-solver.ts';
import { dutyLegs, dutyNuggetIds, horizonSubproblem } from '../../../src/planning/solve/horizon-subproblem.ts';
import { planValidator, planWithSolver } from '../../../src/planning/solve/index.ts';
import { caseOf } from '../exact/support.ts';
import { PLAN_OPTIONS, suiteEngine } from './support.ts';

describe('planning/solve horizon subproblem', function () {
  this.timeout(300_000);
  const engine = suiteEngine();
  let problem: PlanningProblem;
  let plan: Plan;
  let freed: number[];

  before(async () => {
    const built = await caseOf(JSON.parse(toJson(generate({ preset: 'small', seed: 1 }).snapshot)));
    problem = built.problem;
    plan = (await planWithSolver(problem, modelSolverOf(engine()), { ...PLAN_OPTIONS, validate: planValidator(built.snapshot, problem) })).plan;
    // the first two duties that share no leg and no Nugget with another duty
    const others = (index: number) => plan.duties.filter((_, other) => other !== index);
    freed = plan.duties
      .map((duty, index) => ({ duty, index }))
      .filter(({ duty, index }) => {
        const legs = new Set(others(index).flatMap((other) => dutyLegs(problem, other)));
        const nuggets = new Set(others(index).flatMap((other) => [...dutyNuggetIds(other)]));
        return dutyLegs(problem, duty).every((leg) => !legs.has(leg)) && [...dutyNuggetIds(duty)].every((id) => !nuggets.has(id));
      })
      .slice(0, 2)
      .map(({ index }) => index);
    expect(freed.length).to.equal(2);
  });

  const subproblem = () => horizonSubproblem(problem, plan, { freed, idleDrivers: [], legs: [...new Set(freed.flatMap((index) => dutyLegs(problem, plan.duties[index]!)))].sort((a, b) => a - b) });

  it('gives the freed duties only the time the rest of the plan leaves their drivers and lorries', () => {
    const sub = subproblem();
    const freedDuties = freed.map((index) => plan.duties[index]!);
    for (const driver of sub.problem.drivers) {
      const own = freedDuties.find((duty) => duty.driver === driver.index);
      if (own === undefined) {
        expect(driver.availability, `driver ${driver.id}`).to.deep.equal([]);
        continue;
      }
      expect(driver.availability).to.have.length(1);
      expect(driver.availability[0]!.start).to.be.at.most(own.start);
      expect(driver.availability[0]!.end).to.be.at.least(own.end);
      expect(problem.drivers[driver.index]!.availability.some((window) => window.start <= driver.availability[0]!.start && driver.availability[0]!.end <= window.end)).to.equal(true);
    }
    for (const lorry of sub.problem.lorries) {
      if (!freedDuties.some((duty) => duty.lorry === lorry.index)) {
        expect(lorry.availability, `lorry ${lorry.id}`).to.deep.equal([]);
        continue;
      }
      for (const duty of sub.background.filter((other) => other.lorry === lorry.index)) {
        expect(lorry.availability.some((window) => window.start <= duty.end && duty.start <= window.end), `lorry ${lorry.id} while another duty uses it`).to.equal(false);
      }
    }
  });

  // (on this plan no background duty adds Nuggets to a capacitated place, so no count is raised
  // here: what is checked is that a place's count at minute 0 never drops, and is unchanged where
  // the background does not come)
  it('offers no empty a background duty loads, and leaves the room of places the background does not visit', () => {
    const sub = subproblem();
    const taken = new Set(sub.background.flatMap((duty) => [...dutyNuggetIds(duty)]));
    const offered = [...Object.values(sub.problem.emptyPools).flat(), ...sub.problem.units.flatMap((unit) => unit.empties?.reserved ?? [])];
    expect(offered.filter((candidate) => taken.has(problem.nuggets[candidate.nugget]!.id))).to.deep.equal([]);
    const before = [...Object.values(problem.emptyPools).flat(), ...problem.units.flatMap((unit) => unit.empties?.reserved ?? [])];
    expect(before.some((candidate) => taken.has(problem.nuggets[candidate.nugget]!.id)), 'the background loads empties of the pools').to.equal(true);
    const visited = new Set(sub.background.flatMap((duty) => duty.stops.map((stop) => stop.place)));
    for (const place of sub.problem.places) {
      const original = problem.places[place.index]!;
      expect(place.initialOccupancy).to.be.at.least(original.initialOccupancy);
      if (original.capacity === null || !visited.has(place.index)) expect(place.initialOccupancy, place.id).to.equal(original.initialOccupancy);
    }
  });

  it('keeps the freed duties as they are a solution of horizon.mzn on the subproblem', async () => {
    const sub = subproblem();
    const instance = exactData(sub.problem, { legs: sub.legs, slotsPerWindow: 1 });
    const outcome = await modelSolverOf(engine()).solve({
      model: 'horizon.mzn',
      data: { ...instance.data, ...fixedData(sub.problem, instance, sub.warm) },
      solver: 'gecode',
      timeLimitMs: 120_000,
      seed: 1,
    });
    expect(outcome.status).to.be.oneOf(['SATISFIED', 'OPTIMAL']);
  });
});
