import { expect } from 'chai';
import { UsageResponse } from '../../src/contract/schemas/usage.ts';
import { isServiceError, type ServiceError } from '../../src/contract/errors.ts';
import type { Credential, IssuedCredential } from '../../src/credentials/index.ts';
import { generateToken } from '../../src/credentials/token.ts';
import { createAjv } from '../../src/snapshot/ajv.ts';
import { startCredentialApp, type RunningApp } from '../support/credential-app.ts';
import { clock, credentialRequest, describeEachStore } from '../support/credential-stores.ts';

interface Reply {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

const validateUsage = createAjv().compile(UsageResponse);

describeEachStore('trial credentials over HTTP', (harness) => {
  let service: RunningApp;
  /** Every token used in this suite: none may appear in a log line or a response. */
  const tokens: string[] = [];

  before(async () => {
    service = await startCredentialApp({ store: harness.store, environment: 'test' });
  });
  after(() => service?.close());

  async function issue(changes: Parameters<typeof credentialRequest>[0] = {}): Promise<IssuedCredential> {
    const issued = await harness.store.issue(credentialRequest(changes));
    tokens.push(issued.token);
    return issued;
  }

  async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Reply> {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    for (const token of tokens) expect(text, 'a response body never carries a token').not.to.include(token);
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text), text };
  }

  /** A planning request that passes the credential checks and is then refused by validation (422): it counts. */
  const plan = (token: string) => call('POST', '/v1/manifests', { Authorization: `Bearer ${token}` }, {});
  const usage = (token: string) => call('GET', '/v1/usage', { Authorization: `Bearer ${token}` });

  function expectError(reply: Reply, status: number, code: string): void {
    expect(reply.status, reply.text).to.equal(status);
    expect(reply.body.error.code).to.equal(code);
    expect(reply.body.error.request_id).to.be.a('string').and.equal(reply.headers.get('X-Request-ID'));
    // RFC 6750: every 401 carries a Bearer challenge; a refused token is named invalid_token, a missing one is not.
    const challenge = reply.headers.get('WWW-Authenticate');
    if (status !== 401) expect(challenge).to.equal(null);
    else if (code === 'credential_missing') expect(challenge).to.equal('Bearer realm="manifest-planning"');
    else expect(challenge).to.equal(`Bearer realm="manifest-planning", error="invalid_token", error_description="${code}"`);
  }

  async function totalUsed(credential: { id: string }): Promise<number> {
    return (await harness.store.usage(credential.id)).totalRequests;
  }

  describe('401', () => {
    it('credential_missing without an Authorization header, on planning routes and /v1/usage', async () => {
      expectError(await call('POST', '/v1/manifests', {}, {}), 401, 'credential_missing');
      expectError(await call('POST', '/v1/booking-checks', {}, {}), 401, 'credential_missing');
      expectError(await call('GET', '/v1/usage'), 401, 'credential_missing');
    });

    it('credential_malformed for anything but `Bearer <well-formed token>`', async () => {
      const { token } = await issue();
      const brokenChecksum = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
      const headers = [`Basic ${Buffer.from('user:pass').toString('base64')}`, 'Bearer', `Token ${token}`, `Bearer ${token} ${token}`, 'Bearer mps_test_abc', `Bearer ${brokenChecksum}`, `Bearer ${token.toUpperCase()}`];
      for (const header of headers) expectError(await call('POST', '/v1/manifests', { Authorization: header }, {}), 401, 'credential_malformed');
      expect(await totalUsed({ id: (await harness.store.findByToken(token))!.id })).to.equal(0);
    });

    it('accepts the scheme in any case and surrounding spaces', async () => {
      const { token } = await issue();
      expect((await call('POST', '/v1/manifests', { Authorization: `bearer   ${token}  ` }, {})).status).to.equal(422);
    });

    it('credential_wrong_environment for a token of another environment, issued here or not', async () => {
      const staging = await issue({ environment: 'staging' });
      expectError(await plan(staging.token), 401, 'credential_wrong_environment');
      expectError(await usage(generateToken('production')), 401, 'credential_wrong_environment');
      expect(await totalUsed(staging)).to.equal(0);
    });

    it('credential_invalid for a well-formed token this service never issued', async () => {
      expectError(await plan(generateToken('test')), 401, 'credential_invalid');
      expectError(await usage(generateToken('test')), 401, 'credential_invalid');
    });

    it('credential_expired from the instant of expires_at', async () => {
      const credential = await issue({ expires_at: '2030-01-01T00:00:00Z' });
      clock.pin('2029-12-31T23:59:59.999Z');
      expect((await plan(credential.token)).status).to.equal(422);
      clock.pin('2030-01-01T00:00:00Z');
      expectError(await plan(credential.token), 401, 'credential_expired');
      expectError(await usage(credential.token), 401, 'credential_expired');
      expect(await totalUsed(credential)).to.equal(1);
    });

    it('credential_revoked once an operator revokes it', async () => {
      const credential = await issue();
      expect((await plan(credential.token)).status).to.equal(422);
      await harness.store.revoke(credential.id);
      expectError(await plan(credential.token), 401, 'credential_revoked');
      expectError(await usage(credential.token), 401, 'credential_revoked');
      expect(await totalUsed(credential)).to.equal(1);
    });

    it('never accepts a token in the URL or the body', async () => {
      const credential = await issue();
      expectError(await call('POST', `/v1/manifests?access_token=${credential.token}`, {}, {}), 401, 'credential_missing');
      expectError(await call('GET', `/v1/usage?token=${credential.token}`), 401, 'credential_missing');
      expectError(await call('POST', '/v1/manifests', {}, { access_token: credential.token, token: credential.token }), 401, 'credential_missing');
      expect(await totalUsed(credential)).to.equal(0);
    });
  });

