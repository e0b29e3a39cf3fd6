import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, DatabaseInUseError } from '../../src/credentials/lock-file.ts';

describe('embedded database lock file', () => {
  let root: string;
  let directory: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mps-lock-'));
    directory = join(root, 'credentials');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const startOf = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };
  const writeLock = (pid: number, start: string | null) => writeFileSync(`${directory}.lock`, JSON.stringify({ pid, start }));

  it('is exclusive while held, also within one process, and free again once released', async () => {
    const release = await acquireLock(directory);
    expect(JSON.parse(readFileSync(`${directory}.lock`, 'utf8')).pid).to.equal(process.pid);
    await acquireLock(directory).then(
      () => expect.fail('a second holder'),
      (error) => expect(error).to.be.instanceOf(DatabaseInUseError),
    );
    await release();
    await (await acquireLock(directory))();
  });

  it('refuses while another live process holds it', async () => {
    writeLock(process.ppid, startOf(process.ppid) ?? null);
    await acquireLock(directory).then(
      () => expect.fail('taken from a live holder'),
      (error) => expect((error as Error).message).to.include(`in use by process ${process.ppid}`),
    );
  });

  it('takes over a lock left by a process that has exited', async () => {
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeLock(Number(exited.stdout), '1');
    await (await acquireLock(directory))();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a restart)', async () => {
    writeLock(process.ppid, '1');
    await (await acquireLock(directory))();
    writeLock(process.pid, startOf(process.pid) ?? null); // an earlier incarnation that had our pid
    await (await acquireLock(directory))();
  });
});
