/**
 * The credentials CLI while the service runs on the embedded store (issue 17): the CLI, a
 * separate process, issues a second credential through the running service's owner-only control
 * socket; the credential works at once; `show` and `list` see it; after `revoke` the very next
 * request gets 401. No restart. The socket is reachable by the service's user alone.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { controlSocketPath } from '../../src/credentials/index.ts';
import { startTestService, type TestService } from '../support/service.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cliPath = join(root, 'src/credentials/cli.ts');

describe('credentials CLI while the service serves on the embedded store', function () {
  this.timeout(240_000);
  let service: TestService;

  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    await service?.stop();
  });

  function credentials(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, SERVICE_ENVIRONMENT: 'local', DATA_DIR: service.dataDir };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', cliPath, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }
  const usage = (token: string) => fetch(`${service.baseUrl}/v1/usage`, { headers: { Authorization: `Bearer ${token}` } });

  it('issues, shows, lists and revokes a credential while serving; the revocation holds from the next request', async () => {
    const issued = await credentials('issue', '--name', 'second', '--total-requests', '50');
    expect(issued.code, issued.stderr).to.equal(0);
    const credential = JSON.parse(issued.stdout);
    expect(credential.token).to.match(/^mps_local_/);
    expect(credential.limits.total_requests).to.equal(50);

    const served = await usage(credential.token);
    expect(served.status).to.equal(200);
    expect(((await served.json()) as any).limits.total_requests).to.equal(50);

    const shown = await credentials('show', credential.id);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(JSON.parse(shown.stdout)).to.include({ id: credential.id, name: 'second', revoked_at: null });
    expect(shown.stdout).to.not.include(credential.token);
    const listed = await credentials('list');
    expect(JSON.parse(listed.stdout).map((item: { id: string }) => item.id)).to.include(credential.id);

    const revoked = await credentials('revoke', credential.id);
    expect(revoked.code, revoked.stderr).to.equal(0);
    const refused = await usage(credential.token);
    expect(refused.status).to.equal(401);
    expect(((await refused.json()) as any).error.code).to.equal('credential_revoked');
    expect((await usage(service.token)).status, 'the first credential still works').to.equal(200);
    expect(service.logLines.join('\n')).to.not.include(credential.token);
  });

  it('refuses a bad command line inside the service with exit code 2, as without a service', async () => {
    const result = await credentials('issue', '--total-requests', 'many');
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/--total-requests must be an integer/);
  });

  it('listens on a socket only its owner can reach (directory 0700, socket 0600)', () => {
    const socket = controlSocketPath(service.dataDir);
    expect(statSync(socket).isSocket()).to.equal(true);
    expect(statSync(socket).mode & 0o777).to.equal(0o600);
    expect(statSync(join(service.dataDir, 'control')).mode & 0o777).to.equal(0o700);
  });
});
