/**
 * What the exact model's tests share: small seeded snapshots (the `tiny` preset cut down to a few
 * legs, winter and summer dates), their problem on the embedded journey estimator, and one
 * engine for every test file.
 */
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Snapshot } from '../../../src/contract/index.ts';
import type { Plan } from '../../../src/planning/plan/types.ts';
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
  return keepLegs(body, seed, legs);
}

/** The body with `count` of its legs from a position chosen by `pick`; reservations for the others dropped. */
function keepLegs(body: Record<string, any>, pick: number, count: number): Record<string, any> {
  const offset = pick % Math.max(1, body.movements.length - count + 1);
  body.movements = body.movements.slice(offset, offset + count);
  const kept = new Set(body.movements.map((leg: { id: string }) => leg.id));
  for (const nugget of body.nuggets) if (nugget.reserved_for_movement_id != null && !kept.has(nugget.reserved_for_movement_id)) delete nugget.reserved_for_movement_id;
  return body;
}

/**
 * A small snapshot for the differential tests: the `small` preset of `seed` (a winter Monday
 * for even seeds, a summer one for odd) with 1-3 of its drivers (each with the lorry it is paired
 * with) and 2-8 of its legs, both counts and the legs chosen by the seed (`legs` overrides the
 * count); reservations for legs left out are dropped.
 */
export function differentialSnapshot(seed: number, legs = 2 + (Math.floor(seed / 6) % 7)): Record<string, any> {
  const body = JSON.parse(toJson(generate({ preset: 'small', seed, start: seed % 2 === 0 ? '2026-03-02' : '2026-07-13' }).snapshot));
  const drivers = 1 + (Math.floor(seed / 2) % 3);
  body.drivers = body.drivers.slice(0, drivers);
  const lorries = new Set(body.drivers.map((driver: { id: string }) => driver.id.replace(/^drv-/, 'lry-')));
  body.lorries = body.lorries.filter((lorry: { id: string }) => lorries.has(lorry.id));
  return keepLegs(body, seed * 7, legs);
}

const DAY_MS = 86_400_000;
const nextDay = (instant: string) => new Date(Date.parse(instant) + DAY_MS).toISOString();

/**
 * A differential snapshot over two days where a load may have to stay on a lorry overnight: the
 * period, every driver's and lorry's availability repeated on the next day (a second duty slot
 * each), and one move_nugget leg (chosen by the seed; none when there is none) given an arrival
 * window on the next day's morning, from its pickup window's start a day later, four hours
 * long. Its Nugget is picked up on the first day and delivered on the second, by a later duty of
 * the lorry that picked it up (models/horizon/carry.mzn); the planner's routes end empty in their
 * duty, so it leaves that leg out.
 */
export function carriedSnapshot(seed: number): Record<string, any> {
  const body = differentialSnapshot(seed);
  body.planning_period.end = nextDay(body.planning_period.end);
  for (const holder of [...body.drivers, ...body.lorries]) {
    holder.availability = [...holder.availability, ...holder.availability.map((window: { start: string; end: string }) => ({ start: nextDay(window.start), end: nextDay(window.end) }))];
  }
  // a move_nugget (its type may be left out: it has an origin)
  const moves = body.movements.filter((leg: { origin_id?: string }) => leg.origin_id !== undefined);
  const leg = moves[seed % Math.max(1, moves.length)];
  if (leg !== undefined) {
    const start = nextDay(leg.pickup_window.start);
    leg.arrival_window = { start, end: new Date(Date.parse(start) + 4 * 3_600_000).toISOString() };
  }
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

/** The heuristic search as the exact model's tests run it: an allowance far above its needs (it stops by its own budgets). */
export const HEURISTIC = { timeLimitMs: 60_000, seed: 7, solver: 'gecode' };

/** A copy of the plan with one pickup (of a window closing an hour or more before the period ends) moved a minute past its window; undefined when there is none. */
export function pickupOutOfWindow(problem: PlanningProblem, plan: Plan): Plan | undefined {
  const moved = structuredClone(plan);
  const pickup = moved.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities)).find(
    (activity) => activity.kind === 'pickup' && problem.units[activity.unit]!.pickupWindow.end < problem.horizon - 60,
  );
  if (pickup === undefined || pickup.kind !== 'pickup') return undefined;
  const shift = problem.units[pickup.unit]!.pickupWindow.end + 1 - pickup.start;
  pickup.start += shift;
  pickup.end += shift;
  return moved;
}
