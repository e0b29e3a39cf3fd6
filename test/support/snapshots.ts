/** A small, valid manifest request used across tests; each call returns a fresh copy. */
export function minimalManifestRequest(): Record<string, any> {
  return {
    data_as_of: '2026-03-01T18:00:00Z',
    planning_period: { start: '2026-03-02T00:00:00Z', end: '2026-03-02T23:59:59Z' },
    timezone: 'Europe/London',
    locations: [
      { id: 'wh-leeds', name: 'Leeds warehouse', type: 'warehouse', latitude: 53.7997, longitude: -1.5492, nugget_capacity: 50 },
      { id: 'cust-harrogate', type: 'customer_property', latitude: 53.9921, longitude: -1.5418 },
      { id: 'hp-wakefield', type: 'handover_point', latitude: 53.683, longitude: -1.4977, nugget_capacity: null },
    ],
    nuggets: [
      { id: 'n-1', availability: 'in_service', location_id: 'wh-leeds' },
      { id: 'n-2', availability: 'in_service', location_id: 'cust-harrogate', on_hire_to_customer_id: null },
      { id: 'n-3', availability: 'in_service', location_id: 'wh-leeds', reserved_for_movement_id: 'leg-deliver' },
    ],
    movements: [
      {
        type: 'deliver_empty',
        id: 'leg-deliver',
        booking_id: 'b-1',
        destination_id: 'cust-harrogate',
        window: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T12:00:00Z' },
      },
      {
        type: 'collect_empty',
        id: 'leg-collect',
        nugget_id: 'n-2',
        location_id: 'cust-harrogate',
        window: { start: '2026-03-02T09:00:00Z', end: '2026-03-02T15:00:00Z' },
        must_clear_by: '2026-03-02T16:00:00Z',
      },
      {
        type: 'move_nugget',
        id: 'leg-move',
        nugget_ids: ['n-1'],
        origin_id: 'wh-leeds',
        destination_id: 'hp-wakefield',
        pickup_window: { start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' },
        arrival_window: null,
      },
    ],
    drivers: [
      {
        id: 'd-1',
        home_warehouse_id: 'wh-leeds',
        availability: [{ start: '2026-03-02T07:00:00Z', end: '2026-03-02T17:00:00Z' }],
        qualifications: ['hgv_c', 'crane'],
        fleet_check_allowances: { observed_at: '2026-03-01T18:00:00Z', driving_this_week_minutes: 0 },
      },
    ],
    lorries: [
      {
        id: 'l-1',
        start_location_id: 'wh-leeds',
        availability: [{ start: '2026-03-02T06:00:00Z', end: '2026-03-02T20:00:00Z' }],
        nugget_capacity: 4,
        equipment: ['crane'],
      },
    ],
  };
}

export function minimalBookingCheckRequest(): Record<string, any> {
  return {
    ...minimalManifestRequest(),
    new_movements: [
      {
        type: 'deliver_empty',
        id: 'new-deliver',
        destination_id: 'cust-harrogate',
        window: { start: '2026-03-02T13:00:00Z', end: '2026-03-02T16:00:00Z' },
        quantity: 1,
      },
    ],
  };
}
