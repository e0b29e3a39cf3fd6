import type { Check } from './types.ts';

export const qualifiedDriver: Check = (subject) => {
  const { leg, context } = subject;
  const method = context.problem.units[leg.units[0]!]!.handlingMethod;
  if (context.handlers(method).length === 0) return { reasonCode: 'no_qualified_driver', detail: `no driver is qualified for ${method} handling` };
  if (context.licensed.length === 0 && subject.timing().needsDrive) return { reasonCode: 'no_qualified_driver', detail: 'no driver holds hgv_c or hgv_ce' };
  return null;
};

export const equippedLorry: Check = (subject) => {
  const { leg, context } = subject;
  const method = context.problem.units[leg.units[0]!]!.handlingMethod;
  return context.lorries(method, 1).length > 0 ? null : { reasonCode: 'no_equipped_lorry', detail: `no lorry has ${method} equipment` };
};

export const lorryLargeEnough: Check = (subject) => {
  const { leg, context } = subject;
  const unit = context.problem.units[leg.units[0]!]!;
  if (context.lorries(unit.handlingMethod, unit.size).length > 0) return null;
  return { reasonCode: 'quantity_exceeds_lorry_capacity', detail: `${unit.size} Nuggets may not be split and no lorry with ${unit.handlingMethod} equipment carries that many` };
};
