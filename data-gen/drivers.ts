import type { DriverQualification, HandlingMethod } from '../src/contract/index.ts';
import { clock, type Calendar } from './calendar.ts';
import { windowsWithin } from './fleet.ts';
import type { Crew, DriverRecord, Geography, Interval, LorryRecord, ShiftPattern } from './model.ts';
import type { Random } from './random.ts';

/**
 * Shift patterns in local time. A driver keeps one pattern all period, so the rest between two
 * duties is at least 24 h minus the longest span (12 h): never under the 11 h daily rest.
 */
const SHIFTS: readonly (readonly [ShiftPattern, number])[] = [
  [{ name: 'early', parts: [[clock(6), clock(14, 30)]] }, 25],
  [{ name: 'day', parts: [[clock(7, 30), clock(17)]] }, 40],
  [{ name: 'late', parts: [[clock(10, 30), clock(19, 30)]] }, 17],
  [{ name: 'long', parts: [[clock(6, 30), clock(18, 30)]] }, 10],
  // Off for part of the day (an appointment): two windows.
  [{ name: 'split', parts: [[clock(7), clock(11, 30)], [clock(12, 30), clock(17)]] }, 8],
];
/** Drivers start up to half an hour either side of their pattern's times. */
const SHIFT_OFFSETS = [-30, -15, 0, 15, 30] as const;

const SATURDAY_SHARE = 0.3;
const SUNDAY_SHARE = 0.08;
/** Part-timers have one weekday off. */
const PART_TIME_SHARE = 0.12;
const CE_LICENCE_SHARE = 0.3;

/** The rota's idea of which weekdays (1 = Monday) a driver works; shared with the drivers'-hours counters. */
export interface Rota {
  works(weekday: number): boolean;
}

export function buildRota(rng: Random): Rota {
  const dayOff = rng.chance(PART_TIME_SHARE) ? rng.int(1, 5) : 0;
  const saturday = rng.chance(SATURDAY_SHARE);
  const sunday = rng.chance(SUNDAY_SHARE);
  return {
    works: (weekday) => (weekday <= 5 ? weekday !== dayOff : weekday === 6 ? saturday : sunday),
  };
}

/**
 * One driver per lorry, qualified for it (licence plus the lorry's handling equipment, sometimes
 * more), on a shift pattern and a rota. A driver the rota gives no day of the period is called in
 * on its first day: every driver has at least one availability window.
 */
export function buildDrivers(
  rng: Random,
  lorries: readonly LorryRecord[],
  geography: Geography,
  calendar: Calendar,
): { drivers: DriverRecord[]; rotas: Rota[] } {
  const rotas: Rota[] = [];
  const drivers = lorries.map((lorry): DriverRecord => {
    const home = geography.regions[lorry.region]!.warehouse;
    const qualifications = qualificationsFor(rng, lorry);
    const isDefault = qualifications.length === 2 && qualifications.includes('hgv_c') && qualifications.includes('crane');
    const base = rng.weighted(SHIFTS);
    const offset = rng.pick(SHIFT_OFFSETS);
    const shift: ShiftPattern = { name: base.name, parts: base.parts.map(([from, to]) => [from + offset, to + offset] as const) };
    const rota = buildRota(rng);
    rotas.push(rota);
    let rostered = calendar.days.filter((day) => rota.works(day.weekday)).map((day) => day.index);
    if (rostered.length === 0) rostered = [0];
    const away = lorry.start !== home;
    return {
      id: lorry.id.replace(/^lry-/, 'drv-'),
      region: lorry.region,
      home,
      start: lorry.start,
      startStyle: away ? 'explicit' : rng.weighted([['omit', 75], ['null', 12], ['explicit', 13]] as const),
      qualifications,
      writeQualifications: !isDefault || rng.chance(0.6),
      shift,
      rostered,
      availability: rostered.flatMap((day) => shift.parts.map(([from, to]) => ({ start: calendar.at(day, from), end: calendar.at(day, to) }))),
      lorry,
      allowances: undefined,
      refreshes: [],
    };
  });
  return { drivers, rotas };
}

function qualificationsFor(rng: Random, lorry: LorryRecord): DriverQualification[] {
  const licence: DriverQualification = rng.chance(CE_LICENCE_SHARE) ? 'hgv_ce' : 'hgv_c';
  const crane = lorry.equipment.includes('crane') || rng.chance(0.4);
  const forklift = lorry.equipment.includes('forklift') || rng.chance(0.2);
  return [licence, ...(crane ? (['crane'] as const) : []), ...(forklift ? (['forklift'] as const) : [])];
}

/**
 * Each driver with their own lorry, per operating day: when both are available, which handling
 * methods they can do together, how much they carry. Legs are only given windows that some crew
 * of their region can serve on their own.
 */
export function buildCrews(drivers: readonly DriverRecord[], calendar: Calendar): Crew[] {
  return drivers.map((driver) => {
    const lorry = driver.lorry;
    const methods = (['crane', 'forklift'] as const).filter(
      (method: HandlingMethod) => lorry.equipment.includes(method) && driver.qualifications.includes(method),
    );
    const windows = calendar.days.map((day) => {
      const from = calendar.at(day.index, 0);
      const to = calendar.at(day.index + 1, 0);
      const own = windowsWithin(driver.availability, from, to);
      return own.flatMap((window) => windowsWithin(lorry.availability, window.start, window.end)) satisfies Interval[];
    });
    return { driver, lorry, methods, capacity: lorry.capacity, windows };
  });
}
