import { fitsSomeWindow } from '../windows.ts';
import { instant, type Check } from './types.ts';

export const windowReachable: Check = (subject) => {
  const { problem } = subject.context;
  const late = subject.timing().activities.find((activity) => activity.earliest > activity.latest);
  if (late === undefined) return null;
  const place = problem.places[late.place]!.id;
  const earliest = Number.isFinite(late.earliest) ? `no earlier than ${instant(subject, late.earliest)}` : 'never';
  return { reasonCode: 'window_unreachable', detail: `the ${late.kind} at ${place} could start ${earliest}, after its latest possible start` };
};

export const crewAvailableTogether: Check = (subject) => {
  const timing = subject.timing();
  const windows = subject.context.crewWindows(timing.method, timing.size);
  const uncovered = timing.activities.find((activity) => !fitsSomeWindow(windows, activity.earliest, activity.latest, activity.duration));
  if (uncovered === undefined) return null;
  return {
    reasonCode: 'no_crew_available_in_window',
    detail: `no qualified driver and suitable lorry are available together for the ${uncovered.duration}-minute ${uncovered.kind} between ${instant(subject, uncovered.earliest)} and ${instant(subject, uncovered.latest)}`,
  };
};

/**
 * The leg needs a lorry driven to it (no suitable lorry starts at the stop), so driving must start
 * by the deadline; no licensed driver is available to drive by then, so no lorry arrives in time.
 */
export const licensedDriverInTime: Check = (subject) => {
  const { context } = subject;
  const deadline = subject.timing().drivingDeadline;
  if (deadline === null) return null;
  const first = Math.min(...context.licensed.map((driver) => context.availableToDriveMinute[driver.index]!));
  if (first <= deadline) return null;
  const from = Number.isFinite(first) ? `the first from ${instant(subject, first)}` : 'none ever is';
  return {
    reasonCode: 'window_unreachable',
    detail: `a lorry must be driven to the leg's stop, starting by ${instant(subject, deadline)}; no licensed driver is available to drive by then (${from}, after the walk-round check)`,
  };
};
