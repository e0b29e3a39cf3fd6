import type { HandlingMethod } from '../../contract/index.ts';
import type { ProblemDriver, ProblemLorry } from './types.ts';

/** A driver may serve a unit with an HGV licence (category C lorries, see the domain doc) and the handling qualification. */
export const driverQualified = (driver: ProblemDriver, method: HandlingMethod): boolean => driver.qualifications.hgv && driver.qualifications[method];

/** A lorry may carry a unit with the handling equipment and room for all its Nuggets. */
export const lorryFits = (lorry: ProblemLorry, method: HandlingMethod, size: number): boolean => lorry.equipment[method] && lorry.capacity >= size;

export interface Eligibility {
  drivers(method: HandlingMethod): number[];
  lorries(method: HandlingMethod, size: number): number[];
}

/** Eligible driver and lorry indexes, computed once per need and shared between units. */
export function eligibility(drivers: readonly ProblemDriver[], lorries: readonly ProblemLorry[]): Eligibility {
  const driverLists = new Map<HandlingMethod, number[]>();
  const lorryLists = new Map<string, number[]>();
  return {
    drivers(method) {
      let list = driverLists.get(method);
      if (list === undefined) {
        list = drivers.filter((driver) => driverQualified(driver, method)).map((driver) => driver.index);
        driverLists.set(method, list);
      }
      return list;
    },
    lorries(method, size) {
      const key = `${method}:${size}`;
      let list = lorryLists.get(key);
      if (list === undefined) {
        list = lorries.filter((lorry) => lorryFits(lorry, method, size)).map((lorry) => lorry.index);
        lorryLists.set(key, list);
      }
      return list;
    },
  };
}
