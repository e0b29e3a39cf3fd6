import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { BookingCheckResponse, ManifestPlanResponse, ErrorBody } from '../../src/contract/index.ts';
import { isDateTimeWithOffset } from '../../src/snapshot/index.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';

/** The whole service end to end over real HTTP: every component real, nothing mocked. */
describe('service over HTTP', function () {
  this.timeout(120_000);
  let service: TestService;
  const ajv = new Ajv2020({ strict: false });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTimeWithOffset });
  const validManifestResponse = ajv.compile(ManifestPlanResponse);
  const validErrorBody = ajv.compile(ErrorBody);
  const validBookingResponse = ajv.compile(BookingCheckResponse);

  before(async function () {
    this.timeout(300_000); // a planning worker starts its own engine: slow when the machine is busy
    // an allowance far above what the examples need, so that no assertion depends on the machine's
    // speed (a busy machine's first embedded model call alone took 9 s of the default 10 s)
    service = await startTestService({ BODY_LIMIT_BYTES: '200000', MANIFEST_SOLVE_SECONDS: '100' });
  });
  after(async () => {
    await service?.stop();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json', ...headers },
      body,
    });

  async function expectError(response: Response, status: number, code: string): Promise<any> {
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).to.equal(status);
    expect(validErrorBody(body), JSON.stringify(validErrorBody.errors)).to.equal(true);
    expect(body.error.code).to.equal(code);
    expect(body.error.request_id).to.equal(response.headers.get('x-request-id'));
    return body;
  }

  it('plans the tiny example: a valid response whose plan passed the independent validator', async () => {
    const request = readExample('tiny.json');
    const response = await post('/v1/manifests', JSON.stringify(request));
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    expect(response.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(validManifestResponse(body), JSON.stringify(validManifestResponse.errors)).to.equal(true);
    expect(body.data_as_of).to.equal(request.data_as_of);
    expect(body.metadata.policy_version).to.equal('planner-manifest-v1');
    expect(body.evidence.validation).to.equal('passed');
    const planned = new Set(body.manifests.flatMap((m: any) => m.activities.map((a: any) => a.movement_id)).filter(Boolean));
    const unplanned = new Set(body.unplanned_movements.map((u: any) => u.movement_id));
    for (const leg of request.movements) expect(planned.has(leg.id) !== unplanned.has(leg.id), leg.id).to.equal(true);
    expect(planned.size).to.be.greaterThan(0);
  });

  it('gives the same plan for the same request (the search is bounded by failure limits, not the clock)', async () => {
    const request = JSON.stringify(readExample('tiny.json'));
    const first = (await (await post('/v1/manifests', request)).json()) as any;
    const second = (await (await post('/v1/manifests', request)).json()) as any;
    expect(first.evidence.planning_engine.timing_dependent).to.equal(false);
    expect(second.evidence.planning_engine).to.deep.include({ timing_dependent: false, proven_optimal: first.evidence.planning_engine.proven_optimal });
    expect(second.manifests).to.deep.equal(first.manifests);
    expect(second.unplanned_movements).to.deep.equal(first.unplanned_movements);
  });

  it('checks a booking: a three-valued answer in the contract shape', async () => {
    const request = readExample('tiny-booking.json');
    const response = await post('/v1/booking-checks', JSON.stringify(request));
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    expect(validBookingResponse(body), JSON.stringify(validBookingResponse.errors)).to.equal(true);
    expect(body.data_as_of).to.equal(request.data_as_of);
    expect(['feasible', 'infeasible_proven', 'unknown']).to.include(body.status);
    if (body.status === 'feasible') expect(body.reason_code ?? null).to.equal(null);
    else expect(body.reason_code).to.be.a('string');
  });

  it('refuses a booking check without new_movements, and a manifest request with them', async () => {
    const withNew = readExample('tiny-booking.json');
    const body = await expectError(await post('/v1/manifests', JSON.stringify(withNew)), 422, 'validation_failed');
    expect(body.error.details).to.deep.include({ path: ['new_movements'], code: 'unknown_property', message: "'new_movements' is not a known property here" });
    const { new_movements: _dropped, ...withoutNew } = withNew;
    const missing = await expectError(await post('/v1/booking-checks', JSON.stringify(withoutNew)), 422, 'validation_failed');
    expect(missing.error.details).to.deep.include({ path: ['new_movements'], code: 'required', message: "'new_movements' is required" });
  });

  it('answers 422 with the exact path and code of each invalid field', async () => {
    const request = readExample('tiny.json');
    request.drivers[0].availability = [];
    request.movements[0].bogus = true;
    const body = await expectError(await post('/v1/manifests', JSON.stringify(request)), 422, 'validation_failed');
    expect(body.error.details).to.deep.include({ path: ['drivers', 0, 'availability'], code: 'too_few_items', message: 'must have at least 1 item(s)' });
    expect(body.error.details.some((d: any) => d.code === 'unknown_property' && d.path.join('.') === 'movements.0.bogus')).to.equal(true);
  });

  it('answers 400 for malformed JSON and for a body that is not JSON', async () => {
    await expectError(await post('/v1/manifests', '{"data_as_of": '), 400, 'malformed_json');
    await expectError(await post('/v1/manifests', 'a=b', { 'Content-Type': 'application/x-www-form-urlencoded' }), 400, 'unsupported_content_type');
  });

  it('answers 413 for a body over the configured limit, and keeps serving', async () => {
    const request = readExample('tiny.json');
    request.nuggets.push(...Array.from({ length: 3000 }, (_, i) => ({ id: `pad-${i}`, availability: 'in_service', location_id: request.locations[0].id })));
    await expectError(await post('/v1/manifests', JSON.stringify(request)), 413, 'body_too_large');
    expect((await fetch(`${service.baseUrl}/healthz`)).status).to.equal(200);
  });

  it('answers 404 and 405 in the error envelope', async () => {
    await expectError(await fetch(`${service.baseUrl}/v1/nothing`), 404, 'route_not_found');
    const wrongMethod = await fetch(`${service.baseUrl}/v1/manifests`, { headers: { Authorization: `Bearer ${service.token}` } });
    expect(wrongMethod.headers.get('allow')).to.equal('POST');
    await expectError(wrongMethod, 405, 'method_not_allowed');
  });

  it('echoes a well-formed X-Request-ID and refuses a malformed one with 400', async () => {
    const echoed = await fetch(`${service.baseUrl}/healthz`, { headers: { 'X-Request-ID': 'caller-123' } });
    expect(echoed.headers.get('x-request-id')).to.equal('caller-123');
    const refused = await fetch(`${service.baseUrl}/healthz`, { headers: { 'X-Request-ID': 'has spaces and !' } });
    const body = await expectError(refused, 400, 'bad_request_header');
    expect(body.error.request_id).to.not.equal('has spaces and !');
  });

  it('answers 401 without a credential before reading the body', async () => {
    const response = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    await expectError(response, 401, 'credential_missing');
  });

  it('reports readiness with the solvers, and serves the OpenAPI document', async () => {
    const ready = (await (await fetch(`${service.baseUrl}/readyz`)).json()) as any;
    expect(ready.status).to.equal('ready');
    expect(ready.checks.solvers.detail.map((solver: any) => solver.id)).to.include('chuffed');
    const openapi = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as any;
    expect(openapi.openapi).to.equal('3.1.0');
    expect(Object.keys(openapi.paths)).to.include.members(['/v1/manifests', '/v1/booking-checks', '/v1/usage']);
  });

  it('logs one line per request with id, route, status, duration and sizes, and never the token or the body', async () => {
    const request = readExample('tiny.json');
    const response = await post('/v1/manifests', JSON.stringify({ ...request, drivers: [] }), { 'X-Request-ID': 'log-check-1' });
    expect(response.status).to.equal(422);
    const lines = service.logLines.filter((line) => line.includes('"log-check-1"')).map((line) => JSON.parse(line));
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).to.have.length(1);
    expect(requestLines[0]).to.include({ method: 'POST', route: '/v1/manifests', status: 422 });
    expect(requestLines[0].duration_ms).to.be.a('number');
    expect(service.logLines.join('\n')).to.not.include(service.token);
    expect(service.logLines.join('\n')).to.not.include(request.locations[0].id);
  });
});
