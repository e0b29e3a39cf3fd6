/**
 * The exact model data the service builds for a snapshot, for the MiniZinc IDE and
 * `npm run solve` (see models/README.md). Nothing here decides anything of its own: the snapshot
 * goes through the service's parser, journey estimator and problem builder (as
 * src/planning/pipeline.ts does), then through the planner's day decomposition
 * (src/planning/solve) and the booking check's preparation (src/booking).
 *
 * - Every request: `pdptw-day-<date>.json`, the whole-day instance of models/pdptw.mzn that the
 *   manifest planner routes (its large-neighbourhood subproblems are restrictions of it, and a
 *   small day goes to the model whole, with `improve_only` set to the search's best plan).
 * - A booking check (with `new_movements`) also: `booking-relaxation.json`, the data of
 *   models/booking-relaxation.mzn over the mandatory legs (the accepted legs the plan of the
 *   accepted legs serves, and the proposed legs).
 *
 * The day instances are built from the snapshot's state. For the first operating day that is
 * exactly what the planner solves first (its first wave; legs that follow another leg of the day
 * are added in later waves that depend on the solve); a later day is what it would solve if no
 * earlier day had planned anything (the planner builds it after committing the earlier days'
 * plans, which moves Nuggets, settles legs and rests crews; that depends on the solve).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookingModelData, prepareCheck } from '../src/booking/index.ts';
import type { ErrorDetail, Place, Snapshot } from '../src/contract/index.ts';
import { isServiceError } from '../src/contract/index.ts';
import { createJourneyProvider } from '../src/journey/index.ts';
import { createHoursCalendar } from '../src/planning/hours/index.ts';
import { precheckLegs } from '../src/planning/prechecks/index.ts';
import { buildPlanningProblem, placesNeedingJourneys, type PlanningProblem } from '../src/planning/problem/index.ts';
import { SERVICE_SEED } from '../src/app/index.ts';
import { DayLoop, firstWave, pdptwData, searchDayWithoutModels, type DayInstance } from '../src/planning/solve/index.ts';
import { createSnapshotParser, type Operation } from '../src/snapshot/index.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BOOKING_RELAXATION_FILE = 'booking-relaxation.json';
/**
 * The share of the best plan's successors that each restart of the large-neighbourhood search on
 * a warm start keeps (models/pdptw.mzn `lns_keep`, Gecode only), as the README's Gecode command
 * passes it (`-D lns_keep=50`): measured best of 30-85 % on the `small` day (see the model).
 */
export const WARM_LNS_KEEP = 50;
/** Longest the journey estimate and the plan of the accepted legs may take (both are quick). */
const PREPARATION_MS = 120_000;

/** A snapshot that cannot be exported: the message, and the contract's error details when it is invalid. */
export class ExportError extends Error {
  constructor(
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ExportError';
  }
}

type ModelData = Record<string, unknown>;

export interface DayExport {
  /** Local date of the operating day, `yyyy-MM-dd`. */
  date: string;
  file: string;
  data: ModelData;
  /** The same data with the planner's search's plan of the day as `warm_succ` (the model follows it first). */
  warmFile: string;
  warmData: ModelData;
  /** The planner's day instance the data was made from (requests, duty slots). */
  day: DayInstance;
  /** Whether it is exactly what the planner solves (the first operating day with work). */
  exact: boolean;
}

export interface BookingExport {
  file: string;
  data: ModelData;
  /** Ids of the legs the relaxation must serve, in the model's order. */
  mandatoryLegs: string[];
}

export interface ModelDataExport {
  operation: Operation;
  snapshot: Snapshot;
  problem: PlanningProblem;
  days: DayExport[];
  booking: BookingExport | null;
}

/** The operation the request body is for: a booking check when it proposes `new_movements`. */
export function operationOf(body: unknown): Operation {
  return typeof body === 'object' && body !== null && 'new_movements' in body ? 'booking_checks' : 'manifests';
}

