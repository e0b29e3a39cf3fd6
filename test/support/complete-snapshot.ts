/**
 * A small, valid booking-check request in which every optional field of spec section 2 is
 * given, with values that differ from the defaults (so omitting a field shows the default
 * being applied). Leg order in `movements` and `new_movements`: deliver_empty, collect_empty,
 * move_nugget. Each call returns a fresh copy.
 */
export type Body = Record<string, any>;

const window = (start: string, end: string) => ({ start, end });

function legs(prefix: string) {
  return [
    {
      type: 'deliver_empty',
      id: `${prefix}deliver`,
      booking_id: `${prefix}booking-1`,
      destination_id: 'cust-harrogate',
      window: window('2026-03-02T09:00:00Z', '2026-03-02T12:00:00Z'),
      quantity: 3,
      empty_source: 'warehouse_only',
      split_across_lorries: false,
      handling_method: 'forklift',
      handling_minutes_per_nugget: 7,
    },
    {
      type: 'collect_empty',
      id: `${prefix}collect`,
      booking_id: `${prefix}booking-3`,
      nugget_id: 'n-2',
      location_id: 'cust-harrogate',
      window: window('2026-03-02T09:00:00Z', '2026-03-02T15:00:00Z'),
      must_clear_by: '2026-03-02T16:00:00Z',
      handling_method: 'forklift',
      handling_minutes_per_nugget: 8,
    },
    {
      type: 'move_nugget',
      id: `${prefix}move`,
      booking_id: `${prefix}booking-2`,
      nugget_ids: ['n-1', 'n-3'],
      origin_id: 'wh-leeds',
      destination_id: 'hp-wakefield',
      pickup_window: window('2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z'),
      arrival_window: window('2026-03-02T09:00:00Z', '2026-03-02T13:00:00Z'),
      split_across_lorries: false,
      handling_method: 'forklift',
      origin_handling_minutes_per_nugget: 9,
      destination_handling_minutes_per_nugget: 11,
    },
  ];
}

export function completeBookingCheckRequest(): Body {
  return {
    data_as_of: '2026-03-01T18:00:00Z',
    planning_period: window('2026-03-02T00:00:00Z', '2026-03-03T23:59:59Z'),
    timezone: 'Europe/Paris',
    locations: [
      { id: 'wh-leeds', name: 'Leeds warehouse', type: 'warehouse', latitude: 53.7997, longitude: -1.5492, nugget_capacity: 50 },
      { id: 'cust-harrogate', name: 'Harrogate', type: 'customer_property', latitude: 53.9921, longitude: -1.5418, nugget_capacity: 2 },
      { id: 'hp-wakefield', name: 'Wakefield', type: 'handover_point', latitude: 53.683, longitude: -1.4977, nugget_capacity: 10 },
    ],
    nuggets: [
      { id: 'n-1', availability: 'in_service', location_id: 'wh-leeds', on_hire_to_customer_id: null, reserved_for_movement_id: null },
      { id: 'n-2', availability: 'in_service', location_id: 'cust-harrogate', on_hire_to_customer_id: null, reserved_for_movement_id: null },
      { id: 'n-3', availability: 'in_maintenance', location_id: 'wh-leeds', on_hire_to_customer_id: null, reserved_for_movement_id: 'deliver' },
      { id: 'n-4', availability: 'in_service', location_id: 'cust-harrogate', on_hire_to_customer_id: 'customer-7', reserved_for_movement_id: null },
    ],
    movements: legs(''),
    drivers: [
      {
        id: 'd-1',
        home_warehouse_id: 'wh-leeds',
        start_location_id: 'hp-wakefield',
        availability: [window('2026-03-02T07:00:00Z', '2026-03-02T17:00:00Z')],
        qualifications: ['hgv_ce', 'forklift'],
        fleet_check_allowances: {
          observed_at: '2026-03-01T17:00:00Z',
          driving_today_minutes: 30,
          driving_this_week_minutes: 600,
          driving_previous_week_minutes: 2400,
          driving_since_break_minutes: 20,
          working_since_break_minutes: 40,
          last_break_ended_at: '2026-03-01T15:00:00Z',
        },
        future_allowance_refreshes: [
          {
            effective_at: '2026-03-03T05:00:00Z',
            driving_today_minutes: 10,
            driving_this_week_minutes: 700,
            driving_previous_week_minutes: 2500,
            driving_since_break_minutes: 15,
            working_since_break_minutes: 25,
            last_break_ended_at: '2026-03-03T04:00:00Z',
          },
        ],
      },
    ],
    lorries: [
      {
        id: 'l-1',
        start_location_id: 'hp-wakefield',
        availability: [window('2026-03-02T06:00:00Z', '2026-03-02T20:00:00Z')],
        nugget_capacity: 6,
        equipment: ['forklift', 'crane'],
      },
    ],
    new_movements: legs('new-'),
  };
}

/** The same request as a manifest request (no `new_movements`). */
export function completeManifestRequest(): Body {
  const { new_movements: _proposed, ...rest } = completeBookingCheckRequest();
  return rest;
}
