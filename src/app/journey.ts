import type { Place, Snapshot } from '../contract/index.ts';
import { relationCount, type JourneyMatrix } from '../journey/index.ts';
import { placesNeedingJourneys } from '../planning/problem/index.ts';
import type { PlanningContext, PlanningDependencies } from './ports.ts';

/** Journey data for every place the plan may drive between, charged to the credential first. */
export async function journeyFor(snapshot: Snapshot, context: PlanningContext, dependencies: PlanningDependencies, deadline: number): Promise<JourneyMatrix> {
  const byId = new Map<string, Place>(snapshot.locations.map((place) => [place.id, place]));
  const places = placesNeedingJourneys(snapshot).map((id) => byId.get(id)!);
  await context.chargeMatrixRelations(relationCount(places));
  try {
    const matrix = await dependencies.journey.matrix(places, { deadline, signal: context.signal });
    context.count('journey_call_ok');
    return matrix;
  } catch (error) {
    context.count('journey_call_error');
    throw error;
  }
}
