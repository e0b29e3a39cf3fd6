/**
 * Small random planning scenarios for the soundness property of the pre-checks. A scenario is
 * numeric (minutes from the planning start, place indexes) so that the brute-force enumerator
 * reads it directly, independent of the code under test; `toBody` writes it as a request.
 */
import fc from 'fast-check';

export type PlaceType = 'warehouse' | 'customer_property' | 'handover_point';
export type Method = 'crane' | 'forklift';
export interface Span { start: number; end: number }
export interface Counters { today: number; week: number; previous: number; sinceBreak: number; working: number; observedBefore: number }
export interface ScenarioDriver { start: number; qualifications: string[]; windows: Span[]; counters: Counters | null }
export interface ScenarioLorry { start: number; capacity: number; equipment: Method[]; windows: Span[] }
export interface ScenarioNugget { place: number; availability: 'in_service' | 'in_maintenance' | 'quarantined' | 'destroyed'; onHire: boolean; reserved: 'leg' | 'other' | null }
interface LegCommon { method: Method }
export type ScenarioLeg =
  | (LegCommon & { type: 'move_nugget'; nuggets: number[]; origin: number; destination: number; pickup: Span; arrival: Span | null; split: boolean; originMinutes: number; destinationMinutes: number })
  | (LegCommon & { type: 'collect_empty'; nugget: number; place: number; window: Span; mustClearBy: number | null; minutes: number })
  | (LegCommon & { type: 'deliver_empty'; destination: number; window: Span; quantity: number; source: 'any_available' | 'warehouse_only'; split: boolean; minutes: number });

export interface Scenario {
  horizon: number;
  places: { type: PlaceType; capacity: number | null }[];
  /** minutes[i][j], 0 on the diagonal; need not obey the triangle inequality. */
  minutes: number[][];
  drivers: ScenarioDriver[];
  lorries: ScenarioLorry[];
  nuggets: ScenarioNugget[];
  leg: ScenarioLeg;
  /** A second deliver_empty `other` (to the last place) that Nuggets may be reserved for. */
  other: Span;
}

const PLACE_COUNT = 4;
const span = (maxStart: number, maxLength: number, minLength = 0) =>
  fc.record({ start: fc.integer({ min: 0, max: maxStart }), length: fc.integer({ min: minLength, max: maxLength }) }).map(({ start, length }) => ({ start, end: start + length }));
/** Mostly comfortable values, sometimes near or over a limit. */
const mostly = (comfortable: fc.Arbitrary<number>, tight: fc.Arbitrary<number>) => fc.oneof({ arbitrary: comfortable, weight: 3 }, { arbitrary: tight, weight: 1 });
const often = fc.constantFrom(true, true, true, true, true, true, true, true, true, false);
const method = fc.constantFrom<Method>('crane', 'crane', 'forklift');
const handling = fc.integer({ min: 1, max: 30 });

const counters: fc.Arbitrary<Counters | null> = fc.option(
  fc.record({
    today: mostly(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 400, max: 600 })),
    week: mostly(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 3200, max: 3400 })),
    previous: mostly(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 1500, max: 2500 })),
    sinceBreak: mostly(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 60, max: 280 })),
    working: mostly(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 60, max: 370 })),
    observedBefore: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 900 })),
  }),
  { nil: null },
);

const leg: fc.Arbitrary<ScenarioLeg> = fc.oneof(
  fc.record({
    type: fc.constant('move_nugget' as const),
    nuggets: fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
    origin: fc.integer({ min: 0, max: PLACE_COUNT - 1 }),
    destination: fc.integer({ min: 0, max: PLACE_COUNT - 1 }),
    pickup: span(400, 300),
    arrival: fc.option(span(450, 300), { nil: null }),
    split: fc.boolean(),
    originMinutes: handling,
    destinationMinutes: handling,
    method,
  }),
  fc.record({
    type: fc.constant('collect_empty' as const),
    nugget: fc.integer({ min: 0, max: 3 }),
    place: fc.integer({ min: 0, max: PLACE_COUNT - 1 }),
    window: span(400, 300),
    mustClearBy: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    minutes: handling,
    method,
  }),
  fc.record({
    type: fc.constant('deliver_empty' as const),
    destination: fc.integer({ min: 1, max: PLACE_COUNT - 1 }),
    window: span(450, 300),
    quantity: fc.integer({ min: 1, max: 3 }),
    source: fc.constantFrom('any_available' as const, 'warehouse_only' as const),
    split: fc.boolean(),
    minutes: handling,
    method,
  }),
);

