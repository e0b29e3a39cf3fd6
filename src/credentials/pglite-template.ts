/**
 * A pre-initialised PGlite data directory, so that a first start (a fresh DATA_DIR) copies a
 * database instead of running initdb. initdb is most of the cost of creating the embedded
 * database: seconds on a quiet machine, ~100 s on a heavily loaded one, where copying the 40 MB
 * directory takes well under a second.
 *
 * The template is what `new PGlite(directory)` leaves after initdb, made by this very PGlite
 * version (the version names the template), and closed cleanly; a PostgreSQL data directory
 * that is not in use may be copied. It is kept beside the installed package in
 * `node_modules/.cache/manifest-planning-service/`, made by the first start on the
 * installation (or the Docker build) and shared by every DATA_DIR after it. Where that cache
 * cannot be written (a read-only image), the database is created in place as before.
 *
 * Both steps write to a temporary sibling and rename it into place, so an interrupted copy or
 * template never looks like a database, and processes racing to make one keep the first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { installCacheDirectory } from '../config/install-cache.ts';

/** How the database directory came to be there when it was opened. */
export type Preparation = 'existing' | 'copied from template' | 'created (initdb)';

/** Where the template of the installed PGlite lives: node_modules/.cache/manifest-planning-service/pglite-<version>. */
export function templateDirectory(): string | undefined {
  // the package's exports hide its package.json; its entry lies in <package>/dist/
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let directory = dirname(entry);
  while (!existsSync(join(directory, 'package.json'))) directory = dirname(directory);
  const { version } = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { version: string };
  const cache = installCacheDirectory(entry);
  return cache === undefined ? undefined : join(cache, `pglite-${version}`);
}

export function isDatabaseDirectory(directory: string): boolean {
  return existsSync(join(directory, 'PG_VERSION'));
}

/** Makes the template when it does not exist yet (initdb in a temporary directory, then renamed into place). */
export async function ensureTemplate(template: string): Promise<void> {
  if (isDatabaseDirectory(template)) return;
  const building = temporarySibling(template);
  await mkdir(building, { recursive: true });
  try {
    const db = new PGlite(building);
    await db.waitReady;
    await db.close();
    await renameUnlessPresent(building, template);
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

/**
 * Makes `directory` a database: nothing to do when it is one; otherwise a copy of the template
 * (made first if needed), unless there is none to use. Returns how it went; `created (initdb)` means the template could not
 * be used and PGlite will create the database in place when it opens it.
 */
export async function prepareDatabaseDirectory(directory: string, template: string | undefined): Promise<{ preparation: Preparation; templateError?: string }> {
  if (isDatabaseDirectory(directory)) return { preparation: 'existing' };
  if (template === undefined) {
    await mkdir(directory, { recursive: true });
    return { preparation: 'created (initdb)' };
  }
  try {
    await ensureTemplate(template);
    const copying = temporarySibling(directory);
    try {
      await cp(template, copying, { recursive: true });
      // an empty directory (made by an earlier version or attempt) gives way; anything in it stops the copy
      await rmdir(directory).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(copying, directory);
    } finally {
      await rm(copying, { recursive: true, force: true });
    }
    return { preparation: 'copied from template' };
  } catch (error) {
    await mkdir(directory, { recursive: true });
    return { preparation: 'created (initdb)', templateError: (error as Error).message };
  }
}

function temporarySibling(path: string): string {
  return `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}

async function renameUnlessPresent(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    // another process made it first (rename onto a non-empty directory fails): keep theirs
    if (!isDatabaseDirectory(to)) throw error;
  }
}
