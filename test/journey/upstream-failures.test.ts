import { expect } from 'chai';
import { MatrixServer, refusedPort, type MatrixFormat, type Reply } from './support/matrix-servers.ts';
import { BIRMINGHAM, LONDON } from './support/places.ts';
import { API_KEY, FORMATS, LogRecorder, expectServiceError, modelMatrices, providerFor, soon } from './support/providers.ts';

const PLACES = [LONDON, BIRMINGHAM];

/** A well-formed 2 x 2 answer in the format, with `change` applied to it. */
function answer(format: MatrixFormat, change: (body: Record<string, unknown>) => void = () => {}): string {
  const body: Record<string, unknown> =
    format === 'osrm'
      ? { code: 'Ok', durations: [[0, 100], [120, 0]], distances: [[0, 1500], [1500, 0]] }
      : { durations: [[0, 100], [120, 0]], distances: [[0, 1.5], [1.5, 0]] };
  change(body);
  return JSON.stringify(body);
}

const ok = (body: string): Reply => ({ status: 200, body });

function invalidAnswers(format: MatrixFormat): Record<string, Reply> {
  const cases: Record<string, Reply> = {
    'a body that is not JSON': ok('<html>upstream proxy error</html>'),
    'a JSON array': ok('[]'),
    'no durations': ok(answer(format, (body) => delete body.durations)),
    'no distances': ok(answer(format, (body) => delete body.distances)),
    'too few rows': ok(answer(format, (body) => (body.durations = [[0, 100]]))),
    'a short row': ok(answer(format, (body) => (body.distances = [[0], [1, 0]]))),
    'a row that is not an array': ok(answer(format, (body) => (body.durations = [5, [120, 0]]))),
    'a number as a string': ok(answer(format, (body) => (body.durations = [[0, '100'], [120, 0]]))),
    'a negative number': ok(answer(format, (body) => (body.durations = [[0, -1], [120, 0]]))),
    'an HTTP 400 rejection': { status: 400, body: format === 'osrm' ? '{"code":"NoSegment","message":"Could not find a matching segment"}' : '{"error":{"code":6010,"message":"Could not find routable point"}}' },
    'a redirect': { status: 302, body: '', headers: { Location: 'http://127.0.0.1:9/elsewhere' } },
  };
  if (format === 'osrm') cases['a code other than Ok'] = ok(answer(format, (body) => (body.code = 'NoTable')));
  return cases;
}

for (const format of FORMATS) {
  describe(`${format} upstream failures`, () => {
    let server: MatrixServer;
    let logs: LogRecorder;
    beforeEach(async () => {
      server = await MatrixServer.start(format, { apiKey: API_KEY });
      logs = new LogRecorder();
    });
    afterEach(async () => {
      await server.close();
      expect(logs.text, 'logs never carry the key').not.to.include(API_KEY);
    });

    const provider = (options = {}) => providerFor(format, server.baseUrl, options, { logger: logs });

    it('retries 429 and 503 with backoff, then answers', async () => {
      server.replies.push({ status: 429, body: '{}', headers: { 'Retry-After': '0' } }, { status: 503, body: 'busy' });
      const matrix = await provider().matrix(PLACES, { deadline: soon() });
      expect(matrix.minutes).to.deep.equal(modelMatrices(PLACES).minutes);
      expect(server.requests).to.have.length(3);
      expect(logs.lines.map((line) => line.fields.failure)).to.deep.equal(['HTTP 429', 'HTTP 503']);
    });

    it('retries a connection reset', async () => {
      server.replies.push('reset');
      await provider().matrix(PLACES, { deadline: soon() });
      expect(server.requests).to.have.length(2);
    });

    it('answers 503 dependency_unavailable with Retry-After once the attempts are spent', async () => {
      server.replies.push({ status: 503, body: '' }, { status: 502, body: '' }, { status: 500, body: '' });
      const error = await expectServiceError(provider({ maxAttempts: 3 }).matrix(PLACES, { deadline: soon() }), 'dependency_unavailable', 503);
      expect(error.retryAfterSeconds).to.equal(30);
      expect(server.requests).to.have.length(3);
    });

    it('gives up at once when the provider asks to wait past the deadline, passing its Retry-After on', async () => {
      server.replies.push({ status: 429, body: '', headers: { 'Retry-After': '120' } });
      const error = await expectServiceError(provider().matrix(PLACES, { deadline: soon(2_000) }), 'dependency_unavailable', 503);
      expect(error.retryAfterSeconds).to.equal(120);
      expect(server.requests).to.have.length(1);
    });

    it('answers 502 upstream_authentication_failed on 401 and 403, without retrying', async () => {
      await expectServiceError(provider({ apiKey: 'wrong-key' }).matrix(PLACES, { deadline: soon() }), 'upstream_authentication_failed', 502);
      server.replies.push({ status: 403, body: '{"error":"Access to this API has been disallowed"}' });
      await expectServiceError(provider().matrix(PLACES, { deadline: soon() }), 'upstream_authentication_failed', 502);
      expect(server.requests).to.have.length(2);
    });

    for (const [name, reply] of Object.entries(invalidAnswers(format))) {
      it(`answers 502 upstream_invalid_response for ${name}`, async () => {
        server.replies.push(reply);
        await expectServiceError(provider().matrix(PLACES, { deadline: soon() }), 'upstream_invalid_response', 502);
        expect(server.requests).to.have.length(1);
      });
    }

    it('answers 503 when the connection is refused', async () => {
      const port = await refusedPort();
      const refused = providerFor(format, `http://127.0.0.1:${port}`, {}, { logger: logs });
      const error = await expectServiceError(refused.matrix(PLACES, { deadline: soon() }), 'dependency_unavailable', 503);
      expect(error.message).to.include('ECONNREFUSED');
      expect(error.retryAfterSeconds).to.equal(30);
    });

    it('answers 503 when the provider does not answer in time', async () => {
      server.replies.push('hang', 'hang');
      const started = Date.now();
      await expectServiceError(provider({ requestTimeoutMs: 100, maxAttempts: 2 }).matrix(PLACES, { deadline: soon() }), 'dependency_unavailable', 503);
      // the two 100 ms attempts timed out; the hanging server alone would never end them
      expect(Date.now() - started).to.be.below(10_000);
      expect(server.requests).to.have.length(2);
    });

    it('stops waiting at the deadline even when the request timeout is longer', async () => {
      server.replies.push('hang');
      const started = Date.now();
      await expectServiceError(provider({ requestTimeoutMs: 60_000 }).matrix(PLACES, { deadline: soon(150) }), 'dependency_unavailable', 503);
      // the 150 ms deadline ended the wait, far before the 60 s request timeout
      expect(Date.now() - started).to.be.below(30_000);
      await expectServiceError(provider().matrix(PLACES, { deadline: Date.now() - 1 }), 'dependency_unavailable', 503);
      expect(server.requests).to.have.length(1);
    });

    it('rejects with the caller\'s reason when cancelled', async () => {
      server.replies.push('hang');
      const controller = new AbortController();
      const pending = provider().matrix(PLACES, { deadline: soon(), signal: controller.signal });
      setTimeout(() => controller.abort(new Error('client went away')), 50);
      let caught: unknown;
      await pending.catch((error: unknown) => (caught = error));
      expect((caught as Error).message).to.equal('client went away');
    });
  });
}
