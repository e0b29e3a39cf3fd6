/**
 * Resizes one array of the complete request (test/support/complete-snapshot.ts) to any length
 * while keeping everything else valid, for the array-size rows of the field tables.
 */
import type { Body } from './complete-snapshot.ts';
import { renameId, valueAt, type Path } from './field-table.ts';

const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));

/** An hourly window on 2 March, `index` hours after 06:00 (wrapping within the day). */
function hourWindow(index: number) {
  const hour = 6 + (index % 12);
  const text = (h: number) => `2026-03-02T${String(h).padStart(2, '0')}:00:00Z`;
  return { start: text(hour), end: text(hour + 1) };
}

const extraDeliver = (id: string) => ({ type: 'deliver_empty', id, destination_id: 'cust-harrogate', window: hourWindow(3) });

const keepLegs = (body: Body, type: string) => {
  for (const key of ['movements', 'new_movements']) {
    if (Array.isArray(body[key])) body[key] = body[key].filter((leg: Body) => leg.type === type);
  }
};

export function resizeLocations(body: Body, count: number): Body {
  if (count === 0) return { ...body, locations: [] };
  if (count >= 3) {
    body.locations.push(...times(count - 3, (i) => ({ id: `extra-place-${i}`, type: 'customer_property', latitude: 51 + i / 1000, longitude: -1 })));
    return body;
  }
  // One place: everything happens at the warehouse, so only collections remain meaningful.
  const single = renameId(renameId(body, 'cust-harrogate', 'wh-leeds'), 'hp-wakefield', 'wh-leeds');
  single.locations = single.locations.slice(0, count);
  keepLegs(single, 'collect_empty');
  for (const nugget of single.nuggets) nugget.reserved_for_movement_id = null;
  return single;
}

export function resizeNuggets(body: Body, count: number): Body {
  if (count < body.nuggets.length) {
    // Fewer Nuggets than the legs name: keep only the legs that name none.
    keepLegs(body, 'deliver_empty');
    return { ...body, nuggets: body.nuggets.slice(0, count) };
  }
  body.nuggets.push(...times(count - body.nuggets.length, (i) => ({ id: `extra-nugget-${i}`, availability: 'in_service', location_id: 'wh-leeds' })));
  return body;
}

export function resizeMovements(body: Body, count: number): Body {
  if (count === 0) {
    for (const nugget of body.nuggets) nugget.reserved_for_movement_id = null;
    return { ...body, movements: [] };
  }
  if (count <= body.movements.length) return { ...body, movements: body.movements.slice(0, count) };
  body.movements.push(...times(count - body.movements.length, (i) => extraDeliver(`extra-leg-${i}`)));
  return body;
}

export function resizeNewMovements(body: Body, count: number): Body {
  body.new_movements = count <= body.new_movements.length
    ? body.new_movements.slice(0, count)
    : [...body.new_movements, ...times(count - body.new_movements.length, (i) => extraDeliver(`new-extra-leg-${i}`))];
  return body;
}

export function resizeDrivers(body: Body, count: number): Body {
  const [first] = body.drivers;
  body.drivers = times(count, (i) => (i === 0 ? first : { ...structuredClone(first), id: `extra-driver-${i}` }));
  return body;
}

export function resizeLorries(body: Body, count: number): Body {
  const [first] = body.lorries;
  body.lorries = times(count, (i) => (i === 0 ? first : { ...structuredClone(first), id: `extra-lorry-${i}` }));
  return body;
}

/** `availability` of the driver or lorry at `owner`. */
export const resizeAvailability = (owner: Path) => (body: Body, count: number): Body => {
  (valueAt(body, owner) as Body).availability = times(count, hourWindow);
  return body;
};

/** `future_allowance_refreshes` of drivers[0], one an hour after the first, in order. */
export function resizeRefreshes(body: Body, count: number): Body {
  body.drivers[0].future_allowance_refreshes = times(count, (i) => ({
    effective_at: new Date(Date.parse('2026-03-03T05:00:00Z') + i * 3_600_000).toISOString(),
  }));
  return body;
}

/** `nugget_ids` of the move_nugget leg at `leg`, with as many Nuggets added to the snapshot. */
export const resizeNuggetIds = (leg: Path) => (body: Body, count: number): Body => {
  const ids = times(count, (i) => `bulk-nugget-${i}`);
  body.nuggets.push(...ids.map((id) => ({ id, availability: 'in_service', location_id: 'wh-leeds' })));
  (valueAt(body, leg) as Body).nugget_ids = ids;
  return body;
};
