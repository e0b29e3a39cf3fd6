import { expect } from 'chai';
import fc from 'fast-check';
import { buildPlanningProblem } from '../../../src/planning/problem/index.ts';
import { precheckLegs } from '../../../src/planning/prechecks/index.ts';
import { journeyFor, parseSnapshot } from '../fixtures.ts';
import { scenarios, toBody, type Scenario } from './scenario.ts';
import { findSingleLegPlan } from './single-leg-plans.ts';

function precheckOf(scenario: Scenario, body: Record<string, unknown>) {
  const snapshot = parseSnapshot(body);
  const index = (id: string) => Number(id.slice(1));
  const problem = buildPlanningProblem(snapshot, journeyFor(snapshot, (from, to) => scenario.minutes[index(from)]![index(to)]!));
  return precheckLegs(problem).find((entry) => problem.legs[entry.leg]!.id === 'leg') ?? null;
}

describe('planning/prechecks: soundness against a brute-force single-leg planner', () => {
  it('never rejects a leg that a single-leg plan serves', function () {
    this.timeout(120_000);
    const seen = { plannable: 0, rejected: 0, skipped: 0 };
    fc.assert(
      fc.property(scenarios, (scenario) => {
        const body = toBody(scenario);
        if (body === undefined) {
          seen.skipped++;
          return;
        }
        let rejection;
        try {
          rejection = precheckOf(scenario, body);
        } catch (error) {
          if ((error as { code?: string }).code === 'validation_failed') {
            seen.skipped++;
            return;
          }
          throw error;
        }
        const plan = findSingleLegPlan(scenario);
        if (plan !== null) seen.plannable++;
        if (rejection !== null) seen.rejected++;
        if (plan !== null && rejection !== null) {
          throw new Error(`rejected ${rejection.reasonCode} (${rejection.detail}) but a plan exists: ${plan}`);
        }
      }),
      { numRuns: 600, seed: 20260302 },
    );
    // The property is only worth something when both sides occur often.
    expect(seen.plannable, JSON.stringify(seen)).to.be.greaterThan(60);
    expect(seen.rejected, JSON.stringify(seen)).to.be.greaterThan(60);
  });
});