export const scenarios: fc.Arbitrary<Scenario> = fc
  .record({
    horizon: fc.integer({ min: 360, max: 720 }),
    types: fc.array(fc.constantFrom<PlaceType>('warehouse', 'customer_property', 'handover_point'), { minLength: PLACE_COUNT - 1, maxLength: PLACE_COUNT - 1 }),
    capacities: fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 2 }), { minLength: PLACE_COUNT, maxLength: PLACE_COUNT }),
    minutes: fc.array(fc.integer({ min: 0, max: 90 }), { minLength: PLACE_COUNT * PLACE_COUNT, maxLength: PLACE_COUNT * PLACE_COUNT }),
    drivers: fc.array(
      fc.record({
        start: fc.integer({ min: 0, max: PLACE_COUNT - 1 }),
        qualifications: fc.subarray(['hgv_c', 'hgv_ce', 'crane', 'forklift'] as string[]),
        windows: fc.array(span(300, 700, 60), { minLength: 1, maxLength: 2 }),
        counters,
      }),
      { minLength: 1, maxLength: 2 },
    ),
    lorries: fc.array(
      fc.record({
        start: fc.integer({ min: 0, max: PLACE_COUNT - 1 }),
        capacity: fc.integer({ min: 1, max: 4 }),
        equipment: fc.subarray(['crane', 'forklift'] as Method[]),
        windows: fc.array(span(300, 700, 60), { minLength: 1, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    nuggets: fc.array(
      fc.record({
        place: fc.integer({ min: 0, max: PLACE_COUNT - 1 }),
        availability: fc.constantFrom(...(['in_service', 'in_service', 'in_service', 'in_service', 'in_service', 'in_maintenance', 'destroyed', 'quarantined'] as const)),
        onHire: fc.constantFrom(false, false, false, true),
        reserved: fc.constantFrom('leg' as const, 'other' as const, null, null, null),
      }),
      { minLength: 4, maxLength: 6 },
    ),
    leg,
    other: span(600, 200),
    bias: fc.record({ crew: often, qualified: often, equipped: often, nuggetsInPlace: often }),
  })
  .map(({ types, capacities, minutes, bias, ...rest }) => {
    // Place 0 is a warehouse (every driver's home); the last place receives deliveries.
    const placeTypes: PlaceType[] = ['warehouse', ...types];
    if (placeTypes[PLACE_COUNT - 1] === 'warehouse') placeTypes[PLACE_COUNT - 1] = 'customer_property';
    // Purely random scenarios are almost never plannable: bias some towards a crew that could serve the leg.
    const [driver, lorry] = [rest.drivers[0]!, rest.lorries[0]!];
    if (bias.crew) lorry.start = driver.start;
    if (bias.qualified) driver.qualifications = [...new Set([...driver.qualifications, 'hgv_c', rest.leg.method])];
    if (bias.equipped && !lorry.equipment.includes(rest.leg.method)) lorry.equipment = [...lorry.equipment, rest.leg.method];
    if (bias.nuggetsInPlace) {
      const spec = rest.leg;
      const usable = (index: number, place: number) => {
        const nugget = rest.nuggets[index];
        if (nugget !== undefined) Object.assign(nugget, { place, availability: 'in_service', onHire: false, reserved: nugget.reserved === 'other' ? null : nugget.reserved });
      };
      if (spec.type === 'move_nugget') spec.nuggets.forEach((index) => usable(index, spec.origin));
      if (spec.type === 'collect_empty') usable(spec.nugget, spec.place);
      if (spec.type === 'deliver_empty') for (let index = 0; index < spec.quantity; index++) usable(index, driver.start === 0 ? 0 : 2 % PLACE_COUNT);
    }
    return {
      ...rest,
      places: placeTypes.map((type, index) => ({ type, capacity: capacities[index]! })),
      minutes: Array.from({ length: PLACE_COUNT }, (_, from) => Array.from({ length: PLACE_COUNT }, (_, to) => (from === to ? 0 : minutes[from * PLACE_COUNT + to]!))),
    };
  });

const BASE = Date.parse('2026-03-02T00:00:00Z');
const iso = (minute: number) => new Date(BASE + minute * 60_000).toISOString().replace('.000Z', 'Z');
const isoSpan = (value: Span) => ({ start: iso(value.start), end: iso(value.end) });
export const placeId = (index: number) => `p${index}`;
export const nuggetId = (index: number) => `n${index}`;

/** The scenario as a manifest request body; `undefined` when it would not be a valid request (the property skips it). */
export function toBody(scenario: Scenario): Record<string, unknown> | undefined {
  const { leg: spec } = scenario;
  if (spec.type === 'move_nugget' && spec.origin === spec.destination) return undefined;
  if (spec.type === 'deliver_empty' && scenario.places[spec.destination]!.type === 'warehouse') return undefined;
  const nuggetCount = scenario.nuggets.length;
  if (spec.type === 'move_nugget' && spec.nuggets.some((index) => index >= nuggetCount)) return undefined;
  const common = { id: 'leg', handling_method: spec.method };
  const legBody =
    spec.type === 'move_nugget'
      ? {
          ...common, type: spec.type, nugget_ids: spec.nuggets.map(nuggetId), origin_id: placeId(spec.origin), destination_id: placeId(spec.destination),
          pickup_window: isoSpan(spec.pickup), arrival_window: spec.arrival === null ? null : isoSpan(spec.arrival), split_across_lorries: spec.split,
          origin_handling_minutes_per_nugget: spec.originMinutes, destination_handling_minutes_per_nugget: spec.destinationMinutes,
        }
      : spec.type === 'collect_empty'
        ? {
            ...common, type: spec.type, nugget_id: nuggetId(spec.nugget), location_id: placeId(spec.place), window: isoSpan(spec.window),
            must_clear_by: spec.mustClearBy === null ? null : iso(spec.window.start + spec.mustClearBy), handling_minutes_per_nugget: spec.minutes,
          }
        : {
            ...common, type: spec.type, destination_id: placeId(spec.destination), window: isoSpan(spec.window), quantity: spec.quantity,
            empty_source: spec.source, split_across_lorries: spec.split, handling_minutes_per_nugget: spec.minutes,
          };
  if (spec.type === 'move_nugget' && spec.arrival !== null && spec.arrival.end < spec.pickup.start) return undefined;
  return {
    data_as_of: iso(0),
    planning_period: { start: iso(0), end: iso(scenario.horizon) },
    timezone: 'Europe/London',
    locations: scenario.places.map((place, index) => ({ id: placeId(index), type: place.type, latitude: 53 + index / 10, longitude: -1.5, nugget_capacity: place.capacity })),
    nuggets: scenario.nuggets.map((nugget, index) => ({
      id: nuggetId(index), availability: nugget.availability, location_id: placeId(nugget.place),
      on_hire_to_customer_id: nugget.onHire ? 'customer' : null, reserved_for_movement_id: nugget.reserved,
    })),
    movements: [legBody, { type: 'deliver_empty', id: 'other', destination_id: placeId(scenario.places.length - 1), window: isoSpan(scenario.other) }],
    drivers: scenario.drivers.map((driver, index) => ({
      id: `d${index}`, home_warehouse_id: placeId(0), start_location_id: placeId(driver.start), availability: driver.windows.map(isoSpan), qualifications: driver.qualifications,
      fleet_check_allowances: driver.counters === null ? null : {
        observed_at: iso(-driver.counters.observedBefore), driving_today_minutes: driver.counters.today, driving_this_week_minutes: driver.counters.week,
        driving_previous_week_minutes: driver.counters.previous, driving_since_break_minutes: driver.counters.sinceBreak, working_since_break_minutes: driver.counters.working,
      },
    })),
    lorries: scenario.lorries.map((lorry, index) => ({
      id: `l${index}`, start_location_id: placeId(lorry.start), availability: lorry.windows.map(isoSpan), nugget_capacity: lorry.capacity, equipment: lorry.equipment,
    })),
  };
}
