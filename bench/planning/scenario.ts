/**
 * A data-gen preset as the planner sees it: the snapshot through the service's parser, journey
 * minutes from the embedded estimator, the normalised problem.
 */
import { generate, toJson, type PresetName } from '../../data-gen/index.ts';
import type { Snapshot } from '../../src/contract/index.ts';
import { createJourneyProvider } from '../../src/journey/index.ts';
import { buildPlanningProblem, placesNeedingJourneys, type PlanningProblem } from '../../src/planning/problem/index.ts';
import { createSnapshotParser } from '../../src/snapshot/index.ts';

export interface Scenario {
  snapshot: Snapshot;
  problem: PlanningProblem;
}

export async function presetScenario(preset: PresetName, seed = 1, days?: number): Promise<Scenario> {
  const generated = generate({ preset, seed, ...(days === undefined ? {} : { days }) });
  const snapshot = createSnapshotParser().parse('manifests', JSON.parse(toJson(generated.snapshot)));
  const ids = placesNeedingJourneys(snapshot);
  const places = ids.map((id) => snapshot.locations.find((place) => place.id === id)!);
  const provider = createJourneyProvider({ provider: 'estimator' } as never);
  const matrix = await provider.matrix(places, { deadline: Date.now() + 60_000 });
  return { snapshot, problem: buildPlanningProblem(snapshot, matrix) };
}
