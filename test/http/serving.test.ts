import { expect } from 'chai';
import { connect, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { generate, toJson } from '../../data-gen/index.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';

/**
 * Serving under real conditions over real HTTP on loopback, with the real worker pool: bodies
 * and connections, admission, cancellation. (SIGTERM: serving-shutdown.test.ts.)
 */
describe('serving over HTTP', function () {
  this.timeout(300_000);
  let service: TestService;
  const medium = toJson(generate({ preset: 'medium', seed: 1 }).snapshot, true);

  before(async () => {
    service = await startTestService({ BODY_LIMIT_BYTES: '1048576', PLANNING_WORKERS: '1', PLANNING_QUEUE_LIMIT: '0', MANIFEST_SOLVE_SECONDS: '30' });
  });
  after(async () => {
    await service?.stop();
  });

  const headers = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json', ...extra });
  const readiness = async () => (await (await fetch(`${service.baseUrl}/readyz`)).json()) as any;

  async function expectEnvelope(response: Response, status: number, code: string): Promise<any> {
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).to.equal(status);
    expect(body.error.code).to.equal(code);
    expect(body.error.request_id).to.equal(response.headers.get('x-request-id'));
    return body;
  }

  async function waitFor(condition: () => Promise<boolean>, limitMs: number): Promise<number> {
    const started = Date.now();
    while (!(await condition())) {
      if (Date.now() - started > limitMs) throw new Error(`condition not met within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  }

  describe('bodies', () => {
    it('answers 400 invalid_content_encoding for a body that is not the gzip it claims, and plans a real gzip body', async () => {
      const bad = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers({ 'Content-Encoding': 'gzip' }), body: 'this is not gzip' });
      await expectEnvelope(bad, 400, 'invalid_content_encoding');
      const truncated = gzipSync(JSON.stringify(readExample('tiny.json'))).subarray(0, 100);
      await expectEnvelope(await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers({ 'Content-Encoding': 'gzip' }), body: truncated }), 400, 'invalid_content_encoding');
      const deflated = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers({ 'Content-Encoding': 'deflate' }), body: 'not deflate either' });
      await expectEnvelope(deflated, 400, 'invalid_content_encoding');
      const good = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers({ 'Content-Encoding': 'gzip' }), body: gzipSync(JSON.stringify(readExample('tiny.json'))) });
      expect(good.status).to.equal(200);
      expect(((await good.json()) as any).evidence.validation).to.equal('passed');
    });

    it('answers 415 for a charset other than UTF-8 and for an unknown Content-Encoding', async () => {
      const latin1 = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers({ 'Content-Type': 'application/json; charset=latin1' }), body: '{}' });
      await expectEnvelope(latin1, 415, 'unsupported_charset');
      const zstd = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers({ 'Content-Encoding': 'zstd' }), body: '{}' });
      await expectEnvelope(zstd, 415, 'unsupported_content_encoding');
    });

    it('lets 20 Node clients sending 8 MiB over a 1 MiB limit each read the 413, with Connection: close', async () => {
      const body = Buffer.alloc(8 * 1024 * 1024, 'x');
      const answers = await Promise.all(Array.from({ length: 20 }, () => postRaw(service, '/v1/manifests', body)));
      for (const answer of answers) {
        expect(answer.error, answer.error).to.equal(undefined);
        expect(answer.status).to.equal(413);
        expect(answer.headers.connection).to.equal('close');
        expect(JSON.parse(answer.body).error.code).to.equal('body_too_large');
      }
      expect((await fetch(`${service.baseUrl}/healthz`)).status).to.equal(200);
    });

    it('answers a request Node cannot parse with the error envelope', async () => {
      const answer = await rawExchange(service, 'GARBAGE / HTTP/1.1\r\n\r\n');
      expect(answer).to.match(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body.error.code).to.equal('malformed_request');
      expect(body.error.request_id).to.be.a('string');
    });
  });

  describe('bounded work', () => {
    it('answers a planning period of 10,000 days with 422 period_too_long at its path, at once', async () => {
      const request = readExample('tiny.json');
      const start = Date.parse(request.planning_period.start);
      request.planning_period.end = new Date(start + 10_000 * 86_400_000).toISOString();
      const started = Date.now();
      const body = await expectEnvelope(await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers(), body: JSON.stringify(request) }), 422, 'validation_failed');
      expect(Date.now() - started, 'a guard against planning the period, not a speed target').to.be.below(10_000);
      expect(body.error.details).to.deep.equal([{ path: ['planning_period'], code: 'period_too_long', message: body.error.details[0].message }]);
      request.planning_period.end = '9999-12-31T00:00:00Z';
      const farEnd = await expectEnvelope(await fetch(`${service.baseUrl}/v1/booking-checks`, { method: 'POST', headers: headers(), body: JSON.stringify({ ...readExample('tiny-booking.json'), planning_period: request.planning_period }) }), 422, 'validation_failed');
      expect(farEnd.error.details.map((detail: any) => detail.code)).to.deep.equal(['period_too_long']);
    });
  });

  describe('break due now', () => {
    for (const [counter, minutes] of [['working_since_break_minutes', 360], ['working_since_break_minutes', 400]] as const) {
      it(`plans drivers whose ${counter} is ${minutes} (a break is due at the start) with duties that start with the break, validated`, async () => {
        const request = readExample('tiny.json');
        for (const driver of request.drivers) {
          driver.fleet_check_allowances[counter] = minutes;
          driver.fleet_check_allowances.observed_at = request.planning_period.start;
        }
        const response = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers(), body: JSON.stringify(request) });
        const body = (await response.json()) as any;
        expect(response.status, JSON.stringify(body)).to.equal(200);
        expect(body.evidence.validation).to.equal('passed');
        expect(body.manifests.length, 'legs are planned, not all left out').to.be.greaterThan(0);
        for (const manifest of body.manifests) {
          expect(manifest.activities[0].type, manifest.driver_id).to.equal('break');
          expect(Date.parse(manifest.activities[0].end) - Date.parse(manifest.activities[0].start)).to.be.at.least(15 * 60_000);
          expect(manifest.activities[1].type, manifest.driver_id).to.equal('service');
        }
        expect((await readiness()).checks.planning.detail.totals.validatorRejections).to.equal(0);
      });
    }
  });

  describe('connections', () => {
    it('answers two requests written on one keep-alive socket 10 s apart', async () => {
      const socket = connect(Number(new URL(service.baseUrl).port), '127.0.0.1');
      const received: string[] = [];
      socket.on('data', (chunk) => received.push(chunk.toString()));
      await new Promise((resolve) => socket.once('connect', resolve));
      const ask = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
      socket.write(ask);
      await waitFor(async () => received.join('').includes('"ok"'), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      expect(socket.destroyed, 'the server closed the idle connection').to.equal(false);
      socket.write(ask);
      await waitFor(async () => (received.join('').match(/HTTP\/1\.1 200/g) ?? []).length === 2, 10_000);
      expect(received.join('')).to.match(/Keep-Alive: timeout=65/);
      socket.destroy();
    });
  });

  describe('admission and cancellation', () => {
    it('refuses a plan beyond the pool and queue with 503, Retry-After and the envelope, before charging any relation', async () => {
      const usage = async () => ((await (await fetch(`${service.baseUrl}/v1/usage`, { headers: headers() })).json()) as any).used.matrix_relations;
      const before = await usage();
      const client = new AbortController();
      const first = fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers(), body: medium, signal: client.signal }).catch(() => undefined);
      await waitFor(async () => (await readiness()).checks.planning.detail.busy === 1, 170_000);
      // the worker charges the first plan's relations once it runs: read the usage after that charge
      await waitFor(async () => (await usage()) > before, 170_000);
      const charged = await usage();
      const refused = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers(), body: medium });
      await expectEnvelope(refused, 503, 'planning_capacity_unavailable');
      expect(Number(refused.headers.get('retry-after'))).to.be.at.least(1);
      expect(await usage()).to.equal(charged);
      const ready = await readiness();
      expect(ready.status).to.equal('not_ready');
      expect(ready.checks.planning.detail).to.include({ capacity: 1, busy: 1, queued: 0, saturated: true });
      client.abort();
      await first;
    });

    it('frees the worker of a client that disconnects (seen through /readyz)', async () => {
      await waitFor(async () => (await readiness()).checks.planning.detail.busy === 0, 60_000);
      const client = new AbortController();
      const pending = fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers(), body: medium, signal: client.signal }).catch(() => undefined);
      await waitFor(async () => (await readiness()).checks.planning.detail.busy === 1, 170_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // well into the search
      client.abort();
      await pending;
      // the target is 1 s; the bound here only guards against a worker that never frees (the machine may be busy)
      const freedInMs = await waitFor(async () => (await readiness()).checks.planning.detail.busy === 0, 5_000);
      expect(freedInMs).to.be.below(5_000);
      const state = (await readiness()).checks.planning.detail;
      expect(state.totals.cancelled).to.be.at.least(1);
      // and it plans again
      const next = await fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: headers(), body: JSON.stringify(readExample('tiny.json')) });
      expect(next.status).to.equal(200);
    });
  });
});

interface RawAnswer {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  error?: string;
}

/** A POST with Node's own http client, as a common client sends a large body. */
function postRaw(service: TestService, path: string, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const url = new URL(path, service.baseUrl);
    const req = httpRequest(url, { method: 'POST', headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json', 'Content-Length': body.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ headers: {}, body: '', error: error.code ?? error.message }));
    req.end(body);
  });
}

function rawExchange(service: TestService, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(new URL(service.baseUrl).port), '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}
