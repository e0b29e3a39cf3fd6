/**
 * The OpenAPI document (issue 2, item 5), as a client sees it (serialised to JSON): OpenAPI
 * 3.1 shaped, every operation of the spec with every status of section 7, the whole error and
 * detail catalogues, every $ref resolving, and request schemas that a standard JSON Schema
 * 2020-12 validator (Ajv 2020) can use to accept the sample requests and reject unknown properties.
 */
import { expect } from 'chai';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { DETAIL_CATALOGUE, ERROR_CATALOGUE, type ErrorCode } from '../../src/contract/index.ts';
import { buildOpenApiDocument } from '../../src/contract/openapi.ts';
import { completeBookingCheckRequest, completeManifestRequest } from '../support/complete-snapshot.ts';
import { minimalBookingCheckRequest, minimalManifestRequest } from '../support/snapshots.ts';

// ajv-formats ships CommonJS with a default export; under NodeNext it arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = any;

/** Section 7: these statuses apply to both planning operations. */
const SPEC_ERROR_STATUSES = ['400', '401', '403', '413', '422', '429', '500', '502', '503', '504'];
const PLANNING_OPERATIONS = [
  ['/v1/manifests', 'post'],
  ['/v1/booking-checks', 'post'],
] as const;

const document: Json = JSON.parse(JSON.stringify(buildOpenApiDocument()));

/** Resolves a local JSON pointer (`#/a/b`) in the document, or undefined. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, key) => (node !== null && typeof node === 'object' && key in node ? node[key] : undefined), document);
}

function* refsIn(node: unknown, at = '#'): Generator<{ ref: string; at: string }> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* refsIn(item, `${at}/${index}`);
  } else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') yield { ref: value, at };
      else yield* refsIn(value, `${at}/${key}`);
    }
  }
}

function operations(): { path: string; method: string; operation: Json }[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Json>).map(([method, operation]) => ({ path, method, operation })),
  );
}

/** A validator for the request body of an operation, compiled from the document itself. */
function requestValidator(path: string): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const schema = document.paths[path].post.requestBody.content['application/json'].schema;
  const validate = ajv.getSchema(`openapi.json${schema.$ref}`);
  if (validate === undefined) expect.fail(`cannot compile the request schema of ${path}`);
  return validate;
}

