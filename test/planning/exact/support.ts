/**
 * What the exact model's tests share: small seeded snapshots (the `tiny` preset cut down to a few
 * legs, winter and summer dates), their problem on the embedded journey estimator, and one
 * engine for every test file.
 */
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Snapshot } from '../../../src/contract/index.ts';
import { createEngine, type Engine } from '../../../src/engine/index.ts';
import { createJourneyProvider } from '../../../src/journey/index.ts';
import { buildPlanningProblem, placesNeedingJourneys, type PlanningProblem } from '../../../src/planning/problem/index.ts';
import { createSnapshotParser } from '../../../src/snapshot/index.ts';
import { REPOSITORY } from '../../booking/support.ts';

const parser = createSnapshotParser();
const estimator = createJourneyProvider({ provider: 'estimator' });

export interface Case {
  snapshot: Snapshot;
  problem: PlanningProblem;
}

/** The problem of a request body as the pipeline builds it (estimated journeys). */
export async function caseOf(body: Record<string, unknown>, operation: 'manifests' | 'booking_checks' = 'manifests'): Promise<Case> {
  const snapshot = parser.parse(operation, structuredClone(body));
  const byId = new Map(snapshot.locations.map((place) => [place.id, place]));
  const matrix = await estimator.matrix(placesNeedingJourneys(snapshot).map((id) => byId.get(id)!), { deadline: Date.now() + 30_000 });
  return { snapshot, problem: buildPlanningProblem(snapshot, matrix) };
}

/**
 * A small snapshot: the `tiny` preset of `seed` (a winter Monday for even seeds, a summer one for
 * odd), keeping `legs` of its legs chosen by the seed; reservations for legs left out are dropped.
 */
export function smallSnapshot(seed: number, legs: number): Record<string, any> {
  const body = JSON.parse(toJson(generate({ preset: 'tiny', seed, start: seed % 2 === 0 ? '2026-03-02' : '2026-07-13' }).snapshot));
  const offset = seed % Math.max(1, body.movements.length - legs + 1);
  body.movements = body.movements.slice(offset, offset + legs);
  const kept = new Set(body.movements.map((leg: { id: string }) => leg.id));
  for (const nugget of body.nuggets) if (nugget.reserved_for_movement_id != null && !kept.has(nugget.reserved_for_movement_id)) delete nugget.reserved_for_movement_id;
  return body;
}

let shared: Promise<Engine> | undefined;
let users = 0;
/** One engine for the exact model's test files (embedded solvers, native ones when installed). */
export function exactEngine(): Promise<Engine> {
  users += 1;
  shared ??= createEngine({ projectRoot: REPOSITORY, workers: 2 });
  return shared;
}

export async function releaseExactEngine(): Promise<void> {
  users -= 1;
  if (users > 0 || shared === undefined) return;
  const engine = shared;
  shared = undefined;
  await (await engine).close();
}
