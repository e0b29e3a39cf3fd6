import type { EmptyCandidate, PlanningProblem, Unit } from './types.ts';

/** Every empty a deliver_empty unit may take: those reserved for its leg, then its source's pool. Empty for other types. */
export function candidateEmpties(problem: PlanningProblem, unit: Unit): EmptyCandidate[] {
  if (unit.empties === null) return [];
  return [...unit.empties.reserved, ...problem.emptyPools[unit.empties.source]];
}

/** The (driver, lorry) pairs qualified, equipped and large enough for the unit (availability not considered). */
export function eligiblePairs(unit: Unit): { driver: number; lorry: number }[] {
  return unit.eligibleDrivers.flatMap((driver) => unit.eligibleLorries.map((lorry) => ({ driver, lorry })));
}
