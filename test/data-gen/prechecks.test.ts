import { expect } from 'chai';
import { generate, toJson, type PresetName } from '../../data-gen/index.ts';
import { estimateJourney } from '../../src/journey/estimator.ts';
import { precheckLegs } from '../../src/planning/prechecks/index.ts';
import { buildPlanningProblem, placesNeedingJourneys } from '../../src/planning/problem/index.ts';
import { createSnapshotParser } from '../../src/snapshot/index.ts';

const parser = createSnapshotParser();

/** The legs (accepted and proposed) that the service's own sound pre-checks prove unplannable. */
function rejectedLegs(preset: PresetName, seed: number): string[] {
  const snapshot = parser.parse('booking_checks', JSON.parse(toJson(generate({ preset, seed, booking: 10 }).snapshot)));
  const placeIds = placesNeedingJourneys(snapshot);
  const places = new Map(snapshot.locations.map((place) => [place.id, place]));
  const journeys = placeIds.map((from) => placeIds.map((to) => estimateJourney(places.get(from)!, places.get(to)!)));
  const problem = buildPlanningProblem(snapshot, {
    placeIds,
    minutes: journeys.map((row) => row.map((journey) => journey.minutes)),
    km: journeys.map((row) => row.map((journey) => journey.km)),
  });
  return precheckLegs(problem).map((unplanned) => `${problem.legs[unplanned.leg]?.id}: ${unplanned.reasonCode} (${unplanned.detail})`);
}

describe('data-gen snapshots against the planning pre-checks', function () {
  this.timeout(30_000);

  for (const preset of ['tiny', 'small', 'medium'] as const) {
    it(`has no ${preset} leg, accepted or proposed, that the pre-checks prove unplannable (three seeds)`, () => {
      for (const seed of [1, 2, 3]) expect(rejectedLegs(preset, seed), `seed ${seed}`).to.deep.equal([]);
    });
  }
});