/** Reads and parses a snapshot file, or throws an `ExportError` saying what is wrong. */
export function readSnapshotFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExportError(code === 'ENOENT' ? `no such file: ${path}` : `cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ExportError(`${path} is not JSON: ${(error as Error).message}`);
  }
}

/** Validates the request body as the service does and builds every model's data for it. */
export async function exportModelData(body: unknown): Promise<ModelDataExport> {
  const operation = operationOf(body);
  const snapshot = parseSnapshot(operation, structuredClone(body));
  const problem = await planningProblem(snapshot);
  const legs = operation === 'manifests' ? manifestCandidates(problem) : bookingCandidates(problem);
  return {
    operation,
    snapshot,
    problem,
    days: await dayExports(problem, legs),
    booking: operation === 'booking_checks' ? bookingExport(problem) : null,
  };
}

function parseSnapshot(operation: Operation, body: unknown): Snapshot {
  try {
    return createSnapshotParser().parse(operation, body);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    throw new ExportError(`invalid ${operation === 'manifests' ? 'manifest' : 'booking-check'} snapshot: ${error.message}`, error.details);
  }
}

/** The problem as src/planning/pipeline.ts builds it, on the embedded journey estimator. */
async function planningProblem(snapshot: Snapshot): Promise<PlanningProblem> {
  const byId = new Map<string, Place>(snapshot.locations.map((place) => [place.id, place]));
  const places = placesNeedingJourneys(snapshot).map((id) => byId.get(id)!);
  const matrix = await createJourneyProvider({ provider: 'estimator' }).matrix(places, { deadline: Date.now() + PREPARATION_MS });
  return buildPlanningProblem(snapshot, matrix);
}

/** The accepted legs the pre-checks do not reject, in order: what the manifest planner offers each day. */
function manifestCandidates(problem: PlanningProblem): number[] {
  const rejected = new Set(precheckLegs(problem).map((entry) => entry.leg));
  return problem.legs.filter((leg) => leg.origin === 'accepted' && !rejected.has(leg.index)).map((leg) => leg.index);
}

/** A booking check's wider re-solve order: the proposed legs first, then the accepted legs the pre-checks do not reject. */
function bookingCandidates(problem: PlanningProblem): number[] {
  const accepted = problem.legs.filter((leg) => leg.origin === 'accepted').map((leg) => leg.index);
  const rejected = new Set(precheckLegs(problem, accepted).map((entry) => entry.leg));
  const proposed = problem.legs.filter((leg) => leg.origin === 'proposed').map((leg) => leg.index);
  return [...proposed, ...accepted.filter((leg) => !rejected.has(leg))];
}

/**
 * Each operating day's instance, as the planner's loop builds it from the snapshot's state (an
 * operating day is the duties that start on it), with the plan of the planner's search of that
 * day (src/planning/solve/day-search.ts) as the warm start of a second data file.
 */
async function dayExports(problem: PlanningProblem, legs: readonly number[]): Promise<DayExport[]> {
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  // the planner's day loop, each day from the snapshot's state (no day is committed here)
  const loop = new DayLoop(problem, calendar, legs);
  const { state, trackers } = loop;
  const exports: DayExport[] = [];
  for (const operating of loop.days()) {
    const { number: dayNumber, day: calendarDay } = operating;
    const slots = loop.slots(operating);
    if (slots.length === 0) continue;
    const { day } = firstWave(problem, loop.span(operating, slots), slots, legs, state, trackers);
    if (day.instance.requests.length === 0) continue;
    // the planner seeds day n with its seed + n (plan-manifests.ts)
    const warm = await searchDayWithoutModels(problem, calendar, trackers, day, SERVICE_SEED + dayNumber, Date.now() + PREPARATION_MS);
    exports.push({
      date: calendarDay.localDate,
      file: `pdptw-day-${calendarDay.localDate}.json`,
      data: pdptwData(day.instance),
      warmFile: `pdptw-day-${calendarDay.localDate}.warm.json`,
      warmData: pdptwData(day.instance, { warmStart: warm }),
      day,
      exact: exports.length === 0,
    });
  }
  return exports;
}

function bookingExport(problem: PlanningProblem): BookingExport {
  const base = prepareCheck(problem, Date.now() + PREPARATION_MS);
  if (base === null) throw new ExportError(`the plan of the accepted legs took longer than ${PREPARATION_MS / 1000} s`);
  const proposed = problem.legs.filter((leg) => leg.origin === 'proposed').map((leg) => leg.index);
  // the legs a booking must not push out, with the new ones (src/booking/decide.ts)
  const mandatory = [...base.accepted.served, ...proposed];
  return {
    file: BOOKING_RELAXATION_FILE,
    data: bookingModelData(problem, mandatory),
    mandatoryLegs: [...mandatory].sort((a, b) => a - b).map((leg) => problem.legs[leg]!.id),
  };
}

/** How a path is written in commands run from the project root. */
function shown(path: string): string {
  const inside = relative(PROJECT_ROOT, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** Writes every data file and the README into `dir` (created if needed); returns the paths written. */
export function writeModelData(exported: ModelDataExport, dir: string, source: string): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const write = (file: string, text: string) => {
    const path = join(dir, file);
    writeFileSync(path, text);
    written.push(path);
  };
  for (const day of exported.days) {
    write(day.file, `${JSON.stringify(day.data)}\n`);
    write(day.warmFile, `${JSON.stringify(day.warmData)}\n`);
  }
  if (exported.booking !== null) write(exported.booking.file, `${JSON.stringify(exported.booking.data)}\n`);
  write('README', readme(exported, dir, source));
  return written;
}

function readme(exported: ModelDataExport, dir: string, source: string): string {
  const { problem } = exported;
  const lines: string[] = [
    `Model data the service builds for ${shown(source)} (${exported.operation === 'manifests' ? 'POST /v1/manifests' : 'POST /v1/booking-checks'}),`,
    `written by: npm run --silent export-model-data -- ${shown(source)} --out ${shown(dir)}`,
    '',
    'Run the commands from the project root; models and data are described in models/README.md.',
    'In the MiniZinc IDE: open the model, add the data file, pick the solver, Run.',
    `Times are minutes from planning_period.start (${exported.snapshot.planning_period.start}).`,
    '',
  ];
  if (exported.days.length === 0) lines.push('No operating day has a leg the planner could offer: there is no pdptw.mzn data.', '');
  for (const day of exported.days) {
    const path = shown(join(dir, day.file));
    const warmPath = shown(join(dir, day.warmFile));
    lines.push(
      `models/pdptw.mzn, operating day ${day.date}: ${day.day.instance.requests.length} requests, ${day.day.instance.vehicles.length} duty slots (vehicles)`,
      day.exact
        ? '  exactly the whole-day instance the manifest planner routes (the exact solve adds improve_only with the search\'s best plan)'
        : '  built from the snapshot\'s state: the planner builds this day after planning the earlier days, so its instance may differ',
      `  minizinc --solver gecode models/pdptw.mzn ${path} --output-mode json`,
      `  npm run --silent solve -- models/pdptw.mzn ${path} --solver gecode --time-limit 60000`,
      `  with the service's plan of the day as the warm start (warm_succ: the search follows it first, so its`,
      `  first solution is that plan): use ${day.warmFile} instead, with a large-neighbourhood search that improves`,
      `  on it: on Gecode, lns_keep=${WARM_LNS_KEEP} (relax_and_reconstruct; Chuffed refuses it)`,
      `  minizinc --solver gecode models/pdptw.mzn ${warmPath} -D lns_keep=${WARM_LNS_KEEP} --output-mode json -a`,
      `  on Chuffed (and Gecode 6.3 or later, MiniZinc 2.7 or later), the same model restarting on two freed routes:`,
      `  minizinc --solver chuffed models/pdptw-restart.mzn ${warmPath} --output-mode json -a`,
      `  on a Gecode without restarts (the engine's embedded one), the warm start's neighbourhoods by branch and bound:`,
      `  npm run --silent solve -- models/pdptw-neighbourhoods.mzn ${warmPath} --solver embedded:gecode --time-limit 60000`,
      `  vehicles (duty slots): ${day.day.slots.map((slot, k) => `${k + 1}=${problem.drivers[slot.driver]!.id}/${problem.lorries[slot.lorry]!.id}`).join(' ')}`,
      `  requests (legs): ${day.day.requests.map((request, r) => `${r + 1}=${problem.legs[problem.units[request.unit]!.leg]!.id}`).join(' ')}`,
      '',
    );
  }
  if (exported.booking !== null) {
    const path = shown(join(dir, exported.booking.file));
    lines.push(
      `models/booking-relaxation.mzn: the relaxation over ${exported.booking.mandatoryLegs.length} mandatory legs (UNSATISFIABLE proves the booking infeasible)`,
      '  the check runs it only when the pre-checks pass and no plan with the new legs is found',
      `  minizinc --solver gecode models/booking-relaxation.mzn ${path}`,
      `  npm run --silent solve -- models/booking-relaxation.mzn ${path} --solver chuffed --time-limit 60000`,
      `  mandatory legs: ${exported.booking.mandatoryLegs.join(' ')}`,
      '',
    );
  }
  lines.push(`locations (index=id): ${problem.places.map((place) => `${place.index + 1}=${place.id}`).join(' ')}`, '');
  return lines.join('\n');
}
