import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, toJson } from '../../data-gen/index.ts';

/**
 * SIGTERM to a real service process (`src/main.ts`) while it plans: it stops taking plans,
 * lets the plan run for SHUTDOWN_GRACE_SECONDS, then cancels it (the client gets 503
 * service_stopping in the error envelope) and exits with status 0.
 */
describe('serving: SIGTERM during a solve', function () {
  this.timeout(400_000);
  let child: ChildProcess | undefined;
  let dataDir: string;

  after(() => {
    if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits within the grace (plus the worker stop), answering the plan in flight with 503 service_stopping', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mps-shutdown-'));
    const graceSeconds = 3;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, PLANNING_WORKERS: '1', SHUTDOWN_GRACE_SECONDS: String(graceSeconds), MANIFEST_SOLVE_SECONDS: '60', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const { port, token } = await startedService(child);
    const base = `http://127.0.0.1:${port}`;
    const busy = async () => ((await (await fetch(`${base}/readyz`)).json()) as any).checks.planning.detail.busy;

    const answer = fetch(`${base}/v1/manifests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: toJson(generate({ preset: 'medium', seed: 1 }).snapshot, true),
    });
    while ((await busy()) !== 1) await new Promise((resolve) => setTimeout(resolve, 100));
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    const response = await answer;
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).to.equal(503);
    expect(body.error.code).to.equal('service_stopping');
    expect(body.error.request_id).to.equal(response.headers.get('x-request-id'));
    expect(Date.now() - signalledAt, 'the plan ran on through the grace').to.be.at.least(graceSeconds * 1000 - 200);

    expect(await exited).to.equal(0);
    // the grace, the worker's stop (1 s) and closing; the bound only guards against a hang on a busy machine
    expect(Date.now() - signalledAt).to.be.below((graceSeconds + 30) * 1000);
    await fetch(`${base}/healthz`).then(
      () => expect.fail('the stopped service still answered'),
      (error: Error) => expect(error.message).to.match(/fetch failed/),
    );
  });
});

/** The port from the 'listening' log line and the local credential printed at start-up. */
function startedService(child: ChildProcess): Promise<{ port: number; token: string }> {
  return new Promise((resolve, reject) => {
    let output = '';
    let token: string | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n').slice(0, -1)) {
        token ??= /^local credential \(shown once\): (\S+)$/.exec(line)?.[1];
        if (!line.startsWith('{')) continue;
        const record = JSON.parse(line) as { msg?: string; port?: number };
        if (record.msg === 'listening' && token !== undefined) return resolve({ port: record.port!, token });
      }
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} before listening: ${output}`)));
  });
}
