import type { Check } from './types.ts';

/** After one delivery of the leg unloads, the place holds at least what can never leave it plus that delivery. */
export const destinationCanHold: Check = (subject) => {
  const { leg, context } = subject;
  const { problem, nuggets } = context;
  const unit = problem.units[leg.units[0]!]!;
  if (unit.deliveryPlace === null) return null;
  const place = problem.places[unit.deliveryPlace]!;
  if (place.capacity === null) return null;
  const staying = place.initialOccupancy - nuggets.removableAt(place.index);
  if (staying + unit.size <= place.capacity) return null;
  return {
    reasonCode: 'destination_capacity_insufficient',
    detail: `${place.id} holds at most ${place.capacity} Nuggets; ${staying} can never leave it and one delivery unloads ${unit.size}`,
  };
};
