import type { AllowanceRefresh, DriverAllowances } from '../src/contract/index.ts';
import { clock, MINUTE_MS, type Calendar } from './calendar.ts';
import type { Rota } from './drivers.ts';
import type { DriverRecord } from './model.ts';
import type { Random } from './random.ts';

/**
 * Drivers'-hours counters as the driver-hours system would report them the evening before the
 * period (see ../shared/domain/drivers-hours.md): each worked day of the fixed week so far adds
 * its driving, the previous week is a normal or a heavy one. Limits the counters respect:
 * 540 a day (D2), 3360 a week (D3), 5400 over two weeks (D4), 270 since a break (D1),
 * 360 working since a break (W1).
 */
const DAILY_DRIVING = { normal: [180, 480], heavy: [470, 540] } as const;
const TWO_WEEK_LIMIT = 5400;
/** Six days of 540: the most a fixed week can hold without the (unplanned) 600-minute extension. */
const WEEK_WITHOUT_EXTENSIONS = 3240;
const DRIVING_BEFORE_BREAK = 270;
const WORKING_BEFORE_BREAK = 360;
/** Share of drivers with future refreshes at the start of each later duty, in periods of two days or more. */
const REFRESH_SHARE = 0.4;

/** `heavy` drivers are near their weekly and two-week limits; the others have no counters. */
type Kind = 'normal' | 'heavy' | 'missing' | 'null';
const KINDS: readonly (readonly [Kind, number])[] = [['normal', 72], ['heavy', 18], ['missing', 6], ['null', 4]];

/** The snapshot is read at 18:00 local on the day before the period. */
export const dataAsOf = (calendar: Calendar) => calendar.at(-1, clock(18));

export function assignAllowances(rng: Random, drivers: DriverRecord[], rotas: readonly Rota[], calendar: Calendar): void {
  const observedWeekday = ((calendar.days[0]!.weekday + 5) % 7) + 1;
  drivers.forEach((driver, index) => {
    const kind = rng.weighted(KINDS);
    if (kind === 'missing' || kind === 'null') {
      driver.allowances = kind === 'null' ? null : undefined;
      return;
    }
    driver.allowances = counters(rng, kind, rotas[index]!, observedWeekday, calendar);
    if (calendar.days.length > 1 && rng.chance(REFRESH_SHARE)) driver.refreshes = refreshes(rng, driver, calendar);
  });
}

/** Up to five minutes' rounding, as tachograph summaries give. */
const step5 = (minutes: number) => Math.round(minutes / 5) * 5;

function counters(rng: Random, kind: 'normal' | 'heavy', rota: Rota, observedWeekday: number, calendar: Calendar): DriverAllowances {
  // Counters are read between 15:30 and 18:00, after most shifts.
  const observedAt = calendar.at(-1, clock(15, 30) + 5 * rng.int(0, 30));
  const [low, high] = DAILY_DRIVING[kind];
  const workedDays = [1, 2, 3, 4, 5, 6, 7].filter((weekday) => weekday <= observedWeekday && rota.works(weekday));
  const daily = workedDays.map(() => step5(rng.int(low, high)));
  const thisWeek = Math.min(WEEK_WITHOUT_EXTENSIONS, daily.reduce((a, b) => a + b, 0));
  const workedToday = rota.works(observedWeekday);
  const today = workedToday ? daily[daily.length - 1]! : 0;
  const previousWeek =
    kind === 'heavy'
      ? Math.min(WEEK_WITHOUT_EXTENSIONS, TWO_WEEK_LIMIT - thisWeek - step5(rng.int(30, 240)))
      : Math.min(TWO_WEEK_LIMIT - thisWeek, step5(rng.int(1200, 2700)));
  const drivingSinceBreak = workedToday ? step5(rng.int(0, Math.min(today, DRIVING_BEFORE_BREAK))) : 0;
  const workingSinceBreak = workedToday ? Math.min(WORKING_BEFORE_BREAK, drivingSinceBreak + step5(rng.int(0, 90))) : 0;
  const lastBreak = workedToday
    ? rng.weighted([[calendar.iso(observedAt - (workingSinceBreak + 5 * rng.int(0, 6)) * MINUTE_MS), 50], [null, 20], [undefined, 30]] as const)
    : rng.weighted([[null, 40], [undefined, 60]] as const);

  const allowances: DriverAllowances = { observed_at: calendar.iso(observedAt) };
  // A zero counter may be left out: its default is 0.
  const put = (field: Exclude<keyof DriverAllowances, 'observed_at' | 'last_break_ended_at'>, value: number) => {
    if (value !== 0 || rng.chance(0.6)) allowances[field] = value;
  };
  put('driving_today_minutes', today);
  put('driving_this_week_minutes', thisWeek);
  put('driving_previous_week_minutes', previousWeek);
  put('driving_since_break_minutes', drivingSinceBreak);
  put('working_since_break_minutes', workingSinceBreak);
  if (lastBreak !== undefined) allowances.last_break_ended_at = lastBreak;
  return allowances;
}

/**
 * Counters known to be true after each daily rest inside the period: at the start of every later
 * duty the daily counters are 0 and the rest has just ended; on a Monday the fixed week restarts.
 */
function refreshes(rng: Random, driver: DriverRecord, calendar: Calendar): AllowanceRefresh[] {
  const shiftStart = driver.shift.parts[0]![0];
  return driver.rostered.slice(1).map((day) => {
    const effectiveAt = calendar.iso(calendar.at(day, shiftStart));
    const refresh: AllowanceRefresh = { effective_at: effectiveAt };
    if (rng.chance(0.5)) refresh.driving_today_minutes = 0;
    if (rng.chance(0.5)) refresh.driving_since_break_minutes = 0;
    if (rng.chance(0.5)) refresh.working_since_break_minutes = 0;
    if (calendar.days[day]!.weekday === 1) {
      refresh.driving_this_week_minutes = 0;
      if (rng.chance(0.5)) refresh.driving_previous_week_minutes = null;
    } else if (rng.chance(0.3)) {
      refresh.driving_this_week_minutes = null;
    }
    if (rng.chance(0.7)) refresh.last_break_ended_at = effectiveAt;
    return refresh;
  });
}
