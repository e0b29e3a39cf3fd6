import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Koa from 'koa';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/index.ts';
import { whileStarting } from '../../src/http/starting.ts';
import { startService } from '../../src/service.ts';

/**
 * Serving while the service starts (issue 17): the process listens at once, /healthz answers
 * while the credential store opens and the planning workers warm up, /readyz says `starting`
 * until both are up and then `ready`, and a request that came early is served once they are.
 */
describe('serving while starting', function () {
  this.timeout(300_000);

  describe('before and after the components are up (http/starting.ts)', () => {
    let server: Server;
    let base: string;
    let start: (handler: ReturnType<Koa['callback']>) => void;
    let fail: (error: Error) => void;

    beforeEach(async () => {
      const started = new Promise<ReturnType<Koa['callback']>>((resolve, reject) => {
        start = resolve;
        fail = reject;
      });
      started.catch(() => undefined);
      server = createServer(whileStarting({ logger: pino({ level: 'silent' }), started, starting: 'opening the store' }));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const app = () => {
      const koa = new Koa();
      koa.use(async (ctx) => {
        ctx.body = ctx.path === '/readyz' ? { status: 'ready' } : { served: ctx.path, body: await new Promise((resolve) => {
          let text = '';
          ctx.req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          ctx.req.on('end', () => resolve(text));
        }) };
      });
      return koa.callback();
    };

    it('answers /healthz and says `starting` on /readyz meanwhile; an early request is served, body and all, once started', async () => {
      expect((await fetch(`${base}/healthz`)).status).to.equal(200);
      const readiness = await fetch(`${base}/readyz`);
      expect(readiness.status).to.equal(503);
      expect(await readiness.json()).to.deep.include({ status: 'starting' });
      const early = fetch(`${base}/v1/manifests`, { method: 'POST', body: 'the snapshot' });
      await new Promise((resolve) => setTimeout(resolve, 100)); // it is waiting, not refused
      start(app());
      const answered = await early;
      expect(answered.status).to.equal(200);
      expect(await answered.json()).to.deep.equal({ served: '/v1/manifests', body: 'the snapshot' });
      expect(await (await fetch(`${base}/readyz`)).json()).to.deep.equal({ status: 'ready' });
    });

    it('says `failed` when start-up fails and answers other requests 503 with the envelope', async () => {
      fail(new Error('no database'));
      await new Promise((resolve) => setImmediate(resolve));
      const readiness = await fetch(`${base}/readyz`);
      expect(readiness.status).to.equal(503);
      expect(await readiness.json()).to.deep.include({ status: 'failed' });
      expect((await fetch(`${base}/healthz`)).status).to.equal(200);
      const refused = await fetch(`${base}/v1/manifests`, { method: 'POST', body: '{}' });
      expect(refused.status).to.equal(503);
      expect(((await refused.json()) as any).error.code).to.equal('dependency_unavailable');
    });
  });

  it('a whole service on a fresh DATA_DIR: /healthz answers as soon as it listens, /readyz goes from `starting` to `ready` and never back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mps-starting-'));
    const logLines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const service = await startService(loadConfig({ PORT: '0', DATA_DIR: dataDir, PLANNING_WORKERS: '1' }), pino({ level: 'info' }, sink));
    let ready = false;
    void service.ready.then(() => (ready = true));
    try {
      const base = `http://127.0.0.1:${service.port}`;
      expect((await fetch(`${base}/healthz`)).status).to.equal(200);
      const seen: string[] = [];
      for (let settled = 0; settled < 3; ) {
        const { status } = (await (await fetch(`${base}/readyz`)).json()) as { status: string };
        if (seen.at(-1) !== status) seen.push(status);
        if (ready) settled += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // `starting` is seen unless the machine opened everything before the first probe
      expect(seen.filter((status) => status !== 'starting')).to.deep.equal(['ready']);
      expect(seen.at(-1)).to.equal('ready');
      const opened = logLines.map((line) => JSON.parse(line) as { msg: string; preparation?: string }).find((line) => line.msg === 'embedded credential database opened');
      expect(opened?.preparation).to.equal('copied from template');
    } finally {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
