import Type from 'typebox';
import { DateTime, Id, Nullable, Window } from './common.ts';

export const POLICY_VERSION = 'planner-manifest-v1';

export const ActivityType = Type.Union(
  ['drive', 'pickup', 'delivery', 'break', 'wait', 'yard_work', 'service', 'hold'].map((value) => Type.Literal(value)) as [
    Type.TLiteral<'drive'>, Type.TLiteral<'pickup'>, Type.TLiteral<'delivery'>, Type.TLiteral<'break'>,
    Type.TLiteral<'wait'>, Type.TLiteral<'yard_work'>, Type.TLiteral<'service'>, Type.TLiteral<'hold'>,
  ],
  { title: 'ActivityType' },
);
export type ActivityType = Type.Static<typeof ActivityType>;

export const PlannedActivity = Type.Object(
  {
    type: ActivityType,
    start: DateTime(),
    end: DateTime(),
    movement_id: Type.Optional(Nullable(Type.String({ description: 'Leg served' }))),
    booking_id: Type.Optional(Nullable(Type.String({ description: 'Parent booking' }))),
    nugget_ids: Type.Optional(Type.Array(Type.String(), { default: [], description: 'Nuggets carried or handled' })),
    lorry_id: Type.Optional(Nullable(Type.String())),
    location_id: Type.Optional(Nullable(Type.String({ description: 'Place of a non-driving activity' }))),
    from_location_id: Type.Optional(Nullable(Type.String({ description: 'Origin of a driving activity' }))),
    to_location_id: Type.Optional(Nullable(Type.String({ description: 'Destination of a driving activity' }))),
  },
  { additionalProperties: false, title: 'PlannedActivity' },
);
export type PlannedActivity = Type.Static<typeof PlannedActivity>;

export const DriverManifest = Type.Object(
  {
    driver_id: Type.String(),
    activities: Type.Array(PlannedActivity, { description: 'Time-ordered' }),
  },
  { additionalProperties: false, title: 'DriverManifest' },
);
export type DriverManifest = Type.Static<typeof DriverManifest>;

export const UnplannedMovement = Type.Object(
  {
    movement_id: Type.String(),
    booking_id: Type.Optional(Nullable(Type.String())),
    reason_code: Type.String({ description: 'Stable machine-readable reason (see the reason-code catalogue)' }),
    message: Type.String({ description: 'Human-readable; callers must not branch on it' }),
  },
  { additionalProperties: false, title: 'UnplannedMovement' },
);
export type UnplannedMovement = Type.Static<typeof UnplannedMovement>;

