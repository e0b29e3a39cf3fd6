/**
 * A valid snapshot at the limits of spec section 8, built deterministically (no randomness, no
 * clock: the same options always give the same bytes):
 * 500 locations, 20,000 Nuggets, 20,000 movement legs, 200 drivers and 200 lorries, every
 * optional field given. Used by the contract tests and by `npm run bench -- contract`.
 */

/** The limits of spec section 8, written out here so tests do not trust the contract's own constants. */
export const SPEC_LIMITS = {
  locations: 500,
  nuggets: 20_000,
  movements: 20_000,
  drivers: 200,
  lorries: 200,
  new_movements: 100,
  availabilityWindows: 64,
  allowanceRefreshes: 32,
  quantity: 100,
  nuggetIds: 100,
  handlingMinutes: 240,
} as const;

export interface SpecLimitOptions {
  /** Availability windows per driver and per lorry (1 to 64). */
  windowsPerResource?: number;
  /** `future_allowance_refreshes` per driver (0 to 32). */
  refreshesPerDriver?: number;
  /** `nugget_ids` per move_nugget leg (1 to 100). */
  nuggetsPerMove?: number;
  /** Proposed legs in `new_movements` (a booking check); 0 gives a manifest request. */
  newMovements?: number;
}

const WAREHOUSES = 10;
const HANDOVER_POINTS = 40;
const DAYS = 32;

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** `2026-03-02` + `offset` days, as an ISO date (the period runs into April). */
function isoDate(offset: number): string {
  return new Date(Date.UTC(2026, 2, 2 + offset)).toISOString().slice(0, 10);
}

const at = (offset: number, time: string) => `${isoDate(offset % DAYS)}T${time}Z`;
const window = (offset: number, from: string, to: string) => ({ start: at(offset, from), end: at(offset, to) });

function locationId(index: number): string {
  if (index < WAREHOUSES) return `wh-${pad(index, 3)}`;
  if (index < WAREHOUSES + HANDOVER_POINTS) return `hp-${pad(index, 3)}`;
  return `cp-${pad(index, 4)}`;
}

function locations(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: locationId(index),
    name: `Place ${index}`,
    type: index < WAREHOUSES ? 'warehouse' : index < WAREHOUSES + HANDOVER_POINTS ? 'handover_point' : 'customer_property',
    latitude: 50 + ((index * 37) % 500) / 100,
    longitude: -5 + ((index * 53) % 600) / 100,
    nugget_capacity: index < WAREHOUSES ? 5_000 : null,
  }));
}

const nuggetId = (index: number) => `nug-${pad(index, 5)}`;
const movementId = (index: number) => `leg-${pad(index, 5)}`;
const isCustomerProperty = (locationIndex: number) => locationIndex >= WAREHOUSES + HANDOVER_POINTS;

function nuggets(count: number, locationCount: number) {
  const availabilities = ['in_service', 'in_service', 'in_service', 'in_maintenance', 'quarantined', 'destroyed'];
  return Array.from({ length: count }, (_, index) => {
    const place = index % locationCount;
    const onHire = isCustomerProperty(place) && index % 2 === 0;
    return {
      id: nuggetId(index),
      availability: availabilities[index % availabilities.length],
      location_id: locationId(place),
      on_hire_to_customer_id: onHire ? `cust-${pad(place, 4)}` : null,
      // Off-hire Nuggets in warehouses are reserved for the deliver_empty legs (every third leg).
      reserved_for_movement_id: !onHire && index % 3 === 0 ? movementId(index) : null,
    };
  });
}

