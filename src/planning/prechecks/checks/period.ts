import type { MinuteWindow, Unit } from '../../problem/index.ts';
import { instant, type Check } from './types.ts';

const isEmpty = (window: MinuteWindow) => window.start > window.end;

/** The windows a leg's stops must start in (already clipped to the planning period). */
const windowsOf = (unit: Unit): [string, MinuteWindow][] => {
  switch (unit.type) {
    case 'move_nugget':
      return [['pickup_window', unit.pickupWindow], ['arrival_window', unit.deliveryWindow]];
    case 'collect_empty':
      return [['window', unit.pickupWindow]];
    case 'deliver_empty':
      return [['window', unit.deliveryWindow]];
  }
};

export const mustClearByPassed: Check = (subject) => {
  const unit = subject.context.problem.units[subject.leg.units[0]!]!;
  if (unit.mustClearBy === null || unit.mustClearBy >= 0) return null;
  return { reasonCode: 'must_clear_by_passed', detail: `must_clear_by ${instant(subject, unit.mustClearBy)} is before the planning period starts` };
};

export const windowInsidePeriod: Check = (subject) => {
  const unit = subject.context.problem.units[subject.leg.units[0]!]!;
  const empty = windowsOf(unit).find(([, window]) => isEmpty(window));
  return empty === undefined ? null : { reasonCode: 'window_outside_planning_period', detail: `${empty[0]} has no whole minute inside the planning period` };
};
