import type { Snapshot, ValidatedDriver, ValidatedLorry } from '../../contract/index.ts';
import { createHoursCalendar, driverHoursStart } from '../hours/index.ts';
import { mergeWindows, type MinuteClock } from './time.ts';
import type { ProblemDriver, ProblemLorry } from './types.ts';

export function buildDrivers(snapshot: Snapshot, clock: MinuteClock, placeIndex: Map<string, number>): ProblemDriver[] {
  const calendar = createHoursCalendar(snapshot.timezone, clock.originEpochMs);
  return snapshot.drivers.map((driver: ValidatedDriver, index) => ({
    index,
    id: driver.id,
    availability: mergeWindows(driver.availability.map(clock.window)),
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
