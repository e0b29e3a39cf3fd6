import Type from 'typebox';
import { DateTime, Window } from './common.ts';
import { Place } from './place.ts';
import { Nugget } from './nugget.ts';
import { MovementLeg, type MovementLeg as ValidatedLeg } from './movement.ts';
import { Driver } from './driver.ts';
import { Lorry } from './lorry.ts';

export const SNAPSHOT_LIMITS = {
  locations: 500,
  nuggets: 20_000,
  movements: 20_000,
  drivers: 200,
  lorries: 200,
  new_movements: 100,
} as const;

const snapshotFields = {
  data_as_of: DateTime('When the platform read the snapshot'),
  planning_period: Window,
  timezone: Type.Optional(
    Type.String({ minLength: 1, default: 'Europe/London', description: 'Exact IANA timezone name (case-sensitive) for operating days and driver-hours boundaries' }),
  ),
  locations: Type.Array(Place, { minItems: 1, maxItems: SNAPSHOT_LIMITS.locations }),
  nuggets: Type.Array(Nugget, { maxItems: SNAPSHOT_LIMITS.nuggets }),
  movements: Type.Array(MovementLeg, { maxItems: SNAPSHOT_LIMITS.movements, description: 'Accepted legs that must be included in the plan' }),
  drivers: Type.Array(Driver, { minItems: 1, maxItems: SNAPSHOT_LIMITS.drivers }),
  lorries: Type.Array(Lorry, { minItems: 1, maxItems: SNAPSHOT_LIMITS.lorries }),
};

/** Request body of POST /v1/manifests. */
export const ManifestRequest = Type.Object(snapshotFields, { additionalProperties: false, title: 'ManifestRequest' });

/** Request body of POST /v1/booking-checks. */
export const BookingCheckRequest = Type.Object(
  {
    ...snapshotFields,
    new_movements: Type.Array(MovementLeg, {
      minItems: 1,
      maxItems: SNAPSHOT_LIMITS.new_movements,
      description: 'Proposed legs to test without adding them to the accepted plan',
    }),
  },
  { additionalProperties: false, title: 'BookingCheckRequest' },
);

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
type WithDefaults<T, Keys extends keyof T> = Omit<T, Keys> & Complete<Pick<T, Keys>>;

type PlaceIn = Type.Static<typeof Place>;
type NuggetIn = Type.Static<typeof Nugget>;
type DriverIn = Type.Static<typeof Driver>;
type LorryIn = Type.Static<typeof Lorry>;
type AllowancesIn = NonNullable<DriverIn['fleet_check_allowances']>;
type RefreshIn = NonNullable<DriverIn['future_allowance_refreshes']>[number];

export type ValidatedAllowances = WithDefaults<
  AllowancesIn,
  'driving_today_minutes' | 'driving_this_week_minutes' | 'driving_previous_week_minutes' | 'driving_since_break_minutes' | 'working_since_break_minutes'
>;
export type ValidatedRefresh = WithDefaults<RefreshIn, 'driving_today_minutes' | 'driving_since_break_minutes' | 'working_since_break_minutes'>;
export type ValidatedDriver = Omit<DriverIn, 'qualifications' | 'future_allowance_refreshes' | 'fleet_check_allowances' | 'start_location_id'> & {
  /** Filled in from `home_warehouse_id` when the request omits it. */
  start_location_id: string;
  qualifications: NonNullable<DriverIn['qualifications']>;
  fleet_check_allowances?: ValidatedAllowances | null;
  future_allowance_refreshes: ValidatedRefresh[];
};
export type ValidatedLorry = WithDefaults<LorryIn, 'nugget_capacity' | 'equipment'>;

/**
 * A snapshot after schema validation, defaults and semantic checks: every defaulted field is
 * present, every leg has its `type`. Later code only ever sees this shape.
 */
export interface Snapshot {
  data_as_of: string;
  planning_period: Window;
  timezone: string;
  locations: PlaceIn[];
  nuggets: NuggetIn[];
  movements: ValidatedLeg[];
  drivers: ValidatedDriver[];
  lorries: ValidatedLorry[];
  new_movements?: ValidatedLeg[];
}
export type ManifestRequestInput = Type.Static<typeof ManifestRequest>;
export type BookingCheckRequestInput = Type.Static<typeof BookingCheckRequest>;
