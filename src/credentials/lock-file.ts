/**
 * An exclusive lock on the embedded database directory, held by one process while it has the
 * database open. PGlite has no inter-process locking of its own, and two processes writing
 * one data directory would corrupt it.
 *
 * The lock is a file beside the directory (PGlite wants the directory to itself) naming the
 * holder's pid and, on Linux, the holder's start time, so that a lock left by a process that
 * died is recognised as stale even when its pid has been reused (as after a container restart).
 */
import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';

export class DatabaseInUseError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The embedded credential database in ${directory} is in use by process ${pid}. ` +
        'Only one process may open it: the credentials CLI reaches a running service through its control socket (DATA_DIR/control/credentials.sock); otherwise stop the process that holds it, or share a PostgreSQL server through DATABASE_URL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

interface Holder {
  pid: number;
  /** Start time of the process in clock ticks since boot (Linux), when known. */
  start: string | null;
}

/** Directories this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

/** Takes the lock on `directory` or throws `DatabaseInUseError`; resolves to its release. */
export async function acquireLock(directory: string): Promise<() => Promise<void>> {
  const path = `${directory}.lock`;
  const me: Holder = { pid: process.pid, start: startTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(path, JSON.stringify(me), { flag: 'wx' });
      held.add(directory);
      return async () => {
        held.delete(directory);
        await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseHolder(await readFile(path, 'utf8').catch(() => ''));
      if (holder !== undefined && isRunning(holder, directory)) throw new DatabaseInUseError(directory, holder.pid);
      await rm(path, { force: true }); // left behind by a process that no longer runs
    }
  }
  throw new Error(`Cannot take the lock file ${path}; remove it if no process uses the database.`);
}

function isRunning(holder: Holder, directory: string): boolean {
  if (holder.pid === process.pid) return held.has(directory);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startTime(holder.pid);
  return holder.start === null || start === null || start === holder.start;
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(value.pid) && (value.pid as number) > 0 ? { pid: value.pid as number, start: typeof value.start === 'string' ? value.start : null } : undefined;
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
