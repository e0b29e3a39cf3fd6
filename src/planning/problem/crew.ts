import type { Snapshot, ValidatedDriver, ValidatedLorry } from '../../contract/index.ts';
import { createHoursCalendar, driverHoursStart } from '../hours/index.ts';
import { mergeWindows, type MinuteClock } from './time.ts';
import type { MinuteWindow, ProblemDriver, ProblemLorry } from './types.ts';

export function buildDrivers(snapshot: Snapshot, clock: MinuteClock, placeIndex: Map<string, number>): ProblemDriver[] {
  const calendar = createHoursCalendar(snapshot.timezone, clock.originEpochMs);
  return snapshot.drivers.map((driver: ValidatedDriver, index) => ({
    index,
    id: driver.id,
    availability: mergeWindows(driver.availability.map(clock.window).map((window) => notBefore(window, observedFrom(driver, clock)))),
    qualifications: {
      hgv: driver.qualifications.includes('hgv_c') || driver.qualifications.includes('hgv_ce'),
      crane: driver.qualifications.includes('crane'),
      forklift: driver.qualifications.includes('forklift'),
    },
    startPlace: placeIndex.get(driver.start_location_id ?? driver.home_warehouse_id)!,
    homeWarehouse: placeIndex.get(driver.home_warehouse_id)!,
    hours: driverHoursStart(driver, calendar),
  }));
}

/**
 * Counters observed during the period already count the driver's work until `observed_at`
 * (docs/snapshot-rules.md): the driver is planned from then on. -Infinity without counters.
 */
function observedFrom(driver: ValidatedDriver, clock: MinuteClock): number {
  return driver.fleet_check_allowances == null ? -Infinity : clock.up(driver.fleet_check_allowances.observed_at);
}

const notBefore = (window: MinuteWindow, minute: number): MinuteWindow => ({ start: Math.max(window.start, minute), end: window.end });

export function buildLorries(snapshot: Snapshot, clock: MinuteClock, placeIndex: Map<string, number>): ProblemLorry[] {
  return snapshot.lorries.map((lorry: ValidatedLorry, index) => ({
    index,
    id: lorry.id,
    availability: mergeWindows(lorry.availability.map(clock.window)),
    capacity: lorry.nugget_capacity,
    equipment: { crane: lorry.equipment.includes('crane'), forklift: lorry.equipment.includes('forklift') },
    startPlace: placeIndex.get(lorry.start_location_id)!,
  }));
}
