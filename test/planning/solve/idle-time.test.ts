/**
 * Idle time is a `wait` unless the drivers'-hours rules need it as a break: on the `tiny` and
 * `small` presets (winter and summer), every break left at a place is one the validator needs
 * (typed as a wait, or cut to 15 minutes with the rest a wait, the plan fails the hours rules),
 * and the long idle stretches the hours engine wrote as breaks are waits.
 */
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Plan, StopActivity } from '../../../src/planning/plan/types.ts';
import { planValidator } from '../../../src/planning/solve/index.ts';
import { caseOf } from '../exact/support.ts';
import { suiteEngine, validPlan } from './support.ts';

/** The plan with one activity of one stop replaced. */
function replaced(plan: Plan, duty: number, stop: number, activity: number, by: StopActivity[]): Plan {
  return {
    ...plan,
    duties: plan.duties.map((entry, d) =>
      d !== duty ? entry : { ...entry, stops: entry.stops.map((place, s) => (s !== stop ? place : { ...place, activities: place.activities.flatMap((old, a) => (a === activity ? by : [old])) })) },
    ),
  };
}

const hoursRules = /^(D|W|R)\d/;

describe('idle time is a wait unless a rule needs a break', function () {
  this.timeout(0);
  const engineOf = suiteEngine();

  for (const preset of ['tiny', 'small'] as const) {
    for (const [season, start] of [['winter', '2026-03-02'], ['summer', '2026-07-13']] as const) {
      it(`${preset} (${season}): every break at a place is needed, no longer than needed, and the other idle time is waiting`, async () => {
        const { snapshot, problem } = await caseOf(JSON.parse(toJson(generate({ preset, seed: 1, start }).snapshot)));
        const { plan } = await validPlan(engineOf(), snapshot, problem);
        const validate = planValidator(snapshot, problem);
        let breaks = 0;
        let longWaits = 0;
        plan.duties.forEach((duty, d) =>
          duty.stops.forEach((stop, s) =>
            stop.activities.forEach((activity, a) => {
              if (activity.kind === 'wait' && activity.end - activity.start >= 15) longWaits += 1;
              if (activity.kind !== 'break') return;
              breaks += 1;
              const asWait = validate(replaced(plan, d, s, a, [{ kind: 'wait', start: activity.start, end: activity.end }]));
              expect(asWait.map((violation) => violation.rule).filter((rule) => hoursRules.test(rule)), `break at ${activity.start} as a wait`).to.not.be.empty;
              if (activity.end - activity.start <= 15) return;
              const cut = validate(replaced(plan, d, s, a, [{ kind: 'break', start: activity.start, end: activity.start + 15 }, { kind: 'wait', start: activity.start + 15, end: activity.end }]));
              expect(cut.map((violation) => violation.rule).filter((rule) => hoursRules.test(rule)), `break at ${activity.start} cut to 15 min`).to.not.be.empty;
            }),
          ),
        );
        // the presets' plans have long idle stretches (waiting for windows): they are waits now
        expect(longWaits, 'idle stretches of 15 min or more typed wait').to.be.greaterThan(0);
        expect(breaks + longWaits).to.be.greaterThan(0);
      });
    }
  }
});
