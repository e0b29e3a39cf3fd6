/**
 * What the booking tests share: the regression corpus on disk, the embedded estimator's journey
 * data (the real provider the service uses by default), and one engine for the whole run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Snapshot } from '../../src/contract/index.ts';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { createJourneyProvider, type JourneyMatrix } from '../../src/journey/index.ts';
import { placesNeedingJourneys } from '../../src/planning/problem/index.ts';
import { createSnapshotParser } from '../../src/snapshot/index.ts';

export const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CASES = join(REPOSITORY, 'test', 'cases');

export interface CorpusCase {
  name: string;
  kind: 'infeasible' | 'feasible';
  body: Record<string, unknown>;
  /** `twin_of`: the infeasible case a feasible one is the near-miss twin of (null: a feasible shape of its own). */
  expected: { status: string; reason_code?: string; why: string; twin_of?: string | null };
}

export function corpus(kind: CorpusCase['kind']): CorpusCase[] {
  const directory = join(CASES, kind);
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.expected.json'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.json$/, ''),
      kind,
      body: JSON.parse(readFileSync(join(directory, file), 'utf8')),
      expected: JSON.parse(readFileSync(join(directory, file.replace(/\.json$/, '.expected.json')), 'utf8')),
    }));
}

const parser = createSnapshotParser();
const estimator = createJourneyProvider({ provider: 'estimator' });

export function parseBooking(body: Record<string, unknown>): Snapshot {
  return parser.parse('booking_checks', structuredClone(body));
}

/** The estimator's journey data over the places the snapshot needs. */
export function estimatedJourney(snapshot: Snapshot): Promise<JourneyMatrix> {
  const byId = new Map(snapshot.locations.map((place) => [place.id, place]));
  return estimator.matrix(placesNeedingJourneys(snapshot).map((id) => byId.get(id)!), { deadline: Date.now() + 10_000 });
}

let shared: Promise<Engine> | undefined;
let users = 0;
/**
 * One engine (embedded solvers, native ones when installed) for every booking test file: each
 * file takes it when loaded and gives it back in its `after` hook; the last one closes it.
 */
export function bookingEngine(): Promise<Engine> {
  users += 1;
  shared ??= createEngine({ projectRoot: REPOSITORY, workers: 2 });
  return shared;
}

export async function releaseBookingEngine(): Promise<void> {
  users -= 1;
  if (users > 0 || shared === undefined) return;
  const engine = shared;
  shared = undefined;
  await (await engine).close();
}

/** Native Gecode when MiniZinc is installed (fast to start), else the embedded one. */
export function quickSolver(engine: Engine): string {
  return engine.solvers().some((solver) => solver.key === 'native:gecode') ? 'native:gecode' : 'gecode';
}

/** The solver ids the corpus runs on: Gecode and Chuffed, and CP-SAT when the engine has it. */
export function corpusSolvers(engine: Engine): string[] {
  const ids = new Set(engine.solvers().map((solver) => solver.id));
  return ['gecode', 'chuffed', 'cp-sat'].filter((id) => ids.has(id));
}
