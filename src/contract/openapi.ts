/**
 * The OpenAPI 3.1 document, generated from the same TypeBox schemas the service validates
 * with, so the document and the behaviour cannot drift apart.
 */
import * as schemas from './schemas/index.ts';
import { DETAIL_CATALOGUE, ERROR_CATALOGUE, type ErrorCode } from './errors.ts';
import { REASON_CATALOGUE } from './reasons.ts';

export interface OpenApiExtras {
  /** Extra named schemas (for example the usage response) keyed by component name. */
  components?: Record<string, object>;
  /** Markdown tables appended to the description (reason codes, warning codes). */
  descriptionSections?: string[];
  usageResponse?: object;
}

const json = (schema: object) => ({ 'application/json': { schema } });
const errorRef = { $ref: '#/components/schemas/ErrorBody' };

function errorResponses(statuses: number[]) {
  const responses: Record<string, object> = {};
  for (const status of statuses) {
    const codes = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => ERROR_CATALOGUE[code].status === status);
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].meaning}`).join('\n\n'),
      headers: {
        'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' },
        ...(status === 429 || status === 503 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {}),
        ...(status === 401 ? { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } } : {}),
      },
      content: json(errorRef),
    };
  }
  return responses;
}

const PLANNING_ERRORS = [400, 401, 403, 413, 422, 429, 500, 502, 503, 504];

function catalogueTable(): string {
  const errors = (Object.keys(ERROR_CATALOGUE) as ErrorCode[])
    .map((code) => `| ${ERROR_CATALOGUE[code].status} | \`${code}\` | ${ERROR_CATALOGUE[code].meaning} |`)
    .join('\n');
  const details = Object.entries(DETAIL_CATALOGUE)
    .map(([code, meaning]) => `| \`${code}\` | ${meaning} |`)
    .join('\n');
  const reasons = Object.entries(REASON_CATALOGUE)
    .map(([code, entry]) => `| \`${code}\` | ${entry.kind} | ${entry.meaning} |`)
    .join('\n');
  const warnings = Object.entries(schemas.WARNING_CATALOGUE)
    .map(([code, meaning]) => `| \`${code}\` | ${meaning} |`)
    .join('\n');
  return [
    `## Error codes\n\n| status | code | meaning |\n|---|---|---|\n${errors}`,
    `## Detail codes\n\n| code | meaning |\n|---|---|\n${details}`,
    `## Reason codes\n\nOf \`unplanned_movements[].reason_code\` and of booking checks. Kinds \`precheck\`, \`relaxation\` and \`exact\` are proofs, \`conflict\` proves that no plan serves more legs; \`solver\` and \`inconclusive\` are not.\n\n| code | kind | meaning |\n|---|---|---|\n${reasons}`,
    `## Warning codes\n\n| code | when |\n|---|---|\n${warnings}`,
  ].join('\n\n');
}