  describe('403', () => {
    it('operation_not_allowed for an operation the credential does not allow, without counting it', async () => {
      const usageOnly = await issue({ operations: ['usage'] });
      expectError(await plan(usageOnly.token), 403, 'operation_not_allowed');
      expectError(await call('POST', '/v1/booking-checks', { Authorization: `Bearer ${usageOnly.token}` }, {}), 403, 'operation_not_allowed');
      expect((await usage(usageOnly.token)).body.used.total_requests).to.equal(0);

      const manifestsOnly = await issue({ operations: ['manifests'] });
      expect((await plan(manifestsOnly.token)).status).to.equal(422);
      expectError(await call('POST', '/v1/booking-checks', { Authorization: `Bearer ${manifestsOnly.token}` }, {}), 403, 'operation_not_allowed');
      expectError(await usage(manifestsOnly.token), 403, 'operation_not_allowed');
      expect(await totalUsed(manifestsOnly)).to.equal(1);
    });
  });

  describe('429', () => {
    it('rate_limit_exceeded with Retry-After to the next minute, then serves again', async () => {
      const credential = await issue({ limits: { requests_per_minute: 2 } });
      clock.pin('2030-03-01T12:00:45.500Z');
      expect((await plan(credential.token)).status).to.equal(422);
      expect((await call('POST', '/v1/booking-checks', { Authorization: `Bearer ${credential.token}` }, {})).status).to.equal(422);
      const refused = await plan(credential.token);
      expectError(refused, 429, 'rate_limit_exceeded');
      expect(refused.headers.get('Retry-After')).to.equal('15');
      clock.pin('2030-03-01T12:01:00Z');
      expect((await plan(credential.token)).status).to.equal(422);
      expect(await totalUsed(credential)).to.equal(3);
    });

    it('total_requests_exhausted without Retry-After; /v1/usage still answers', async () => {
      const credential = await issue({ limits: { total_requests: 2, requests_per_minute: 10 } });
      expect((await plan(credential.token)).status).to.equal(422);
      expect((await plan(credential.token)).status).to.equal(422);
      const refused = await plan(credential.token);
      expectError(refused, 429, 'total_requests_exhausted');
      expect(refused.headers.has('Retry-After')).to.equal(false);
      const report = await usage(credential.token);
      expect(report.status).to.equal(200);
      expect(report.body.remaining.total_requests).to.equal(0);
      expect(await totalUsed(credential)).to.equal(2);
    });

    it('matrix_relations_per_request_exceeded and matrix_relations_exhausted, without Retry-After, charging nothing when refused', async () => {
      const credential = await issue({ limits: { matrix_relations_per_request: 100, matrix_relations_total: 250 } });
      const state = { credential: (await harness.store.findByToken(credential.token)) as Credential };
      const refusal = async (relations: number) => {
        try {
          await service.access.chargeMatrixRelations(state, relations);
        } catch (error) {
          if (isServiceError(error)) return error;
          throw error;
        }
        return undefined;
      };
      const perRequest = (await refusal(101)) as ServiceError;
      expect([perRequest.code, perRequest.status, perRequest.retryAfterSeconds]).to.deep.equal(['matrix_relations_per_request_exceeded', 429, undefined]);
      expect(await refusal(100)).to.equal(undefined);
      expect(await refusal(100)).to.equal(undefined);
      const exhausted = (await refusal(51)) as ServiceError;
      expect([exhausted.code, exhausted.status, exhausted.retryAfterSeconds]).to.deep.equal(['matrix_relations_exhausted', 429, undefined]);
      expect(exhausted.message).to.include('50 of');
      expect(await refusal(50)).to.equal(undefined);
      expect(await refusal(0)).to.equal(undefined);
      expect((await usage(credential.token)).body.used.matrix_relations).to.equal(250);
    });
  });

