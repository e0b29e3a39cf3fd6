/** The drivers'-hours engine: starting state, checker, scheduler (../shared/domain/drivers-hours.md). */
export { createHoursCalendar, type HoursCalendar } from './calendar.ts';
export { driverHoursStart, type DriverHoursStart, type HoursRefresh, type ReportedCounters } from './start-state.ts';
export { HoursTracker, type HoursActivity, type HoursActivityKind, type HoursViolation } from './tracker.ts';
export { checkHours } from './check.ts';
export { scheduleBlocks, type ScheduleBlock, type ScheduleOptions, type SchedulePiece, type ScheduleResult } from './schedule.ts';
export { hoursWarnings } from './warnings.ts';
export { HOURS_RULES, HOURS_RULE_TEXT, LIMITS, type HoursRule } from './rules.ts';
export { HOURS_KIND_OF_ACTIVITY } from './activity-kinds.ts';
