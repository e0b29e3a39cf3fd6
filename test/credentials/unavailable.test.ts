import { expect } from 'chai';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { openCredentialStore, type CredentialStore } from '../../src/credentials/index.ts';
import { startCredentialApp, type RunningApp } from '../support/credential-app.ts';
import { credentialRequest } from '../support/credential-stores.ts';
import { databaseOrSkip, type TestDatabase } from '../support/postgres.ts';

/** A TCP relay to the database that the test can cut and restore, like a network failure. */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

describe('credential store unreachable [PostgreSQL]', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  let relay: Relay;
  let store: CredentialStore;
  let service: RunningApp;

  before(async function () {
    database = await databaseOrSkip(this);
    const url = new URL(database.url);
    relay = new Relay({ host: url.hostname, port: Number(url.port) });
    await relay.open();
    const viaRelay = new URL(database.url);
    viaRelay.port = String(relay.port);
    store = await openCredentialStore({ databaseUrl: viaRelay.toString(), dataDir: '/nonexistent' });
    service = await startCredentialApp({ store, environment: 'test' });
  });
  after(async () => {
    await service?.close();
    await store?.close();
    await database?.drop();
  });

  it('answers 503 dependency_unavailable while the database cannot be reached, and serves again once it can', async () => {
    const { token } = await store.issue(credentialRequest());
    const plan = () => fetch(`${service.baseUrl}/v1/manifests`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect((await plan()).status).to.equal(422);

    await relay.cut();
    const refused = await plan();
    expect(refused.status).to.equal(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).to.equal('dependency_unavailable');
    expect((await fetch(`${service.baseUrl}/v1/usage`, { headers: { Authorization: `Bearer ${token}` } })).status).to.equal(503);

    await relay.open();
    expect((await plan()).status).to.equal(422);
  });
});
