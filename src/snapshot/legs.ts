import type { LegType } from '../contract/index.ts';

/** Fields only one leg type has: they tell an untyped leg's type. */
const DISTINCTIVE_FIELDS: Record<LegType, readonly string[]> = {
  move_nugget: ['nugget_ids', 'origin_id', 'pickup_window', 'arrival_window', 'origin_handling_minutes_per_nugget', 'destination_handling_minutes_per_nugget'],
  collect_empty: ['nugget_id', 'location_id', 'must_clear_by'],
  deliver_empty: ['quantity', 'empty_source'],
};

/**
 * The type of a leg: its `type` when given; otherwise the type whose distinctive fields it
 * carries (a leg with none of them takes the first member's default, `deliver_empty`).
 * Returns undefined for an unknown `type` value.
 */
export function inferLegType(leg: Record<string, unknown>): LegType | undefined {
  const declared = leg.type;
  if (declared !== undefined) {
    return typeof declared === 'string' && declared in DISTINCTIVE_FIELDS ? (declared as LegType) : undefined;
  }
  let best: LegType = 'deliver_empty';
  let bestCount = 0;
  for (const [type, fields] of Object.entries(DISTINCTIVE_FIELDS) as [LegType, readonly string[]][]) {
    const count = fields.filter((field) => field in leg).length;
    if (count > bestCount) {
      best = type;
      bestCount = count;
    }
  }
  return best;
}
