import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openCredentialStore } from '../../src/credentials/index.ts';
import { generateToken, tokenDigest } from '../../src/credentials/token.ts';
import { clock, credentialRequest, describeEachStore } from '../support/credential-stores.ts';

describeEachStore('credential store', (harness) => {
  describe('issuing', () => {
    it('returns a high-entropy token whose prefix names the environment, and stores only its SHA-256 digest', async () => {
      const issued = await harness.store.issue(credentialRequest({ name: 'acme trial', environment: 'test' }));
      expect(issued.token).to.match(/^mps_test_[0-9A-Za-z]{49}$/);
      expect(issued.id).to.match(/^cred_[0-9A-Za-z]{20}$/);
      const stored = await storedText(harness, issued.token);
      expect(stored.containsDigest, 'the digest is stored').to.equal(true);
      expect(stored.containsToken, 'the token itself is not').to.equal(false);
    });

    it('never issues the same token twice', async () => {
      const tokens = await Promise.all(Array.from({ length: 20 }, () => harness.store.issue(credentialRequest()).then((issued) => issued.token)));
      expect(new Set(tokens).size).to.equal(20);
    });

    it('keeps every field of the credential and lists it without its token', async () => {
      const issued = await harness.store.issue(
        credentialRequest({
          name: 'listed',
          operations: ['booking_checks', 'usage'],
          expires_at: '2031-01-01T00:00:00Z',
          limits: { requests_per_minute: 5, total_requests: 50, matrix_relations_per_request: 100, matrix_relations_total: 1000, max_manifest_solve_seconds: 7, max_booking_check_solve_seconds: 3 },
        }),
      );
      const listed = (await harness.store.list()).find((credential) => credential.id === issued.id);
      const { token, ...withoutToken } = issued;
      expect(listed).to.deep.equal({ ...withoutToken, expires_at: '2031-01-01T00:00:00.000Z' });
      expect(JSON.stringify(await harness.store.list())).not.to.include(token);
    });

    it('refuses an invalid request and writes nothing', async () => {
      const before = (await harness.store.list()).length;
      await expectRejection(harness.store.issue(credentialRequest({ environment: 'Not An Env' })), /environment/);
      await expectRejection(harness.store.issue(credentialRequest({ operations: [] })), /operation/);
      await expectRejection(harness.store.issue(credentialRequest({ limits: { total_requests: 0 } })), /total_requests/);
      expect((await harness.store.list()).length).to.equal(before);
    });
  });

  describe('finding by token', () => {
    it('finds the credential of a token, and nothing for an unknown or altered one', async () => {
      const issued = await harness.store.issue(credentialRequest());
      expect((await harness.store.findByToken(issued.token))?.id).to.equal(issued.id);
      expect(await harness.store.findByToken(generateToken('test'))).to.equal(undefined);
      const altered = issued.token.slice(0, 20) + (issued.token[20] === 'a' ? 'b' : 'a') + issued.token.slice(21);
      expect(await harness.store.findByToken(altered)).to.equal(undefined);
    });
  });

  describe('revoking', () => {
    it('marks the credential revoked once; revoking again keeps the first time; an unknown id is undefined', async () => {
      const issued = await harness.store.issue(credentialRequest());
      clock.pin('2030-05-01T10:00:00Z');
      expect((await harness.store.revoke(issued.id))?.revoked_at).to.equal('2030-05-01T10:00:00.000Z');
      clock.advance(60_000);
      expect((await harness.store.revoke(issued.id))?.revoked_at).to.equal('2030-05-01T10:00:00.000Z');
      expect((await harness.store.findByToken(issued.token))?.revoked_at).to.equal('2030-05-01T10:00:00.000Z');
      expect(await harness.store.revoke('cred_unknown')).to.equal(undefined);
    });
  });

  describe('counting requests', () => {
    it('counts up to the total, then refuses without counting', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      const limits = { requests_per_minute: null, total_requests: 3 };
      const outcomes = [];
      for (let i = 0; i < 5; i += 1) outcomes.push(await harness.store.countRequest(id, limits));
      expect(outcomes.map((outcome) => outcome.outcome)).to.deep.equal(['counted', 'counted', 'counted', 'total_exhausted', 'total_exhausted']);
      expect((await harness.store.usage(id)).totalRequests).to.equal(3);
    });

    it('limits each UTC minute, says how long to wait, and starts again in the next minute', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      const limits = { requests_per_minute: 2, total_requests: null };
      clock.pin('2030-05-01T10:00:45.200Z');
      expect((await harness.store.countRequest(id, limits)).outcome).to.equal('counted');
      expect((await harness.store.countRequest(id, limits)).outcome).to.equal('counted');
      expect(await harness.store.countRequest(id, limits)).to.deep.equal({ outcome: 'rate_limited', retryAfterSeconds: 15 });
      clock.pin('2030-05-01T10:00:59.900Z');
      expect(await harness.store.countRequest(id, limits)).to.deep.equal({ outcome: 'rate_limited', retryAfterSeconds: 1 });
      clock.pin('2030-05-01T10:01:00.000Z');
      expect(await harness.store.countRequest(id, limits)).to.deep.equal({ outcome: 'counted', totalRequests: 3, requestsThisMinute: 1 });
      expect(await harness.store.usage(id)).to.deep.include({ totalRequests: 3, requestsThisMinute: 1 });
      clock.pin('2030-05-01T10:02:30.000Z');
      expect(await harness.store.usage(id)).to.deep.include({ totalRequests: 3, requestsThisMinute: 0 });
    });

    it('never moves the minute window back when a process with a lagging clock counts', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      const limits = { requests_per_minute: 2, total_requests: null };
      clock.pin('2030-05-01T10:01:00.100Z');
      await harness.store.countRequest(id, limits);
      clock.pin('2030-05-01T10:00:59.900Z'); // another process, 200 ms behind
      await harness.store.countRequest(id, limits);
      expect((await harness.store.countRequest(id, limits)).outcome).to.equal('rate_limited');
      clock.pin('2030-05-01T10:01:10.000Z');
      expect(await harness.store.usage(id)).to.deep.include({ totalRequests: 2, requestsThisMinute: 2 });
    });

    it('reports the spent total rather than the rate when both are reached', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      clock.pin('2030-05-01T10:00:00Z');
      await harness.store.countRequest(id, { requests_per_minute: 1, total_requests: 1 });
      expect((await harness.store.countRequest(id, { requests_per_minute: 1, total_requests: 1 })).outcome).to.equal('total_exhausted');
    });

    it('loses no update: 200 concurrent counts on a total of 100 count exactly 100', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => harness.store.countRequest(id, { requests_per_minute: null, total_requests: 100 })));
      expect(outcomes.filter((outcome) => outcome.outcome === 'counted')).to.have.length(100);
      expect(outcomes.filter((outcome) => outcome.outcome === 'total_exhausted')).to.have.length(100);
      expect((await harness.store.usage(id)).totalRequests).to.equal(100);
    });
  });

  describe('charging matrix relations', () => {
    it('charges all or nothing within the lifetime limit', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      expect(await harness.store.chargeMatrixRelations(id, 600, 1000)).to.deep.equal({ outcome: 'charged', used: 600 });
      expect(await harness.store.chargeMatrixRelations(id, 500, 1000)).to.deep.equal({ outcome: 'exhausted', used: 600 });
      expect(await harness.store.chargeMatrixRelations(id, 400, 1000)).to.deep.equal({ outcome: 'charged', used: 1000 });
      expect(await harness.store.chargeMatrixRelations(id, 1, null)).to.deep.equal({ outcome: 'charged', used: 1001 });
    });

    it('loses no update under concurrency', async () => {
      const { id } = await harness.store.issue(credentialRequest());
      const charges = await Promise.all(Array.from({ length: 50 }, () => harness.store.chargeMatrixRelations(id, 30, 1000)));
      expect(charges.filter((charge) => charge.outcome === 'charged')).to.have.length(33);
      expect((await harness.store.usage(id)).matrixRelations).to.equal(990);
    });
  });
});

