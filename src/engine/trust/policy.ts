/**
 * The trust policy: which solver's UNSATISFIABLE and OPTIMAL are believed on which model
 * class. A class is the set of FlatZinc constraint predicates a run used (with its set
 * variables, if any). A solver is trusted on a run when every predicate of the run is in its
 * covered set below: predicates the differential suite (test/engine/differential/) exercises
 * in claims that every other backend agreed with. The suite fails when a listed predicate is
 * no longer exercised, so the lists cannot claim more than the suite shows. COIN-BC and HiGHS
 * (floating-point MIP) are never trusted: their claims are always checked.
 */
import { COVERED_CONSTRAINTS } from './covered.ts';

/** The run's predicates outside the solver's covered class; everything when the FlatZinc is unknown. */
export function untrustedConstraints(solverKey: string, constraints: readonly string[] | undefined): string[] {
  if (constraints === undefined) return ['(no FlatZinc to judge the run by)'];
  const covered = COVERED_CONSTRAINTS[solverKey];
  if (covered === undefined) return [...constraints];
  return constraints.filter((name) => !covered.has(name));
}
