/**
 * The error catalogue: every error `code` the service can answer with, defined once with its
 * HTTP status and a one-line meaning (rendered into the README and the OpenAPI document).
 */
export const ERROR_CATALOGUE = {
  // 400: malformed HTTP request metadata
  malformed_json: { status: 400, meaning: 'The request body is not valid JSON.' },
  unsupported_content_type: { status: 400, meaning: 'The request body is not sent as `application/json`.' },
  bad_request_header: { status: 400, meaning: 'A request header is malformed (for example an unusable X-Request-ID).' },
  malformed_request: { status: 400, meaning: 'The HTTP request itself could not be parsed (bad request line, headers or chunked encoding).' },
  invalid_content_encoding: { status: 400, meaning: 'The body is not valid data of its `Content-Encoding` (for example corrupt gzip or deflate).' },
  // 408
  request_timeout: { status: 408, meaning: 'The request headers or body did not arrive in time (see README, "Connections").' },
  // 401: bearer credential missing or invalid
  credential_missing: { status: 401, meaning: 'No `Authorization: Bearer` header was sent.' },
  credential_malformed: { status: 401, meaning: 'The Authorization header is not `Bearer <token>` with a well-formed token.' },
  credential_invalid: { status: 401, meaning: 'The token is not known to this service.' },
  credential_expired: { status: 401, meaning: 'The credential has passed its `expires_at`.' },
  credential_revoked: { status: 401, meaning: 'The credential was revoked by an operator.' },
  credential_wrong_environment: { status: 401, meaning: 'The credential was issued for another environment.' },
  // 403
  operation_not_allowed: { status: 403, meaning: 'The credential does not allow this operation.' },
  // 404 / 405
  route_not_found: { status: 404, meaning: 'No route has this path.' },
  method_not_allowed: { status: 405, meaning: 'The route exists but not with this HTTP method.' },
  // 413
  body_too_large: { status: 413, meaning: 'The request body exceeds the configured limit.' },
  // 415
  unsupported_content_encoding: { status: 415, meaning: 'The `Content-Encoding` is not one of `identity`, `gzip`, `deflate` or `br`.' },
  unsupported_charset: { status: 415, meaning: 'The body is declared in a charset other than UTF-8.' },
  // 422
  validation_failed: { status: 422, meaning: 'Request fields or references are invalid; `details` lists each failure with its path.' },
  // 429
  rate_limit_exceeded: { status: 429, meaning: 'The per-minute request rate of the credential is reached; `Retry-After` says when to retry.' },
  total_requests_exhausted: { status: 429, meaning: 'The credential has used its total request allowance.' },
  matrix_relations_per_request_exceeded: { status: 429, meaning: 'The request needs more road-matrix relations than the credential allows per request.' },
  matrix_relations_exhausted: { status: 429, meaning: 'The credential has used its lifetime road-matrix relation allowance.' },
  // 431
  request_headers_too_large: { status: 431, meaning: 'The request headers exceed the size Node.js accepts (16 KiB).' },
  // 500
  internal_error: { status: 500, meaning: 'An unexpected failure inside the service; the request id identifies it in the logs.' },
  // 502
  upstream_invalid_response: { status: 502, meaning: 'The journey-data provider answered with something that is not a valid matrix.' },
  upstream_authentication_failed: { status: 502, meaning: 'The journey-data provider rejected the service\'s own credentials.' },
  // 503
  planning_capacity_unavailable: { status: 503, meaning: 'All planning workers are busy and the queue is full; retry after `Retry-After`.' },
  service_stopping: { status: 503, meaning: 'The service is shutting down and takes no new plans (or stopped before finishing this one); retry after `Retry-After`, another instance may answer.' },
  dependency_unavailable: { status: 503, meaning: 'A planning dependency (journey data, database) cannot be reached.' },
  // 504
  planning_deadline_expired: { status: 504, meaning: 'The end-to-end planning deadline expired before an answer could be given.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One field-level failure: `path` locates the field as keys and array indexes. */
export interface ErrorDetail {
  path: (string | number)[];
  code: DetailCode;
  message: string;
}

/**
 * Detail codes: the machine-readable rule a field broke. Schema rules first (named after the
 * JSON Schema keyword), then the semantic rules of the snapshot.
 */
export const DETAIL_CATALOGUE = {
  required: 'A required property is missing.',
  unknown_property: 'A property that the schema does not define is present.',
  wrong_type: 'The value has the wrong JSON type (or is null where null is not allowed).',
  not_in_enum: 'The value is not one of the allowed values.',
  wrong_constant: 'The value differs from the only value allowed.',
  below_minimum: 'The number is below its minimum.',
  above_maximum: 'The number is above its maximum.',
  too_short: 'The string is shorter than allowed.',
  too_long: 'The string is longer than allowed.',
  too_few_items: 'The array has fewer items than allowed.',
  too_many_items: 'The array has more items than allowed.',
  duplicate_items: 'The array must not repeat an item.',
  invalid_date_time: 'Not an ISO 8601 date-time with an offset of at most 14:00 either way (for example 2026-01-05T08:00:00Z or +01:00).',
  unknown_leg_type: 'The movement leg `type` is not `deliver_empty`, `collect_empty` or `move_nugget`.',
  invalid_value: 'The value breaks a schema rule not listed above.',
  duplicate_id: 'The identifier is used more than once in its collection (movement ids across `movements` and `new_movements`).',
  unknown_reference: 'The identifier refers to nothing in the snapshot.',
  wrong_place_type: 'The referenced place is of a type not allowed here (for example a home warehouse that is not a `warehouse`).',
  window_reversed: 'The window ends before it starts.',
  unknown_timezone: 'The timezone is not an exact IANA timezone name (case-sensitive, for example Europe/London).',
  inconsistent_time: 'Times contradict each other (a future allowance refresh not after `observed_at`, or two refreshes of a driver at one instant).',
  same_origin_and_destination: 'A leg moves Nuggets to the place they are picked up from.',
  nugget_listed_twice: 'A Nugget appears more than once in one leg.',
  period_too_long: 'The planning period is longer than the service plans in one request (README, "Limits").',
} as const;

export type DetailCode = keyof typeof DETAIL_CATALOGUE;

/** An error that reaches the caller in the spec's error envelope. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  /** Seconds for the `Retry-After` header, only where waiting helps. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
