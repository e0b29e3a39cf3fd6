import Type from 'typebox';
import { DateTime, Id, Nullable } from './common.ts';
import { ResponseMetadata } from './response.ts';

/** What a trial credential may be allowed to do: the two planning operations and reading its own usage. */
export const Operation = Type.Union([Type.Literal('manifests'), Type.Literal('booking_checks'), Type.Literal('usage')], { title: 'Operation' });
export type Operation = Type.Static<typeof Operation>;
export const OPERATIONS: readonly Operation[] = ['manifests', 'booking_checks', 'usage'];

/** The operations that count as requests against the trial allowance (usage does not). */
export const PLANNING_OPERATIONS = ['manifests', 'booking_checks'] as const satisfies readonly Operation[];
export type PlanningOperation = (typeof PLANNING_OPERATIONS)[number];

const Limit = (description: string) => Nullable(Type.Integer({ minimum: 1, description }));

/**
 * The limits of a trial credential. In `GET /v1/usage` these are the limits in force (the
 * credential's own, or the service default where it has none); `null` means no limit.
 */
export const TrialLimits = Type.Object(
  {
    requests_per_minute: Limit('Planning requests per minute (fixed UTC minute windows)'),
    total_requests: Limit('Planning requests over the lifetime of the credential'),
    matrix_relations_per_request: Limit('Road-matrix relations (ordered pairs of distinct stops) one planning request may need'),
    matrix_relations_total: Limit('Road-matrix relations over the lifetime of the credential'),
    max_manifest_solve_seconds: Limit('Solve time a manifest request may use'),
    max_booking_check_solve_seconds: Limit('Solve time a booking check may use'),
  },
  { additionalProperties: false, title: 'TrialLimits' },
);
export type TrialLimits = Type.Static<typeof TrialLimits>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Remaining = (description: string) => Nullable(Type.Integer({ minimum: 0, description: `${description}; null when unlimited` }));

export const UsageResponse = Type.Object(
  {
    credential_id: Id('The credential these figures belong to (never the token)'),
    environment: Type.String({ description: 'The environment the credential is valid in' }),
    operations: Type.Array(Operation, { description: 'Operations the credential allows' }),
    expires_at: Nullable(DateTime('When the credential stops working; null if it does not expire')),
    limits: TrialLimits,
    used: Type.Object(
      {
        requests_this_minute: Count('Planning requests counted in the current UTC minute'),
        total_requests: Count('Planning requests counted since the credential was issued'),
        matrix_relations: Count('Road-matrix relations charged since the credential was issued'),
      },
      { additionalProperties: false },
    ),
    remaining: Type.Object(
      {
        requests_this_minute: Remaining('Planning requests still allowed in the current UTC minute'),
        total_requests: Remaining('Planning requests still allowed'),
        matrix_relations: Remaining('Road-matrix relations still allowed'),
      },
      { additionalProperties: false },
    ),
    minute_resets_at: DateTime('End of the current UTC minute, when `requests_this_minute` starts again from 0'),
    metadata: ResponseMetadata,
  },
  {
    additionalProperties: false,
    title: 'UsageResponse',
    description:
      'The authenticated trial credential: what it allows, its limits, what it has used and what remains. ' +
      'Every authenticated, permitted planning request counts (including ones answered 4xx after the credential check); reading usage does not.',
  },
);
export type UsageResponse = Type.Static<typeof UsageResponse>;
