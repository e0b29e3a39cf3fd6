import type { UnplannedLeg } from '../plan/types.ts';
import type { PlanningProblem, ProblemLeg } from '../problem/index.ts';
import { enoughEmpties } from './checks/empties.ts';
import { equippedLorry, lorryLargeEnough, qualifiedDriver } from './checks/fleet.ts';
import { destinationCanHold } from './checks/capacity.ts';
import { drivingAllowanceLeft } from './checks/hours.ts';
import { collectedNuggetOffHire, nuggetsAtPickupPlace, nuggetsInService, nuggetsNotReservedElsewhere } from './checks/nuggets.ts';
import { mustClearByPassed, windowInsidePeriod } from './checks/period.ts';
import { crewAvailableTogether, licensedDriverInTime, windowReachable } from './checks/timing.ts';
import type { Check, LegUnderCheck } from './checks/types.ts';
import { precheckContext, type PrecheckContext } from './context.ts';
import { legTiming, type JourneyBound, type LegTiming } from './timing.ts';

/**
 * In order: a leg gets the reason of the first check it fails. Facts of the snapshot come
 * before fleet structure, which comes before timing (whose bounds assume a suitable lorry exists).
 */
const CHECKS: readonly Check[] = [
  mustClearByPassed,
  windowInsidePeriod,
  nuggetsInService,
  collectedNuggetOffHire,
  nuggetsNotReservedElsewhere,
  nuggetsAtPickupPlace,
  enoughEmpties,
  qualifiedDriver,
  equippedLorry,
  lorryLargeEnough,
  destinationCanHold,
  windowReachable,
  crewAvailableTogether,
  licensedDriverInTime,
  drivingAllowanceLeft,
];

/** Checks whose answer depends on journey times between the leg's own places: they are tried with the direct entries first. */
const JOURNEY_DEPENDENT: ReadonlySet<Check> = new Set([windowReachable, crewAvailableTogether, licensedDriverInTime, drivingAllowanceLeft]);

export interface Prechecks {
  /** The proof that no plan can serve the leg, or null when the pre-checks cannot tell. */
  check(leg: number): UnplannedLeg | null;
}

/** Pre-checks over one problem; context (shortest paths, crew windows) is shared between legs. */
export function createPrechecks(problem: PlanningProblem): Prechecks {
  const context: PrecheckContext = precheckContext(problem);
  return {
    check(legIndex) {
      const leg: ProblemLeg = problem.legs[legIndex]!;
      const subject = (bound: JourneyBound): LegUnderCheck => {
        let timing: LegTiming | undefined;
        return { leg, context, timing: () => (timing ??= legTiming(leg, context, bound)) };
      };
      // Matrix entries are never shorter than the shortest journeys: what passes with them passes.
      // Only a rejection is confirmed with the shortest journeys, which cost a path search.
      const quick = subject('direct');
      let exact: LegUnderCheck | undefined;
      for (const check of CHECKS) {
        let rejection = check(quick);
        if (rejection !== null && JOURNEY_DEPENDENT.has(check)) rejection = check((exact ??= subject('shortest')));
        if (rejection !== null) return { leg: legIndex, reasonCode: rejection.reasonCode, detail: rejection.detail };
      }
      return null;
    },
  };
}

/** Every leg that the pre-checks prove unplannable, in leg order. */
export function precheckLegs(problem: PlanningProblem, legs: readonly number[] = problem.legs.map((leg) => leg.index)): UnplannedLeg[] {
  const prechecks = createPrechecks(problem);
  return legs.flatMap((leg) => prechecks.check(leg) ?? []);
}
