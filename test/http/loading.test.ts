import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen, whileLoading } from '../../src/http/loading.ts';

/**
 * The process's first handler (main.ts), while the service's modules load: /healthz answers,
 * /readyz says `starting`, and any other request waits, unread, for the service's handler.
 * Real HTTP on loopback.
 */
describe('serving while the service loads (http/loading.ts)', () => {
  let server: Server;
  let base: string;
  let loading: ReturnType<typeof whileLoading>;

  beforeEach(async () => {
    loading = whileLoading('loading the service');
    server = createServer(loading.handler);
    await listen(server, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers /healthz 200 and /readyz 503 `starting`, with a request id, before anything else is loaded', async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).to.equal(200);
    expect(await health.json()).to.deep.equal({ status: 'ok' });
    expect(health.headers.get('x-request-id')).to.be.a('string').and.not.equal('');
    const readiness = await fetch(`${base}/readyz?verbose=1`);
    expect(readiness.status).to.equal(503);
    expect(await readiness.json()).to.deep.equal({ status: 'starting', checks: { startup: { ok: false, detail: 'loading the service' } } });
  });

  it('holds other requests and hands them, body unread, to the handler it is given; then that handler serves everything', async () => {
    const early = fetch(`${base}/v1/manifests`, { method: 'POST', body: 'the snapshot' });
    await new Promise((resolve) => setTimeout(resolve, 100)); // it waits, it is not refused
    loading.handOver((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => response.end(JSON.stringify({ path: request.url, body })));
    });
    expect(await (await early).json()).to.deep.equal({ path: '/v1/manifests', body: 'the snapshot' });
    expect(await (await fetch(`${base}/healthz`)).json()).to.deep.equal({ path: '/healthz', body: '' });
  });
});
