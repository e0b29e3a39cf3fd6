import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCredentialStore } from '../../src/credentials/index.ts';
import { isDatabaseDirectory, prepareDatabaseDirectory } from '../../src/credentials/pglite-template.ts';
import { credentialRequest } from '../support/credential-stores.ts';

/**
 * A first start copies a pre-initialised database (the template) instead of running initdb;
 * the copy is a working store, and an unusable template only means initdb as before. Real
 * PGlite in temporary directories.
 */
describe('embedded database template', function () {
  this.timeout(300_000);
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'mps-template-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('makes the template once, copies it into each new directory, and leaves an existing database alone', async () => {
    const template = join(root, 'cache', 'pglite');
    const first = join(root, 'a', 'credentials');
    const second = join(root, 'b', 'credentials');
    expect(await prepareDatabaseDirectory(first, template)).to.deep.equal({ preparation: 'copied from template' });
    expect(isDatabaseDirectory(template)).to.equal(true);
    expect(await prepareDatabaseDirectory(second, template)).to.deep.equal({ preparation: 'copied from template' });
    expect(await prepareDatabaseDirectory(second, template)).to.deep.equal({ preparation: 'existing' });
    // nothing half-made is left beside them
    expect(readdirSync(join(root, 'cache'))).to.deep.equal(['pglite']);
    expect(readdirSync(join(root, 'b'))).to.deep.equal(['credentials']);
  });

  it('creates the database in place when the template cannot be made, and says why', async () => {
    const blocked = join(root, 'not-a-directory');
    writeFileSync(blocked, 'a file where the cache directory would go');
    const directory = join(root, 'data', 'credentials');
    const prepared = await prepareDatabaseDirectory(directory, join(blocked, 'pglite'));
    expect(prepared.preparation).to.equal('created (initdb)');
    expect(prepared.templateError).to.be.a('string');
  });

  it('does not copy over a directory that holds other files', async () => {
    const directory = join(root, 'data', 'credentials');
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, 'notes.txt'), 'not a database');
    const prepared = await prepareDatabaseDirectory(directory, join(root, 'cache', 'pglite'));
    expect(prepared.preparation).to.equal('created (initdb)');
    expect(readdirSync(directory)).to.deep.equal(['notes.txt']);
  });

  it('a store opened on a fresh DATA_DIR is copied from the template and keeps what it was given across a reopen', async () => {
    const preparations: string[] = [];
    const open = () => openCredentialStore({ dataDir: root, onEmbeddedPrepared: (preparation) => preparations.push(preparation) });
    let store = await open();
    const issued = await store.issue(credentialRequest({ name: 'kept' }));
    await store.close();
    store = await open();
    try {
      expect((await store.findByToken(issued.token))?.name).to.equal('kept');
    } finally {
      await store.close();
    }
    expect(preparations).to.deep.equal(['copied from template', 'existing']);
  });
});