export function buildOpenApiDocument(extras: OpenApiExtras = {}): object {
  const componentSchemas: Record<string, object> = {
    Window: schemas.Window,
    Place: schemas.Place,
    Nugget: schemas.Nugget,
    DeliverEmpty: schemas.DeliverEmpty,
    CollectEmpty: schemas.CollectEmpty,
    MoveNugget: schemas.MoveNugget,
    MovementLeg: schemas.MovementLeg,
    DriverAllowances: schemas.DriverAllowances,
    AllowanceRefresh: schemas.AllowanceRefresh,
    Driver: schemas.Driver,
    Lorry: schemas.Lorry,
    ManifestRequest: schemas.ManifestRequest,
    BookingCheckRequest: schemas.BookingCheckRequest,
    PlannedActivity: schemas.PlannedActivity,
    DriverManifest: schemas.DriverManifest,
    UnplannedMovement: schemas.UnplannedMovement,
    PlanningWarning: schemas.PlanningWarning,
    ResponseMetadata: schemas.ResponseMetadata,
    Evidence: schemas.Evidence,
    BookingCheckAlternative: schemas.BookingCheckAlternative,
    ManifestPlanResponse: schemas.ManifestPlanResponse,
    BookingCheckResponse: schemas.BookingCheckResponse,
    ErrorBody: schemas.ErrorBody,
    ...extras.components,
  };
  const components = referencedComponents(componentSchemas);
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const security = [{ bearer: [] }];
  const requestIdHeader = { 'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' } };
  /** Routes anyone may call; a malformed X-Request-ID is their only client error. */
  const open = { security: [], responses: errorResponses([400]) };
  const ok = (name: string, description: string) => ({
    description,
    headers: { 'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' } },
    content: json(ref(name)),
  });

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Manifest Planning Service',
      version: '1.0.0',
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      description: [
        'Stateless planning of lorry work for Nugget movements. Every response carries `metadata.policy_version` = `planner-manifest-v1` and an `X-Request-ID` header.',
        'A leg may omit `type`: it then takes the type whose fields it carries (`nugget_ids`/`origin_id`/`pickup_window` -> `move_nugget`; `nugget_id`/`location_id`/`must_clear_by` -> `collect_empty`; otherwise `deliver_empty`).',
        catalogueTable(),
        ...(extras.descriptionSections ?? []),
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    components: {
      schemas: components,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Trial credential issued by an operator; never in a URL or body.' } },
      headers: {
        'X-Request-ID': { description: 'Support identifier of the request (echoes a well-formed caller-supplied X-Request-ID).', schema: { type: 'string' } },
        'Retry-After': { description: 'Seconds to wait before retrying; sent only when waiting helps.', schema: { type: 'integer', minimum: 1 } },
        'WWW-Authenticate': {
          description: 'RFC 6750 challenge: `Bearer realm="manifest-planning"`, with `error="invalid_token"` and the error code as `error_description` when a token was sent but refused.',
          schema: { type: 'string' },
        },
      },
    },
    paths: {
      '/v1/manifests': {
        post: {
          operationId: 'generateManifests',
          summary: 'Generate driver manifests',
          security,
          requestBody: { required: true, content: json(ref('ManifestRequest')) },
          responses: { '200': ok('ManifestPlanResponse', 'One manifest per assigned driver, the unplanned legs with reasons, warnings and evidence.'), ...errorResponses(PLANNING_ERRORS) },
        },
      },
      '/v1/booking-checks': {
        post: {
          operationId: 'checkBooking',
          summary: 'Check whether proposed legs fit',
          security,
          requestBody: { required: true, content: json(ref('BookingCheckRequest')) },
          responses: { '200': ok('BookingCheckResponse', '`feasible`, `infeasible_proven` or `unknown`, with alternatives.'), ...errorResponses(PLANNING_ERRORS) },
        },
      },
      '/v1/usage': {
        get: {
          operationId: 'getUsage',
          summary: "The authenticated trial credential's limits and remaining allowance",
          security,
          responses: {
            '200': {
              description: 'Limits, use and what remains.',
              headers: { 'X-Request-ID': { $ref: '#/components/headers/X-Request-ID' } },
              content: json(extras.usageResponse ?? { type: 'object' }),
            },
            ...errorResponses([400, 401, 403, 500, 503]),
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'liveness',
          summary: 'Liveness (no credential): answers as soon as the process listens, whatever the load',
          security: open.security,
          responses: { '200': { description: 'The process is serving.', headers: requestIdHeader }, ...open.responses },
        },
      },
      '/readyz': {
        get: {
          operationId: 'readiness',
          summary: 'Ready to plan: solvers and database available, planning not saturated (no credential)',
          security: open.security,
          responses: {
            '200': { description: 'Ready; lists the solvers.', headers: requestIdHeader },
            ...open.responses,
            '503': { description: 'Not ready (still starting, or a check failed); says which check.', headers: requestIdHeader },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          security: open.security,
          responses: { '200': { description: 'OpenAPI 3.1 document.', headers: requestIdHeader }, ...open.responses },
        },
      },
    },
  };
}

/**
 * The components as plain JSON, each nested schema that is another component (TypeBox inlines
 * them) replaced by a `$ref` to it, largest first, so a client generator sees named types.
 */
function referencedComponents(schemasByName: Record<string, object>): Record<string, object> {
  const plain = Object.fromEntries(Object.entries(schemasByName).map(([name, schema]) => [name, JSON.parse(JSON.stringify(schema)) as unknown]));
  const nameOf = new Map(Object.entries(plain).map(([name, schema]) => [JSON.stringify(schema), name]));
  const replace = (node: unknown, self: string, root: boolean): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const named = root ? undefined : nameOf.get(JSON.stringify(node));
    if (named !== undefined && named !== self) return { $ref: `#/components/schemas/${named}` };
    const nullable = root ? undefined : nullableComponent(node as Record<string, unknown>);
    if (nullable !== undefined && nullable !== self) return { anyOf: [{ $ref: `#/components/schemas/${nullable}` }, { type: 'null' }] };
    if (Array.isArray(node)) return node.map((item) => replace(item, self, false));
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, replace(value, self, false)]));
  };
  /** A component made nullable in place (`"type": ["object", "null"]`, TypeBox's NullableObject). */
  const nullableComponent = (node: Record<string, unknown>): string | undefined => {
    if (!Array.isArray(node.type) || node.type.length !== 2 || !node.type.includes('null')) return undefined;
    return nameOf.get(JSON.stringify({ ...node, type: node.type.find((type) => type !== 'null') }));
  };
  return Object.fromEntries(Object.entries(plain).map(([name, schema]) => [name, replace(schema, name, true) as object]));
}
