import type { Check } from './types.ts';

/** Counts every Nugget some plan could deliver as an empty for the leg (generously, see NuggetFacts). */
export const enoughEmpties: Check = (subject) => {
  const { leg, context } = subject;
  if (leg.type !== 'deliver_empty') return null;
  const warehouseOnly = context.problem.units[leg.units[0]!]!.empties!.source === 'warehouse_only';
  const count = context.nuggets.emptyCount(leg, warehouseOnly);
  if (count >= leg.quantity) return null;
  return { reasonCode: 'not_enough_empty_nuggets', detail: `the leg asks for ${leg.quantity} empty Nuggets; at most ${count} could be delivered` };
};
