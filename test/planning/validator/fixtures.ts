import type { ManifestPlanResponse, PlannedActivity, Snapshot } from '../../../src/contract/index.ts';
import type { JourneyMinutes } from '../../../src/planning/validator/index.ts';

/**
 * A small, valid plan built by hand (times on Monday 2 March 2026, London in GMT):
 *
 * d-1 with l-1 (capacity 2): walk-round, loads two empties at wh-leeds for leg-deliver
 * (warehouse_only, not split), drives to cust-a, waits for the window, delivers them; drives to
 * cust-b, takes a break until the collect window opens, collects n-collect (leg-collect), drives
 * back and unloads it at the warehouse (yard_work).
 *
 * d-2 (no counters: warned) with l-2: walk-round, moves n-move from wh-leeds to hp-wakefield
 * (leg-move) and drives back. leg-unplanned is listed unplanned.
 */
export const DAY = '2026-03-02';
export const at = (time: string) => `${DAY}T${time}:00Z`;

export function validSnapshot(): Snapshot {
  return structuredClone({
    data_as_of: '2026-03-01T18:00:00Z',
    planning_period: { start: at('05:00'), end: at('22:00') },
    timezone: 'Europe/London',
    locations: [
      { id: 'wh-leeds', type: 'warehouse', latitude: 53.7997, longitude: -1.5492, nugget_capacity: 10 },
      { id: 'cust-a', type: 'customer_property', latitude: 53.9921, longitude: -1.5418, nugget_capacity: 3 },
      { id: 'cust-b', type: 'customer_property', latitude: 53.95, longitude: -1.08 },
      { id: 'hp-wakefield', type: 'handover_point', latitude: 53.683, longitude: -1.4977, nugget_capacity: 3 },
    ],
    nuggets: [
      { id: 'n-move', availability: 'in_service', location_id: 'wh-leeds' },
      { id: 'n-empty-1', availability: 'in_service', location_id: 'wh-leeds' },
      { id: 'n-empty-2', availability: 'in_service', location_id: 'wh-leeds', on_hire_to_customer_id: null, reserved_for_movement_id: 'leg-deliver' },
      { id: 'n-collect', availability: 'in_service', location_id: 'cust-b' },
      { id: 'n-onhire', availability: 'in_service', location_id: 'cust-a', on_hire_to_customer_id: 'c-9' },
      { id: 'n-broken', availability: 'in_maintenance', location_id: 'wh-leeds' },
      { id: 'n-reserved', availability: 'in_service', location_id: 'wh-leeds', reserved_for_movement_id: 'leg-unplanned' },
    ],
    movements: [
      {
        type: 'deliver_empty',
        id: 'leg-deliver',
        booking_id: 'b-1',
        destination_id: 'cust-a',
        window: { start: at('09:00'), end: at('11:00') },
        quantity: 2,
        empty_source: 'warehouse_only',
        split_across_lorries: false,
        handling_method: 'crane',
        handling_minutes_per_nugget: 5,
      },
      {
        type: 'collect_empty',
        id: 'leg-collect',
        booking_id: 'b-2',
        nugget_id: 'n-collect',
        location_id: 'cust-b',
        window: { start: at('10:00'), end: at('13:00') },
        must_clear_by: at('13:30'),
        handling_method: 'crane',
        handling_minutes_per_nugget: 6,
      },
      {
        type: 'move_nugget',
        id: 'leg-move',
        booking_id: 'b-3',
        nugget_ids: ['n-move'],
        origin_id: 'wh-leeds',
        destination_id: 'hp-wakefield',
        pickup_window: { start: at('08:00'), end: at('09:00') },
        arrival_window: { start: at('08:30'), end: at('12:00') },
        split_across_lorries: true,
        handling_method: 'crane',
        origin_handling_minutes_per_nugget: 5,
        destination_handling_minutes_per_nugget: 7,
      },
      {
        type: 'deliver_empty',
        id: 'leg-unplanned',
        booking_id: null,
        destination_id: 'cust-b',
        window: { start: at('05:00'), end: at('05:10') },
        quantity: 1,
        empty_source: 'any_available',
        split_across_lorries: true,
        handling_method: 'crane',
        handling_minutes_per_nugget: 5,
      },
    ],
    drivers: [
      {
        id: 'd-1',
        home_warehouse_id: 'wh-leeds',
        start_location_id: 'wh-leeds',
        availability: [{ start: at('06:00'), end: at('20:00') }],
        qualifications: ['hgv_c', 'crane'],
        fleet_check_allowances: {
          observed_at: '2026-03-01T18:00:00Z',
          driving_today_minutes: 0,
          driving_this_week_minutes: 0,
          driving_previous_week_minutes: 0,
          driving_since_break_minutes: 0,
          working_since_break_minutes: 0,
        },
        future_allowance_refreshes: [],
      },
      {
        id: 'd-2',
        home_warehouse_id: 'wh-leeds',
        start_location_id: 'wh-leeds',
        availability: [{ start: at('06:00'), end: at('20:00') }],
        qualifications: ['hgv_ce', 'crane'],
        future_allowance_refreshes: [],
      },
    ],
    lorries: [
      { id: 'l-1', start_location_id: 'wh-leeds', availability: [{ start: at('05:00'), end: at('21:00') }], nugget_capacity: 2, equipment: ['crane'] },
      { id: 'l-2', start_location_id: 'wh-leeds', availability: [{ start: at('05:00'), end: at('21:00') }], nugget_capacity: 4, equipment: ['crane'] },
    ],
  } satisfies Snapshot);
}

