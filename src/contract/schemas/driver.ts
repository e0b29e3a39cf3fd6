import Type from 'typebox';
import { DateTime, Id, Nullable, NullableObject, Window } from './common.ts';

export const DriverQualification = Type.Enum(['hgv_c', 'hgv_ce', 'crane', 'forklift'], { title: 'DriverQualification' });
export type DriverQualification = Type.Static<typeof DriverQualification>;

const Minutes = (description?: string) => Type.Integer({ minimum: 0, default: 0, ...(description === undefined ? {} : { description }) });

export const DriverAllowances = Type.Object(
  {
    observed_at: DateTime('When the counters were reported. May be later than data_as_of (the counters are read apart from the snapshot): they are the state at observed_at; when it is after the planning period starts, nothing is planned for the driver before it (a planning_assumption warning names the driver)'),
    driving_today_minutes: Type.Optional(Minutes()),
    driving_this_week_minutes: Type.Optional(Minutes()),
    driving_previous_week_minutes: Type.Optional(Minutes('For the rolling two-week limit')),
    driving_since_break_minutes: Type.Optional(Minutes()),
    working_since_break_minutes: Type.Optional(Minutes()),
    last_break_ended_at: Type.Optional(Nullable(DateTime())),
  },
  { additionalProperties: false, title: 'DriverAllowances', description: 'Current driver-hours counters from the driver-hours system.' },
);
export type DriverAllowances = Type.Static<typeof DriverAllowances>;

export const AllowanceRefresh = Type.Object(
  {
    effective_at: DateTime('Time after a future rest period when these counters become authoritative; after observed_at, one refresh per instant, in any order'),
    driving_today_minutes: Type.Optional(Minutes()),
    driving_this_week_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'Only when it changes' }))),
    driving_previous_week_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'Only when it changes' }))),
    driving_since_break_minutes: Type.Optional(Minutes()),
    working_since_break_minutes: Type.Optional(Minutes()),
    last_break_ended_at: Type.Optional(Nullable(DateTime('End of qualifying rest period'))),
  },
  { additionalProperties: false, title: 'AllowanceRefresh' },
);
export type AllowanceRefresh = Type.Static<typeof AllowanceRefresh>;

export const Driver = Type.Object(
  {
    id: Id(),
    home_warehouse_id: Id('Normal warehouse base'),
    start_location_id: Type.Optional(Nullable(Id('Defaults to home_warehouse_id'))),
    availability: Type.Array(Window, { minItems: 1, maxItems: 64 }),
    qualifications: Type.Optional(
      Type.Array(DriverQualification, { uniqueItems: true, default: ['crane', 'hgv_c'] }),
    ),
    fleet_check_allowances: Type.Optional(NullableObject(DriverAllowances)),
    future_allowance_refreshes: Type.Optional(Type.Array(AllowanceRefresh, { maxItems: 32, default: [] })),
  },
  { additionalProperties: false, title: 'Driver' },
);
export type Driver = Type.Static<typeof Driver>;
