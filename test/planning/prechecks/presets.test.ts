import { expect } from 'chai';
import { generate } from '../../../data-gen/index.ts';
import { createEstimatorProvider } from '../../../src/journey/estimator-provider.ts';
import { precheckLegs } from '../../../src/planning/prechecks/index.ts';
import { buildPlanningProblem, placesNeedingJourneys } from '../../../src/planning/problem/index.ts';
import { parseSnapshot } from '../fixtures.ts';

/**
 * data-gen builds every leg so that some crew of its region can serve it on its own (and says
 * when it falls short): on such snapshots a sound pre-check rejects nothing.
 */
describe('planning/prechecks: generated snapshots whose legs are all servable one by one', () => {
  for (const preset of ['small', 'medium'] as const) {
    it(`rejects no leg of the ${preset} preset`, async function () {
      this.timeout(60_000);
      const { snapshot: body, stats } = generate({ preset, seed: 7 });
      expect(stats.unservable + stats.oversubscribed).to.equal(0);
      const snapshot = parseSnapshot(body as Record<string, unknown>);
      const places = placesNeedingJourneys(snapshot).map((id) => snapshot.locations.find((place) => place.id === id)!);
      const journey = await createEstimatorProvider().matrix(places, { deadline: Date.now() + 30_000 });
      const problem = buildPlanningProblem(snapshot, journey);
      expect(precheckLegs(problem)).to.deep.equal([]);
    });
  }
});
