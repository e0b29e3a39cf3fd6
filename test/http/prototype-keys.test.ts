/**
 * `__proto__` and `constructor` keys in a request body are unknown properties like any other:
 * 422 `validation_failed` with their exact path, never a 400 for the whole body, and they never
 * reach an object's prototype. Real Koa app, real parser, real credential store, real HTTP.
 */
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCredentialStore, type CredentialStore } from '../../src/credentials/index.ts';
import { startCredentialApp, type RunningApp } from '../support/credential-app.ts';
import { readExample } from '../support/service.ts';
import { credentialRequest } from '../support/credential-stores.ts';

describe('prototype keys in a request body', function () {
  this.timeout(300_000); // creating the embedded database takes 20-100 s on a loaded 2-core machine
  let dataDir: string;
  let store: CredentialStore;
  let app: RunningApp;
  let token: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mps-proto-'));
    store = await openCredentialStore({ dataDir });
    app = await startCredentialApp({ store, environment: 'test' });
    token = (await store.issue(credentialRequest({ environment: 'test' }))).token;
  });
  after(async () => {
    await app?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The tiny example as text with `"KEY": VALUE` written first into the object that `marker` opens. */
  function withKey(marker: string, key: string, value: string): string {
    const text = JSON.stringify(readExample('tiny.json'));
    const at = text.indexOf(marker) + marker.length;
    return `${text.slice(0, at)}"${key}": ${value}, ${text.slice(at)}`;
  }

  const post = (body: string) =>
    fetch(`${app.baseUrl}/v1/manifests`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body });

  const cases = [
    { key: '__proto__', marker: '{', path: ['__proto__'] },
    { key: 'constructor', marker: '{', path: ['constructor'] },
    { key: '__proto__', marker: '"drivers":[{', path: ['drivers', 0, '__proto__'] },
    { key: 'constructor', marker: '"movements":[{', path: ['movements', 0, 'constructor'] },
    { key: '\\u005f_proto__', marker: '"planning_period":{', path: ['planning_period', '__proto__'] },
  ];
  for (const { key, marker, path } of cases) {
    it(`"${key}" at ${path.join('.')} is an unknown property (422 with its path)`, async () => {
      const response = await post(withKey(marker, key, '{"polluted": true, "availability": "destroyed"}'));
      const body = (await response.json()) as any;
      expect(response.status, JSON.stringify(body)).to.equal(422);
      expect(body.error.code).to.equal('validation_failed');
      expect(body.error.details).to.deep.include({ path, code: 'unknown_property', message: `'${path.at(-1)}' is not a known property here` });
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype untouched').to.equal(undefined);
    });
  }
});
