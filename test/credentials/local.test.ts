import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalCredential, LOCAL_CREDENTIAL_NAME, openCredentialStore, type CredentialStore, type IssuedCredential } from '../../src/credentials/index.ts';
import { credentialRequest } from '../support/credential-stores.ts';
import { databaseOrSkip } from '../support/postgres.ts';

/** The quick-start credential needs an empty store, so these tests open fresh ones. */
describe('the local quick-start credential', function () {
  this.timeout(120_000);

  async function expectIssuedOnlyOnce(store: CredentialStore, issued: IssuedCredential | undefined): Promise<void> {
    expect(issued?.token).to.match(/^mps_local_/);
    expect(issued).to.deep.include({ name: LOCAL_CREDENTIAL_NAME, environment: 'local', operations: ['manifests', 'booking_checks', 'usage'], expires_at: null });
    expect((await store.findByToken(issued!.token))?.id).to.equal(issued!.id);
    expect(await ensureLocalCredential(store, 'local'), 'not again once the store holds a credential').to.equal(undefined);
    await store.revoke(issued!.id);
    expect(await ensureLocalCredential(store, 'local'), 'not even when that one is revoked').to.equal(undefined);
    expect(await store.list()).to.have.length(1);
  }

  it('is issued once, only into an empty embedded store', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mps-local-'));
    const store = await openCredentialStore({ dataDir });
    try {
      await expectIssuedOnlyOnce(store, await ensureLocalCredential(store, 'local'));
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is issued once into an empty PostgreSQL store, even by several processes starting together', async function () {
    const database = await databaseOrSkip(this);
    const stores = await Promise.all([1, 2, 3].map(() => openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' })));
    try {
      const issued = (await Promise.all(stores.map((store) => ensureLocalCredential(store, 'local')))).filter((credential) => credential !== undefined);
      expect(issued).to.have.length(1);
      await expectIssuedOnlyOnce(stores[0]!, issued[0]);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    }
  });

  it('is not issued into a store that already holds a credential', async function () {
    const database = await databaseOrSkip(this);
    const store = await openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' });
    try {
      await store.issue(credentialRequest({ environment: 'staging' }));
      expect(await ensureLocalCredential(store, 'local')).to.equal(undefined);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
