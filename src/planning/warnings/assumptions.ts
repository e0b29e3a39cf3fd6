import type { DriverManifest, PlanningWarning, Snapshot } from '../../contract/index.ts';
import { LIMITS } from '../hours/index.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { drivingPerDuty } from './driving-days.ts';

/** The daily extension the planner never uses: up to 600 instead of 540 minutes (domain doc, D2). */
export const DAILY_EXTENSION_MINUTES = 60;

const assumption = (message: string, affected: string[]): PlanningWarning[] =>
  affected.length === 0 ? [] : [{ code: 'planning_assumption', message, affected_ids: affected }];

const drives = (manifest: DriverManifest) => manifest.activities.some((activity) => activity.type === 'drive');
const idles = (manifest: DriverManifest) => manifest.activities.some((activity) => activity.type === 'wait' || activity.type === 'hold');

/**
 * The `planning_assumption` warnings of the domain doc that depend on the drivers and, when
 * there is one, the plan (the assumed daily rest comes with the hours engine's warnings):
 * - lorries taken as category C: drivers who hold `hgv_c` but not `hgv_ce` (and drive, in a plan);
 * - waits and holds counted as working time: drivers whose manifest has any;
 * - the 600-minute daily driving extension not used: drivers whose daily driving (with the
 *   carried `driving_today`) came within the extension's 60 minutes of the 540-minute limit.
 * Without manifests (booking checks) only the first applies, to every such driver.
 */
export function assumptionWarnings(snapshot: Snapshot, problem: PlanningProblem, manifests?: readonly DriverManifest[]): PlanningWarning[] {
  const manifestOf = new Map((manifests ?? []).map((manifest) => [manifest.driver_id, manifest]));
  const inPlan = (id: string, test: (manifest: DriverManifest) => boolean) => {
    const manifest = manifestOf.get(id);
    return manifest !== undefined && test(manifest);
  };
  const categoryC = snapshot.drivers
    .filter((driver) => driver.qualifications.includes('hgv_c') && !driver.qualifications.includes('hgv_ce'))
    .filter((driver) => manifests === undefined || inPlan(driver.id, drives))
    .map((driver) => driver.id);
  const waiting = snapshot.drivers.filter((driver) => inPlan(driver.id, idles)).map((driver) => driver.id);
  const nearDailyLimit = problem.drivers
    .filter((driver) =>
      inPlan(driver.id, (manifest) =>
        drivingPerDuty(manifest).some((minutes, duty) => minutes + (duty === 0 && !driver.hours.rested ? driver.hours.counters.drivingToday : 0) > LIMITS.dailyDriving - DAILY_EXTENSION_MINUTES),
      ),
    )
    .map((driver) => driver.id);
  return [
    ...assumption('Every lorry is taken as category C (rigid), so a driver with hgv_c may drive it; the snapshot does not give lorry categories.', categoryC),
    ...assumption('Waits and holds are counted as working time (their length is not known in advance), not as breaks.', waiting),
    ...assumption(
      `Daily driving is capped at ${LIMITS.dailyDriving} minutes: the extension to ${LIMITS.dailyDriving + DAILY_EXTENSION_MINUTES} is never used because the snapshot does not say how many weekly extensions are left. These drivers came within ${DAILY_EXTENSION_MINUTES} minutes of the cap.`,
      nearDailyLimit,
    ),
  ];
}
