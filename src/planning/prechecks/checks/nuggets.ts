import type { NuggetAvailability } from '../../../contract/index.ts';
import type { PrecheckReasonCode } from '../../../contract/reasons.ts';
import type { ProblemNugget } from '../../problem/index.ts';
import type { Check, LegUnderCheck, Rejection } from './types.ts';

const STATE_REASON: Record<Exclude<NuggetAvailability, 'in_service'>, PrecheckReasonCode> = {
  destroyed: 'nugget_destroyed',
  in_maintenance: 'nugget_in_maintenance',
  quarantined: 'nugget_quarantined',
};

/** The first Nugget the leg names for which `reject` says something. */
function firstNamed(subject: LegUnderCheck, reject: (nugget: ProblemNugget) => Rejection | null): Rejection | null {
  const { problem, nuggets } = subject.context;
  for (const index of nuggets.named(subject.leg)) {
    const rejection = reject(problem.nuggets[index]!);
    if (rejection !== null) return rejection;
  }
  return null;
}

export const nuggetsInService: Check = (subject) =>
  firstNamed(subject, (nugget) =>
    nugget.availability === 'in_service' ? null : { reasonCode: STATE_REASON[nugget.availability], detail: `Nugget ${nugget.id} is ${nugget.availability}` },
  );

export const collectedNuggetOffHire: Check = (subject) =>
  subject.leg.type !== 'collect_empty'
    ? null
    : firstNamed(subject, (nugget) => (nugget.onHire ? { reasonCode: 'nugget_on_hire', detail: `Nugget ${nugget.id} is on hire` } : null));

export const nuggetsNotReservedElsewhere: Check = (subject) =>
  firstNamed(subject, (nugget) =>
    nugget.reservedFor === null || nugget.reservedFor === subject.leg.id
      ? null
      : { reasonCode: 'nugget_reserved_for_other_leg', detail: `Nugget ${nugget.id} is reserved for movement ${nugget.reservedFor}` },
  );

export const nuggetsAtPickupPlace: Check = (subject) => {
  const { problem, nuggets } = subject.context;
  const place = problem.units[subject.leg.units[0]!]!.pickupPlaces[0]!;
  return firstNamed(subject, (nugget) =>
    nugget.place === place || nuggets.canBeBroughtTo(nugget, place, subject.leg.index)
      ? null
      : { reasonCode: 'nugget_not_at_pickup_place', detail: `Nugget ${nugget.id} is not at ${problem.places[place]!.id} and no leg can bring it there` },
  );
};
