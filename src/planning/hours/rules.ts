/** The hard drivers'-hours rules (../shared/domain/drivers-hours.md), by their domain ids. */
export const HOURS_RULES = ['D1', 'D2', 'D3', 'D4', 'W1', 'W2', 'W3', 'R1'] as const;
export type HoursRule = (typeof HOURS_RULES)[number];

/** What each rule limits, in one line (messages and documentation). */
export const HOURS_RULE_TEXT: Record<HoursRule, string> = {
  D1: 'driving since the last qualifying break <= 270 min (a break of 45, or 15 then 30, or a daily rest)',
  D2: 'daily driving between two daily rests <= 540 min',
  D3: 'driving in one fixed week <= 3360 min',
  D4: 'driving in two consecutive fixed weeks <= 5400 min',
  W1: 'working time without a break of >= 15 min <= 360 min',
  W2: 'breaks in a duty total >= 30 min when it has > 360 min of working time, >= 45 min when > 540 min',
  W3: 'a duty with work between 00:00 and 04:00 local time has <= 600 min of working time',
  R1: 'a duty spans <= 780 min (13 h); duties are separated by a daily rest of >= 660 min',
};

/** Every limit of the rules, in minutes. */
export const LIMITS = {
  drivingBeforeBreak: 270,
  fullBreak: 45,
  splitFirstPart: 15,
  splitSecondPart: 30,
  dailyDriving: 540,
  weeklyDriving: 3360,
  fortnightDriving: 5400,
  workingBeforeBreak: 360,
  shortestBreak: 15,
  dutyWorkingTier1: 360,
  dutyBreaksTier1: 30,
  dutyWorkingTier2: 540,
  dutyBreaksTier2: 45,
  nightDutyWorking: 600,
  nightEndHour: 4,
  dutySpan: 780,
  dailyRest: 660,
} as const;