type Fields = Omit<PlannedActivity, 'type' | 'start' | 'end'>;
const activity = (type: PlannedActivity['type'], from: string, to: string, fields: Fields = {}): PlannedActivity => ({ type, start: at(from), end: at(to), ...fields });

export function validResponse(): ManifestPlanResponse {
  const deliver = { movement_id: 'leg-deliver', booking_id: 'b-1', lorry_id: 'l-1' };
  const collect = { movement_id: 'leg-collect', booking_id: 'b-2', lorry_id: 'l-1' };
  const move = { movement_id: 'leg-move', booking_id: 'b-3', lorry_id: 'l-2' };
  const empties = ['n-empty-1', 'n-empty-2'];
  return {
    data_as_of: '2026-03-01T18:00:00Z',
    manifests: [
      {
        driver_id: 'd-1',
        activities: [
          activity('service', '08:00', '08:15', { lorry_id: 'l-1', location_id: 'wh-leeds' }),
          activity('pickup', '08:15', '08:25', { ...deliver, location_id: 'wh-leeds', nugget_ids: empties }),
          activity('drive', '08:25', '08:55', { lorry_id: 'l-1', from_location_id: 'wh-leeds', to_location_id: 'cust-a', nugget_ids: empties }),
          activity('wait', '08:55', '09:00', { lorry_id: 'l-1', location_id: 'cust-a' }),
          activity('delivery', '09:00', '09:10', { ...deliver, location_id: 'cust-a', nugget_ids: empties }),
          activity('drive', '09:10', '09:30', { lorry_id: 'l-1', from_location_id: 'cust-a', to_location_id: 'cust-b' }),
          activity('break', '09:30', '10:00', { location_id: 'cust-b' }),
          activity('pickup', '10:00', '10:06', { ...collect, location_id: 'cust-b', nugget_ids: ['n-collect'] }),
          activity('drive', '10:06', '10:46', { lorry_id: 'l-1', from_location_id: 'cust-b', to_location_id: 'wh-leeds', nugget_ids: ['n-collect'] }),
          activity('yard_work', '10:46', '10:52', { lorry_id: 'l-1', location_id: 'wh-leeds', movement_id: 'leg-collect', booking_id: 'b-2', nugget_ids: ['n-collect'] }),
        ],
      },
      {
        driver_id: 'd-2',
        activities: [
          activity('service', '07:45', '08:00', { lorry_id: 'l-2', location_id: 'wh-leeds' }),
          activity('pickup', '08:00', '08:05', { ...move, location_id: 'wh-leeds', nugget_ids: ['n-move'] }),
          activity('drive', '08:05', '08:30', { lorry_id: 'l-2', from_location_id: 'wh-leeds', to_location_id: 'hp-wakefield', nugget_ids: ['n-move'] }),
          activity('delivery', '08:30', '08:37', { ...move, location_id: 'hp-wakefield', nugget_ids: ['n-move'] }),
          activity('drive', '08:37', '09:02', { lorry_id: 'l-2', from_location_id: 'hp-wakefield', to_location_id: 'wh-leeds' }),
        ],
      },
    ],
    unplanned_movements: [{ movement_id: 'leg-unplanned', booking_id: null, reason_code: 'window_unreachable', message: 'The window closes before any lorry can arrive.' }],
    warnings: [{ code: 'driver_allowances_missing', message: 'No counters for d-2.', affected_ids: ['d-2'] }],
    metadata: { generated_at: '2026-03-01T18:00:05Z', policy_version: 'planner-manifest-v1' },
  };
}

/** Whole driving minutes between the fixture's places (symmetric; 0 from a place to itself). */
export const JOURNEY_MINUTES: Record<string, number> = {
  'wh-leeds|cust-a': 30,
  'wh-leeds|cust-b': 40,
  'wh-leeds|hp-wakefield': 25,
  'cust-a|cust-b': 20,
  'cust-a|hp-wakefield': 45,
  'cust-b|hp-wakefield': 50,
};

export function journey(overrides: Record<string, number> = {}): JourneyMinutes {
  const table = { ...JOURNEY_MINUTES, ...overrides };
  return {
    minutes(fromId, toId) {
      if (fromId === toId) return 0;
      return table[`${fromId}|${toId}`] ?? table[`${toId}|${fromId}`] ?? Number.NaN;
    },
  };
}