describe('credential store migrations [PostgreSQL]', () => {
  // The embedded store's migrations run on every open; the CLI tests reopen one durably.
  it('applies each migration once, however many processes open the store at once', async function () {
    this.timeout(60_000);
    const { databaseOrSkip } = await import('../support/postgres.ts');
    const database = await databaseOrSkip(this);
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' })));
      await Promise.all(stores.map((store) => store.close()));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query('SELECT version, name FROM schema_migrations ORDER BY version');
      await client.end();
      expect(rows).to.deep.equal([{ version: 1, name: 'credentials and usage counters' }]);
    } finally {
      await database.drop();
    }
  });

  it('refuses a database whose schema is newer than the service', async function () {
    this.timeout(60_000);
    const { databaseOrSkip } = await import('../support/postgres.ts');
    const database = await databaseOrSkip(this);
    try {
      await (await openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' })).close();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`INSERT INTO schema_migrations (version, name) VALUES (99, 'from the future')`);
      await client.end();
      await expectRejection(openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' }), /schema version 99, newer than this service knows \(1\)/);
    } finally {
      await database.drop();
    }
  });
});

async function expectRejection(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).message).to.match(pattern);
    return;
  }
  expect.fail(`expected a rejection matching ${pattern}`);
}

/** Whether the token's digest, and the token itself, appear in what the database keeps. */
async function storedText(harness: { kind: string; dataDir: string; databaseUrl: string | undefined }, token: string) {
  const digest = tokenDigest(token);
  if (harness.databaseUrl !== undefined) {
    const client = new pg.Client({ connectionString: harness.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ row: string }>(
        `SELECT row_to_json(c)::text AS row FROM credentials c UNION ALL SELECT row_to_json(u)::text FROM credential_usage u`,
      );
      const text = rows.map((row) => row.row).join('\n');
      return { containsDigest: text.includes(digest), containsToken: text.includes(token) };
    } finally {
      await client.end();
    }
  }
  // The embedded database's files on disk, write-ahead log included.
  const files = listFiles(join(harness.dataDir, 'credentials'));
  const contents = files.map((file) => readFileSync(file).toString('latin1'));
  return { containsDigest: contents.some((text) => text.includes(digest)), containsToken: contents.some((text) => text.includes(token)) };
}

function listFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
