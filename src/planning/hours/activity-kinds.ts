import type { ActivityType } from '../../contract/index.ts';
import type { HoursActivityKind } from './tracker.ts';

/** How each manifest activity type counts for drivers' hours (domain doc, "Kinds of time"). */
export const HOURS_KIND_OF_ACTIVITY: Record<ActivityType, HoursActivityKind> = {
  drive: 'drive',
  pickup: 'work',
  delivery: 'work',
  service: 'work',
  yard_work: 'work',
  wait: 'wait',
  hold: 'wait',
  break: 'break',
};
