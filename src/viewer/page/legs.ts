import type { LegType, MovementLegInput } from '../../contract/index.ts';
import { inferLegType } from '../../snapshot/legs.ts';

/** A leg as the viewer names it: where it goes from and to, and its windows. */
export interface LegView {
  id: string;
  bookingId: string | null;
  type: LegType;
  from: string | null;
  to: string | null;
  windows: { label: string; start: number; end: number }[];
}

const window = (label: string, value: { start: string; end: string } | null | undefined) =>
  value == null ? [] : [{ label, start: Date.parse(value.start), end: Date.parse(value.end) }];

export function legView(input: MovementLegInput): LegView {
  const leg = input as MovementLegInput & Record<string, unknown>;
  const type = inferLegType(leg) ?? 'deliver_empty';
  const base = { id: input.id, bookingId: input.booking_id ?? null, type };
  if ('nugget_ids' in input) {
    return { ...base, from: input.origin_id, to: input.destination_id, windows: [...window('pickup', input.pickup_window), ...window('arrival', input.arrival_window)] };
  }
  if ('nugget_id' in input) return { ...base, from: input.location_id, to: null, windows: window('collection', input.window) };
  return { ...base, from: null, to: input.destination_id, windows: window('arrival', input.window) };
}

export const LEG_TYPE_TEXT: Record<LegType, string> = {
  deliver_empty: 'deliver empty',
  collect_empty: 'collect empty',
  move_nugget: 'move Nuggets',
};
