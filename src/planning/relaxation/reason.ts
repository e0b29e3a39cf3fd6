/**
 * What an UNSATISFIABLE relaxation proves, in words: the blocking resource, place or window it
 * found in its data, for a booking check's reason and a left-out leg's message alike.
 */
import type { ReasonCode } from '../../contract/reasons.ts';
import type { StaticFacts } from './data.ts';

export interface Proof {
  reasonCode: ReasonCode;
  detail: string;
}

/**
 * The reason of an UNSATISFIABLE run. A static conflict found in the model's data (two tasks of
 * the only able driver or lorry that fit in no order; a delivery into a place full whenever it
 * could be unloaded) is on its own enough for the model to be UNSATISFIABLE, so it names the
 * blocking resource; otherwise the reason is the relaxation as a whole, with what it knows.
 */
export function proofOf(facts: StaticFacts, scope: string): Proof {
  const unary = facts.unaryConflicts[0];
  if (unary !== undefined) {
    const [a, b] = unary.legIds;
    const legs = a === b ? `movement ${a}` : `movements ${a} and ${b}`;
    return {
      reasonCode: unary.kind === 'driver' ? 'sole_driver_conflict' : 'sole_lorry_conflict',
      detail: `${unary.kind} ${unary.memberId} is the only one able to serve ${legs}, and neither order fits`,
    };
  }
  const place = facts.placeConflicts[0];
  if (place !== undefined) {
    return {
      reasonCode: 'place_full_during_window',
      detail: `place ${place.placeId} (capacity ${place.capacity}) still holds ${place.present} Nugget(s) whenever the ${place.nuggets} of movement ${place.legId} could be unloaded`,
    };
  }
  const parts = [scope];
  const window = facts.emptyWindows[0];
  if (window !== undefined) parts.push(`the ${window.stop} of movement ${window.legId} cannot meet its window`);
  for (const over of facts.overfilledPlaces) parts.push(`place ${over.placeId} would hold ${over.staying + over.arrivals} Nuggets (capacity ${over.capacity})`);
  if (facts.drivingNeeded > facts.drivingCapacity) parts.push(`at least ${facts.drivingNeeded} min of driving, drivers can do at most ${facts.drivingCapacity}`);
  return { reasonCode: 'relaxation_infeasible', detail: parts.join('; ') };
}
