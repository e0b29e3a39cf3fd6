import { instant, type Check } from './types.ts';

/**
 * Fires only when the counters are what blocks: some licensed driver is available to drive by the
 * deadline (when none is, `licensedDriverInTime` answers), and every such driver's allowance keeps
 * them from driving until after it.
 */
export const drivingAllowanceLeft: Check = (subject) => {
  const { context } = subject;
  const deadline = subject.timing().drivingDeadline;
  if (deadline === null) return null;
  const inTime = context.licensed.filter((driver) => context.availableToDriveMinute[driver.index]! <= deadline);
  if (inTime.length === 0) return null;
  if (inTime.some((driver) => context.earliestDrivingMinute[driver.index]! <= deadline)) return null;
  return {
    reasonCode: 'drivers_hours_exhausted',
    detail: `the driving the leg needs must start by ${instant(subject, deadline)}; the licensed drivers available by then (${inTime.map((driver) => driver.id).join(', ')}) have used up their driving allowance until after it`,
  };
};
