import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Credential, IssuedCredential, openCredentialStore } from '../../src/credentials/index.ts';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runCredentialsCommand } from '../../src/credentials/commands.ts';
import { createAjv } from '../../src/snapshot/ajv.ts';
import { describeEachStore } from '../support/credential-stores.ts';
import { databaseOrSkip } from '../support/postgres.ts';

const ajv = createAjv();
const isIssued = ajv.compile(IssuedCredential);
const isCredential = ajv.compile(Credential);

describeEachStore('credentials CLI commands', (harness) => {
  /** Runs one command in process against the harness store; returns exit code and output. */
  async function cli(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    let opened = false;
    const code = await runCredentialsCommand(argv, {
      serviceEnvironment: 'test',
      withStore: (work) => {
        opened = true;
        return work(harness.store);
      },
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr, opened, json: code === EXIT_OK && /^[[{]/.test(stdout) ? JSON.parse(stdout) : undefined };
  }

  it('issue prints one JSON object with the token, and the token works', async () => {
    const result = await cli(
      'issue', '--name', 'acme', '--environment', 'test', '--operations', 'manifests,usage', '--expires-at', '2099-01-01T00:00:00+01:00',
      '--requests-per-minute', '6', '--total-requests', '100', '--matrix-relations-per-request', '2500',
      '--matrix-relations-total', '50000', '--max-manifest-solve-seconds', '20', '--max-booking-check-solve-seconds', '4',
    );
    expect(result.code, result.stderr).to.equal(EXIT_OK);
    expect(isIssued(result.json), JSON.stringify(isIssued.errors)).to.equal(true);
    expect(result.json).to.deep.include({
      name: 'acme',
      environment: 'test',
      operations: ['manifests', 'usage'],
      expires_at: '2098-12-31T23:00:00.000Z',
      revoked_at: null,
      limits: {
        requests_per_minute: 6,
        total_requests: 100,
        matrix_relations_per_request: 2500,
        matrix_relations_total: 50000,
        max_manifest_solve_seconds: 20,
        max_booking_check_solve_seconds: 4,
      },
    });
    expect(result.json.token).to.match(/^mps_test_/);
    expect(result.stderr).to.include('only this once');
    expect((await harness.store.findByToken(result.json.token))?.id).to.equal(result.json.id);
  });

  it('issue defaults to the service environment, every operation and the service default limits', async () => {
    const { json } = await cli('issue');
    expect(json).to.deep.include({ environment: 'test', operations: ['manifests', 'booking_checks', 'usage'], expires_at: null });
    expect(Object.values(json.limits).every((limit) => limit === null)).to.equal(true);
  });

  it('list prints every credential as JSON, never a token', async () => {
    const issued = (await cli('issue', '--name', 'to be listed')).json;
    const result = await cli('list');
    expect(result.code).to.equal(EXIT_OK);
    expect(result.json.every((credential: unknown) => isCredential(credential))).to.equal(true);
    expect(result.json.map((credential: { id: string }) => credential.id)).to.include(issued.id);
    expect(result.stdout).not.to.include(issued.token);
    expect(result.stdout).not.to.match(/mps_test_/);
  });

  it('revoke <id> revokes and prints the credential; an unknown id fails', async () => {
    const issued = (await cli('issue')).json;
    const result = await cli('revoke', issued.id);
    expect(result.code).to.equal(EXIT_OK);
    expect(result.json.id).to.equal(issued.id);
    expect(result.json.revoked_at).to.be.a('string');
    expect((await harness.store.findByToken(issued.token))?.revoked_at).to.equal(result.json.revoked_at);
    const unknown = await cli('revoke', 'cred_doesnotexist');
    expect(unknown.code).to.equal(EXIT_FAILED);
    expect(unknown.stderr).to.include('cred_doesnotexist');
  });

  const badCommandLines: [string, string[], RegExp][] = [
    ['no command', [], /usage:/],
    ['an unknown command', ['delete'], /unknown command "delete"/],
    ['an unknown option', ['issue', '--colour', 'red'], /Unknown option '--colour'/],
    ['an option without its value', ['issue', '--name'], /argument missing/],
    ['a stray argument', ['issue', 'extra'], /unexpected argument "extra"/],
    ['a zero limit', ['issue', '--total-requests', '0'], /--total-requests must be an integer from 1/],
    ['a fractional limit', ['issue', '--requests-per-minute', '1.5'], /--requests-per-minute must be an integer/],
    ['a negative limit', ['issue', '--matrix-relations-total=-5'], /--matrix-relations-total must be an integer/],
    ['a limit too large', ['issue', '--max-manifest-solve-seconds', '99999999999'], /--max-manifest-solve-seconds must be an integer from 1 to 2147483647/],
    ['an unknown operation', ['issue', '--operations', 'manifests,teleport'], /Unknown operation "teleport"/],
    ['an empty operation list', ['issue', '--operations', ''], /empty entry/],
    ['an invalid environment', ['issue', '--environment', 'Prod_1'], /environment "Prod_1" must match/],
    ['a date without offset', ['issue', '--expires-at', '2099-01-01T00:00:00'], /not an ISO 8601 date-time with an offset/],
    ['a date in the past', ['issue', '--expires-at', '2020-01-01T00:00:00Z'], /not in the future/],
    ['an empty name', ['issue', '--name', ' '], /name must be 1 to 200 characters/],
    ['revoke without an id', ['revoke'], /expected 1 argument/],
    ['revoke with two ids', ['revoke', 'a', 'b'], /expected 1 argument/],
    ['list with an argument', ['list', 'all'], /unexpected argument "all"/],
  ];
  for (const [what, argv, message] of badCommandLines) {
    it(`refuses ${what} with exit code 2 and a clear message, without opening the store`, async () => {
      const result = await cli(...argv);
      expect(result.code).to.equal(EXIT_USAGE);
      expect(result.stderr).to.match(message);
      expect(result.stdout).to.equal('');
      expect(result.opened).to.equal(false);
    });
  }

  it('help goes to stdout with exit code 0', async () => {
    const result = await cli('--help');
    expect(result.code).to.equal(EXIT_OK);
    expect(result.stdout).to.include('npm run --silent credentials -- issue');
  });
});

describe('credentials CLI as a process', function () {
  this.timeout(120_000);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const cliPath = join(root, 'src/credentials/cli.ts');
  let dataDir: string;

  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mps-cli-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  function run(command: string, args: string[], env: Record<string, string>) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(command, args, { cwd: root, env: { ...process.env, SERVICE_ENVIRONMENT: 'local', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }
  const credentials = (args: string[], env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', cliPath, ...args], env);

  it('issue (through npm) and revoke work on the embedded store under DATA_DIR, durably across processes', async () => {
    const issued = await run('npm', ['run', '--silent', 'credentials', '--', 'issue', '--name', 'durable', '--total-requests', '10'], { DATA_DIR: dataDir });
    expect(issued.code, issued.stderr).to.equal(0);
    const credential = JSON.parse(issued.stdout);
    expect(credential.token).to.match(/^mps_local_/);

    const revoked = await credentials(['revoke', credential.id], { DATA_DIR: dataDir });
    expect(revoked.code, revoked.stderr).to.equal(0);

    const store = await openCredentialStore({ dataDir });
    try {
      expect((await store.findByToken(credential.token))?.revoked_at).to.equal(JSON.parse(revoked.stdout).revoked_at);
      // While this process holds the embedded database, another may not open it.
      const blocked = await credentials(['list'], { DATA_DIR: dataDir });
      expect(blocked.code).to.equal(1);
      expect(blocked.stderr).to.match(/in use by process \d+/);
    } finally {
      await store.close();
    }
  });

  it('writes nothing, not even the data directory, for a bad command line', async () => {
    const fresh = join(dataDir, 'never-created');
    const result = await credentials(['issue', '--total-requests', 'lots'], { DATA_DIR: fresh });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('--total-requests must be an integer');
    expect(existsSync(fresh)).to.equal(false);
  });

  it('works on PostgreSQL through DATABASE_URL', async function () {
    const database = await databaseOrSkip(this);
    try {
      const issued = await credentials(['issue', '--environment', 'staging'], { DATABASE_URL: database.url, DATA_DIR: join(dataDir, 'unused') });
      expect(issued.code, issued.stderr).to.equal(0);
      const credential = JSON.parse(issued.stdout);
      const store = await openCredentialStore({ databaseUrl: database.url, dataDir: '/nonexistent' });
      try {
        expect((await store.findByToken(credential.token))?.environment).to.equal('staging');
      } finally {
        await store.close();
      }
      expect(existsSync(join(dataDir, 'unused'))).to.equal(false);
    } finally {
      await database.drop();
    }
  });

  it('fails with a clear message, without the password, when PostgreSQL cannot be reached', async () => {
    const result = await credentials(['list'], { DATABASE_URL: 'postgresql://someone:s3cret-pw@127.0.0.1:1/nowhere' });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('Cannot connect to the PostgreSQL server given by DATABASE_URL');
    expect(result.stderr).not.to.include('s3cret-pw');
  });
});