  describe('GET /v1/usage', () => {
    it('reports limits, use and what remains after a known sequence, without counting itself', async () => {
      const credential = await issue({
        operations: ['manifests', 'booking_checks', 'usage'],
        expires_at: '2031-06-30T23:59:59Z',
        limits: { requests_per_minute: 10, total_requests: 5, matrix_relations_total: 1000, max_manifest_solve_seconds: 60, max_booking_check_solve_seconds: 2 },
      });
      clock.pin('2030-03-01T12:00:10Z');
      await plan(credential.token);
      await plan(credential.token);
      await call('POST', '/v1/booking-checks', { Authorization: `Bearer ${credential.token}` }, {});
      await service.access.chargeMatrixRelations({ credential: await harness.store.findByToken(credential.token) }, 120);
      clock.pin('2030-03-01T12:00:30Z');
      const first = await usage(credential.token);
      const second = await usage(credential.token);
      expect(first.status).to.equal(200);
      expect(first.headers.get('Cache-Control')).to.equal('no-store');
      expect(validateUsage(first.body), JSON.stringify(validateUsage.errors)).to.equal(true);
      expect(first.body).to.deep.equal({
        credential_id: credential.id,
        environment: 'test',
        operations: ['manifests', 'booking_checks', 'usage'],
        expires_at: '2031-06-30T23:59:59.000Z',
        limits: {
          requests_per_minute: 10,
          total_requests: 5,
          matrix_relations_per_request: null,
          matrix_relations_total: 1000,
          max_manifest_solve_seconds: 30, // the service allows 30: a credential can lower it, not raise it
          max_booking_check_solve_seconds: 2,
        },
        used: { requests_this_minute: 3, total_requests: 3, matrix_relations: 120 },
        remaining: { requests_this_minute: 7, total_requests: 2, matrix_relations: 880 },
        minute_resets_at: '2030-03-01T12:01:00.000Z',
        metadata: { generated_at: '2030-03-01T12:00:30.000Z', policy_version: 'planner-manifest-v1' },
      });
      expect(second.body.used).to.deep.equal(first.body.used);

      clock.pin('2030-03-01T12:01:05Z');
      const nextMinute = (await usage(credential.token)).body;
      expect(nextMinute.used).to.deep.equal({ requests_this_minute: 0, total_requests: 3, matrix_relations: 120 });
      expect(nextMinute.remaining).to.deep.equal({ requests_this_minute: 10, total_requests: 2, matrix_relations: 880 });
    });

    it('shows null limits and remaining for a credential with no limits under a service without defaults', async () => {
      const credential = await issue();
      const body = (await usage(credential.token)).body;
      expect(body.limits.total_requests).to.equal(null);
      expect(body.remaining).to.deep.equal({ requests_this_minute: null, total_requests: null, matrix_relations: null });
      expect(validateUsage(body)).to.equal(true);
    });
  });

  describe('solve allowance', () => {
    it('is the smaller of the credential cap and the service default, per operation', async () => {
      const capped = { credential: await issue({ limits: { max_manifest_solve_seconds: 10, max_booking_check_solve_seconds: 60 } }) };
      const uncapped = { credential: await issue() };
      expect(service.access.solveAllowanceMs(capped, 'manifests')).to.equal(10_000);
      expect(service.access.solveAllowanceMs(capped, 'booking_checks')).to.equal(5_000);
      expect(service.access.solveAllowanceMs(uncapped, 'manifests')).to.equal(30_000);
      expect(service.access.solveAllowanceMs(uncapped, 'booking_checks')).to.equal(5_000);
    });
  });

  describe('secrets', () => {
    it('no token appears in any log line written while serving the requests above', () => {
      expect(tokens.length).to.be.greaterThan(10);
      expect(service.logLines.length).to.be.greaterThan(20);
      for (const line of service.logLines) for (const token of tokens) expect(line).not.to.include(token);
      // The log does say which credential a request used.
      expect(service.logLines.some((line) => /"credential_id":"cred_/.test(line))).to.equal(true);
    });
  });
});
