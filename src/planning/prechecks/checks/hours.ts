import { instant, type Check } from './types.ts';

export const drivingAllowanceLeft: Check = (subject) => {
  const { context } = subject;
  const deadline = subject.timing().drivingDeadline;
  if (deadline === null) return null;
  const able = context.licensed.some((driver) => context.earliestDrivingMinute[driver.index]! <= deadline);
  if (able) return null;
  return {
    reasonCode: 'drivers_hours_exhausted',
    detail: `the driving the leg needs must start by ${instant(subject, deadline)}; no licensed driver may drive before then`,
  };
};