function movementLeg(index: number, nuggetCount: number, locationCount: number, nuggetsPerMove: number, id = movementId(index)) {
  const customer = WAREHOUSES + HANDOVER_POINTS + (index % (locationCount - WAREHOUSES - HANDOVER_POINTS));
  const common = { id, booking_id: `bk-${pad(Math.floor(index / 3), 5)}`, handling_method: index % 2 === 0 ? 'crane' : 'forklift' };
  switch (index % 3) {
    case 0:
      return {
        type: 'deliver_empty',
        ...common,
        destination_id: locationId(customer),
        window: window(index, '08:00:00', '12:00:00'),
        quantity: 1 + (index % 4),
        empty_source: index % 2 === 0 ? 'any_available' : 'warehouse_only',
        split_across_lorries: true,
        handling_minutes_per_nugget: 5,
      };
    case 1: {
      const nugget = index % nuggetCount;
      return {
        type: 'collect_empty',
        ...common,
        nugget_id: nuggetId(nugget),
        location_id: locationId(nugget % locationCount),
        window: window(index, '09:00:00', '15:00:00'),
        must_clear_by: at(index, '17:00:00'),
        handling_minutes_per_nugget: 10,
      };
    }
    default: {
      const first = (index * 7) % nuggetCount;
      const ids = Array.from({ length: nuggetsPerMove }, (_, k) => nuggetId((first + k) % nuggetCount));
      const origin = first % locationCount;
      return {
        type: 'move_nugget',
        ...common,
        nugget_ids: ids,
        origin_id: locationId(origin),
        destination_id: locationId((origin + 1) % locationCount),
        pickup_window: window(index, '07:00:00', '11:00:00'),
        arrival_window: window(index, '10:00:00', '16:00:00'),
        split_across_lorries: false,
        origin_handling_minutes_per_nugget: 5,
        destination_handling_minutes_per_nugget: 6,
      };
    }
  }
}

/** Two shifts a day: window `w` is on day `w / 2`. */
function shifts(count: number) {
  return Array.from({ length: count }, (_, w) => (w % 2 === 0 ? window(w >> 1, '06:00:00', '13:00:00') : window(w >> 1, '14:00:00', '21:00:00')));
}

function drivers(count: number, windows: number, refreshes: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `drv-${pad(index, 3)}`,
    home_warehouse_id: locationId(index % WAREHOUSES),
    start_location_id: index % 4 === 0 ? null : locationId(index % WAREHOUSES),
    availability: shifts(windows),
    qualifications: index % 2 === 0 ? ['hgv_c', 'crane'] : ['hgv_c', 'hgv_ce', 'crane', 'forklift'],
    fleet_check_allowances: {
      observed_at: '2026-03-01T17:00:00Z',
      driving_today_minutes: 0,
      driving_this_week_minutes: (index * 13) % 600,
      driving_previous_week_minutes: (index * 29) % 3000,
      driving_since_break_minutes: 0,
      working_since_break_minutes: 0,
      last_break_ended_at: '2026-03-01T16:00:00Z',
    },
    future_allowance_refreshes: Array.from({ length: refreshes }, (_, r) => ({
      effective_at: at(r, '05:00:00'),
      driving_today_minutes: 0,
      driving_this_week_minutes: r % 7 === 6 ? 0 : null,
      driving_previous_week_minutes: null,
      driving_since_break_minutes: 0,
      working_since_break_minutes: 0,
      last_break_ended_at: at(r, '04:59:00'),
    })),
  }));
}

function lorries(count: number, windows: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `lorry-${pad(index, 3)}`,
    start_location_id: locationId(index % WAREHOUSES),
    availability: shifts(windows),
    nugget_capacity: 2 + (index % 5),
    equipment: index % 3 === 0 ? ['crane', 'forklift'] : ['crane'],
  }));
}

/** A fresh spec-limit request body (a plain object, as JSON.parse would give it). */
export function specLimitSnapshot(options: SpecLimitOptions = {}): Record<string, any> {
  const windows = options.windowsPerResource ?? SPEC_LIMITS.availabilityWindows;
  const refreshes = options.refreshesPerDriver ?? SPEC_LIMITS.allowanceRefreshes;
  const nuggetsPerMove = options.nuggetsPerMove ?? 2;
  const { locations: locationCount, nuggets: nuggetCount, movements: movementCount } = SPEC_LIMITS;
  const body: Record<string, any> = {
    data_as_of: '2026-03-01T18:00:00Z',
    planning_period: { start: at(0, '00:00:00'), end: at(DAYS - 1, '23:59:59') },
    timezone: 'Europe/London',
    locations: locations(locationCount),
    nuggets: nuggets(nuggetCount, locationCount),
    movements: Array.from({ length: movementCount }, (_, index) => movementLeg(index, nuggetCount, locationCount, nuggetsPerMove)),
    drivers: drivers(SPEC_LIMITS.drivers, windows, refreshes),
    lorries: lorries(SPEC_LIMITS.lorries, windows),
  };
  if ((options.newMovements ?? 0) > 0) {
    body.new_movements = Array.from({ length: options.newMovements! }, (_, index) =>
      movementLeg(index, nuggetCount, locationCount, nuggetsPerMove, `new-${pad(index, 3)}`),
    );
  }
  return body;
}