describe('OpenAPI document', () => {
  it('is an OpenAPI 3.1 document of the service version 1.0.0 with the JSON Schema 2020-12 dialect', () => {
    expect(document.openapi).to.match(/^3\.1\.\d+$/);
    expect(document.jsonSchemaDialect).to.equal('https://json-schema.org/draft/2020-12/schema');
    expect(document.info).to.include({ version: '1.0.0' });
    expect(document.info.title).to.be.a('string').and.not.equal('');
    expect(document.paths).to.be.an('object');
    expect(document.components.schemas).to.be.an('object');
  });

  it('is the same document every time it is built', () => {
    expect(JSON.parse(JSON.stringify(buildOpenApiDocument()))).to.deep.equal(document);
  });

  it('has every operation of the spec and of issue 2, each with a unique operationId and at least one response', () => {
    const present = operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(present).to.include.members([
      'POST /v1/manifests',
      'POST /v1/booking-checks',
      'GET /v1/usage',
      'GET /healthz',
      'GET /readyz',
      'GET /openapi.json',
    ]);
    const ids = operations().map(({ operation }) => operation.operationId as string);
    expect(new Set(ids).size, 'operationIds are unique').to.equal(ids.length);
    for (const { path, method, operation } of operations()) {
      expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).to.not.be.empty;
    }
  });

  for (const [path, method] of PLANNING_OPERATIONS) {
    it(`POST ${path} documents 200 and every status of section 7 with the error body`, () => {
      const { responses, requestBody, security } = document.paths[path][method];
      expect(Object.keys(responses)).to.include.members(['200', ...SPEC_ERROR_STATUSES]);
      for (const status of SPEC_ERROR_STATUSES) {
        expect(responses[status].content['application/json'].schema, `${path} ${status}`).to.deep.equal({ $ref: '#/components/schemas/ErrorBody' });
      }
      expect(requestBody.required).to.equal(true);
      expect(security).to.deep.equal([{ bearer: [] }]);
      expect(document.components.securitySchemes.bearer).to.include({ type: 'http', scheme: 'bearer' });
    });

    it(`POST ${path} names each error code in the response of its status`, () => {
      const { responses } = document.paths[path][method];
      for (const [code, { status }] of Object.entries(ERROR_CATALOGUE)) {
        if (!SPEC_ERROR_STATUSES.includes(String(status))) continue;
        expect(responses[String(status)].description, `${code} under ${status}`).to.contain(`\`${code}\``);
      }
    });
  }

  it('documents the X-Request-ID header on every response of every operation', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        expect(response.headers?.['X-Request-ID'], `${method} ${path} ${status}`).to.deep.equal({ $ref: '#/components/headers/X-Request-ID' });
      }
    }
  });

  it('documents Retry-After on the 429 and 503 responses of the planning operations', () => {
    for (const [path, method] of PLANNING_OPERATIONS) {
      for (const status of ['429', '503']) expect(document.paths[path][method].responses[status].headers).to.have.property('Retry-After');
    }
  });

  it('lists every error code of the catalogue with its HTTP status, and every detail code', () => {
    const description = document.info.description as string;
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      expect(description, code).to.contain(`| ${ERROR_CATALOGUE[code].status} | \`${code}\` |`);
    }
    for (const code of Object.keys(DETAIL_CATALOGUE)) expect(description, code).to.contain(`| \`${code}\` |`);
  });

  it('resolves every $ref', () => {
    const refs = [...refsIn(document)];
    expect(refs.length).to.be.greaterThan(20);
    for (const { ref, at } of refs) expect(resolve(ref), `${ref} at ${at}`).to.not.equal(undefined);
  });

  it('has a schema for every object of spec section 2 and every body of section 4, and the designed evidence object', () => {
    expect(Object.keys(document.components.schemas)).to.include.members([
      'Window',
      'Place',
      'Nugget',
      'DeliverEmpty',
      'CollectEmpty',
      'MoveNugget',
      'MovementLeg',
      'Driver',
      'DriverAllowances',
      'AllowanceRefresh',
      'Lorry',
      'ManifestRequest',
      'BookingCheckRequest',
      'PlannedActivity',
      'DriverManifest',
      'UnplannedMovement',
      'PlanningWarning',
      'ResponseMetadata',
      'BookingCheckAlternative',
      'ManifestPlanResponse',
      'BookingCheckResponse',
      'ErrorBody',
      'Evidence',
    ]);
    expect(Object.keys(document.components.schemas.Evidence.properties)).to.include.members(['planning_engine', 'validation']);
    expect(JSON.stringify(document.components.schemas.Evidence.properties.validation)).to.contain('"passed"');
    expect(document.components.schemas.ManifestPlanResponse.properties.evidence).to.deep.equal({ $ref: '#/components/schemas/Evidence' });
  });

  it('references its components instead of inlining them, so every component is used', () => {
    const referenced = new Set([...refsIn(document)].map(({ ref }) => ref));
    for (const name of Object.keys(document.components.schemas)) expect(referenced, name).to.include(`#/components/schemas/${name}`);
    expect(document.components.schemas.Driver.properties.availability.items).to.deep.equal({ $ref: '#/components/schemas/Window' });
    expect(document.components.schemas.Driver.properties.fleet_check_allowances).to.deep.equal({ anyOf: [{ $ref: '#/components/schemas/DriverAllowances' }, { type: 'null' }] });
  });

  it('marks the public routes as needing no credential and states a licence', () => {
    for (const path of ['/healthz', '/readyz', '/openapi.json']) expect(document.paths[path].get.security, path).to.deep.equal([]);
    expect(document.info.license.name).to.be.a('string');
  });

  it('has component schemas that compile as strict JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const $defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'));
    for (const name of Object.keys($defs)) {
      expect(() => ajv.compile({ $defs, $ref: `#/$defs/${name}` }), name).to.not.throw();
    }
  });

  describe('request schemas, compiled with Ajv 2020 from the document', () => {
    let manifests: ValidateFunction;
    let bookingChecks: ValidateFunction;
    before(() => {
      manifests = requestValidator('/v1/manifests');
      bookingChecks = requestValidator('/v1/booking-checks');
    });
    const errorsOf = (validate: ValidateFunction) => (validate.errors ?? []).map((error) => `${error.instancePath} ${error.keyword} ${JSON.stringify(error.params)}`);

    it('accept the sample requests of test/support', () => {
      for (const [validate, body] of [
        [manifests, minimalManifestRequest()],
        [manifests, completeManifestRequest()],
        [bookingChecks, minimalBookingCheckRequest()],
        [bookingChecks, completeBookingCheckRequest()],
      ] as const) {
        expect(validate(body), errorsOf(validate).join('\n')).to.equal(true);
      }
    });

    it('accept a leg without type', () => {
      const body = completeManifestRequest();
      for (const leg of body.movements) delete leg.type;
      expect(manifests(body), errorsOf(manifests).join('\n')).to.equal(true);
    });

    const unknownAt: [string, (body: Json) => void, string][] = [
      ['the root', (body) => (body.zz_unknown = 1), ''],
      ['a Place', (body) => (body.locations[0].zz_unknown = 1), '/locations/0'],
      ['a Nugget', (body) => (body.nuggets[0].zz_unknown = 1), '/nuggets/0'],
      ['a Driver', (body) => (body.drivers[0].zz_unknown = 1), '/drivers/0'],
      ['a DriverAllowances', (body) => (body.drivers[0].fleet_check_allowances.zz_unknown = 1), '/drivers/0/fleet_check_allowances'],
      ['a Lorry availability Window', (body) => (body.lorries[0].availability[0].zz_unknown = 1), '/lorries/0/availability/0'],
    ];
    for (const [where, change, instancePath] of unknownAt) {
      it(`reject an unknown property in ${where}`, () => {
        for (const [validate, make] of [
          [manifests, completeManifestRequest],
          [bookingChecks, completeBookingCheckRequest],
        ] as const) {
          const body = make();
          change(body);
          expect(validate(body)).to.equal(false);
          const unknown = validate.errors!.filter((error) => error.keyword === 'additionalProperties');
          expect(unknown.map((error) => [error.instancePath, error.params.additionalProperty])).to.deep.equal([[instancePath, 'zz_unknown']]);
        }
      });
    }

    it('reject an unknown property in a movement leg', () => {
      const body = completeManifestRequest();
      body.movements[2].zz_unknown = 1;
      expect(manifests(body)).to.equal(false);
      expect(manifests.errors!.some((error) => error.instancePath === '/movements/2' && error.keyword === 'additionalProperties')).to.equal(true);
    });

    it('reject new_movements in a manifest request and require them in a booking check', () => {
      expect(manifests(completeBookingCheckRequest())).to.equal(false);
      expect(bookingChecks(completeManifestRequest())).to.equal(false);
      expect(bookingChecks.errors!.some((error) => error.keyword === 'required' && error.params.missingProperty === 'new_movements')).to.equal(true);
    });

    it('reject a date-time without an offset', () => {
      const body = completeManifestRequest();
      body.data_as_of = '2026-03-01T18:00:00';
      expect(manifests(body)).to.equal(false);
      expect(manifests.errors!.map((error) => [error.instancePath, error.keyword])).to.deep.include(['/data_as_of', 'format']);
    });
  });
});