export const WARNING_CODES = [
  'routing_profile_provisional',
  'routing_profile_incomplete',
  'driver_allowances_missing',
  'operational_data_provisional',
  'planning_assumption',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/** When each warning is given (rendered into README and the OpenAPI document). */
export const WARNING_CATALOGUE: Record<WarningCode, string> = {
  routing_profile_provisional: 'Journey times are estimates (the embedded estimator), not road data for HGVs.',
  routing_profile_incomplete: 'The journey-data provider had no answer for some pairs; those were estimated. `affected_ids` lists the locations.',
  driver_allowances_missing: 'Drivers without `fleet_check_allowances` were planned with all counters at 0. `affected_ids` lists them.',
  operational_data_provisional: 'The snapshot is stale for the plan: `data_as_of` is more than 24 h before the planning period starts, or after it has started (docs/warnings.md).',
  planning_assumption: "An assumption of the drivers'-hours rules changed the plan (for example a daily rest assumed in a gap of 11 h or more, or lorries taken as category C). `affected_ids` lists who it concerns.",
};

export const PlanningWarning = Type.Object(
  {
    code: Type.Enum(WARNING_CODES),
    message: Type.String({ description: 'Human-readable; not to be branched on' }),
    affected_ids: Type.Array(Type.String(), { default: [], description: 'Driver, lorry or other identifiers' }),
  },
  { additionalProperties: false, title: 'PlanningWarning' },
);
export type PlanningWarning = Type.Static<typeof PlanningWarning>;

export const ResponseMetadata = Type.Object(
  {
    generated_at: DateTime(),
    policy_version: Type.Literal(POLICY_VERSION, { default: POLICY_VERSION }),
  },
  { additionalProperties: false, title: 'ResponseMetadata' },
);
export type ResponseMetadata = Type.Static<typeof ResponseMetadata>;

export const SolveStatusName = Type.Union(
  [Type.Literal('OPTIMAL'), Type.Literal('SATISFIED'), Type.Literal('UNSATISFIABLE'), Type.Literal('UNKNOWN'), Type.Literal('ERROR'), Type.Literal('NOT_RUN')],
  { description: 'Outcome of the decisive solver run; NOT_RUN when no model had to be solved (for example every leg rejected by pre-checks).' },
);

/** Designed by us: the spec refers to an evidence object with `planning_engine` and `validation` without showing it. */
export const Evidence = Type.Object(
  {
    planning_engine: Type.Object(
      {
        minizinc_version: Nullable(Type.String()),
        solver: Nullable(Type.String({ description: 'Solver id, name and version, e.g. "chuffed 0.14.0"' })),
        backend: Nullable(Type.Union([Type.Literal('embedded'), Type.Literal('native')])),
        models: Type.Array(Type.String(), { description: 'Model files (under models/) that were solved' }),
        strategy: Type.String({ description: 'How the problem was solved, e.g. "exact", "decomposed+lns"' }),
        status: SolveStatusName,
        objective: Nullable(Type.Number()),
        bound: Nullable(Type.Number()),
        proven_optimal: Type.Boolean(),
        solve_ms: Type.Integer({ minimum: 0 }),
        time_limit_ms: Type.Integer({ minimum: 0, description: 'The solve allowance used (credential cap and service default)' }),
        timing_dependent: Type.Boolean({ description: 'True when a time limit cut the search, so a rerun may differ' }),
        proof: Type.Optional(
          Nullable(
            Type.String({
              description:
                'Which backend proved the status and on what basis, when a solver claimed UNSATISFIABLE or OPTIMAL: trusted on the model class (covered by the differential suite), confirmed by a second backend, or unconfirmed (then the status is not a proof). See README "Proofs".',
            }),
          ),
        ),
      },
      { additionalProperties: false },
    ),
    validation: Type.Union([Type.Literal('passed'), Type.Literal('failed')], {
      description: '`passed` when the independent plan validator found no violation (a plan that fails is never returned)',
    }),
  },
  { additionalProperties: false, title: 'Evidence' },
);
export type Evidence = Type.Static<typeof Evidence>;

export const ManifestPlanResponse = Type.Object(
  {
    data_as_of: DateTime('Echo of the request value'),
    manifests: Type.Array(DriverManifest, { description: 'One entry per assigned driver' }),
    unplanned_movements: Type.Array(UnplannedMovement, { description: 'Accepted legs that could not be scheduled' }),
    warnings: Type.Optional(Type.Array(PlanningWarning, { default: [] })),
    metadata: ResponseMetadata,
    evidence: Type.Optional(Evidence),
  },
  { additionalProperties: false, title: 'ManifestPlanResponse' },
);
export type ManifestPlanResponse = Type.Static<typeof ManifestPlanResponse>;

export const MovementWindow = Type.Object(
  { movement_id: Id(), window: Window },
  { additionalProperties: false, title: 'MovementWindow' },
);

export const BookingCheckAlternative = Type.Object(
  {
    proposed_window: Window,
    movement_windows: Type.Optional(
      Type.Array(MovementWindow, { default: [], description: 'The window of each new leg (its pickup window for a move_nugget) in this alternative' }),
    ),
    requires_full_replan: Type.Optional(Type.Boolean({ default: false, description: 'As the response field, for this alternative' })),
  },
  {
    additionalProperties: false,
    title: 'BookingCheckAlternative',
    description:
      'Nearby windows of the same length inside the planning period for which the same check found and validated a plan; `proposed_window` spans the new legs\' windows.',
  },
);
export type BookingCheckAlternative = Type.Static<typeof BookingCheckAlternative>;

export const BookingCheckStatus = Type.Union(
  [Type.Literal('feasible'), Type.Literal('infeasible_proven'), Type.Literal('unknown')],
  {
    title: 'BookingCheckStatus',
    description:
      '`feasible`: a validated plan serves every new leg and every accepted leg the plan of the accepted legs alone serves. ' +
      '`infeasible_proven`: no such plan exists, proven by a pre-check on a new leg or by UNSATISFIABLE from a relaxation model (never by a time-out). ' +
      '`unknown`: neither within the allowance; it does not mean the booking is impossible.',
  },
);
export type BookingCheckStatus = Type.Static<typeof BookingCheckStatus>;

export const BookingCheckResponse = Type.Object(
  {
    data_as_of: DateTime('Echo of the request value'),
    status: BookingCheckStatus,
    reason_code: Type.Optional(Nullable(Type.String())),
    reason: Type.Optional(Nullable(Type.String())),
    alternatives: Type.Optional(
      Type.Array(BookingCheckAlternative, { default: [], description: 'Verified alternative windows, nearest first (at most 3; searched while the allowance lasts)' }),
    ),
    requires_full_replan: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'When feasible: false if the new legs fit into the plan of the accepted legs with that plan otherwise unchanged; true if other legs had to move. False otherwise.',
      }),
    ),
    warnings: Type.Optional(Type.Array(PlanningWarning, { default: [] })),
    metadata: ResponseMetadata,
    evidence: Type.Optional(Evidence),
  },
  { additionalProperties: false, title: 'BookingCheckResponse', description: 'Answer of a booking check; see docs/booking.md.' },
);
export type BookingCheckResponse = Type.Static<typeof BookingCheckResponse>;

export const ErrorDetailSchema = Type.Object(
  {
    path: Type.Array(Type.Union([Type.String(), Type.Integer()])),
    code: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: false, title: 'ErrorDetail' },
);

export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ description: 'Stable machine-readable category (see the error catalogue)' }),
        message: Type.String({ description: 'Not to be branched on' }),
        request_id: Type.String({ description: 'Also returned in the X-Request-ID header' }),
        details: Type.Array(ErrorDetailSchema, { default: [] }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'ErrorBody' },
);
export type ErrorBody = Type.Static<typeof ErrorBody>;
