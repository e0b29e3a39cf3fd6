/**
 * Runs a suite of credential tests twice: against the embedded store (PGlite in a temporary
 * DATA_DIR) and against a real PostgreSQL server (test/support/postgres.ts). Each kind of
 * store is opened once per test run and shared; tests isolate themselves by issuing their own
 * credentials. Time comes from `clock`, which tests may pin and move.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCredentialStore, NO_LIMITS, type CredentialRequest, type CredentialStore } from '../../src/credentials/index.ts';
import { beforeServerStops, databaseOrSkip, type TestDatabase } from './postgres.ts';

/** Real time unless pinned; `advance` moves a pinned clock. */
export class TestClock {
  private pinned: Date | undefined;
  now = (): Date => (this.pinned === undefined ? new Date() : new Date(this.pinned));
  pin(instant: string | Date): void {
    this.pinned = new Date(instant);
  }
  advance(ms: number): void {
    this.pinned = new Date((this.pinned ?? new Date()).getTime() + ms);
  }
  release(): void {
    this.pinned = undefined;
  }
}

export const clock = new TestClock();

export type StoreKind = 'embedded' | 'postgresql';

export interface StoreHarness {
  kind: StoreKind;
  store: CredentialStore;
  /** The options the service would use to reach this store (DATA_DIR or DATABASE_URL). */
  dataDir: string;
  databaseUrl: string | undefined;
}

interface Opened {
  harness: StoreHarness;
  close(): Promise<void>;
}

const opened = new Map<StoreKind, Promise<Opened>>();

async function openEmbedded(): Promise<Opened> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mps-credentials-'));
  const store = await openCredentialStore({ dataDir, clock: clock.now });
  return {
    harness: { kind: 'embedded', store, dataDir, databaseUrl: undefined },
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(database: TestDatabase): Promise<Opened> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mps-credentials-unused-'));
  const store = await openCredentialStore({ databaseUrl: database.url, dataDir, clock: clock.now });
  return {
    harness: { kind: 'postgresql', store, dataDir, databaseUrl: database.url },
    close: async () => {
      await store.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Defines `body` once per kind of store; `harness` is filled in before the suite's tests run. */
export function describeEachStore(title: string, body: (harness: StoreHarness) => void): void {
  for (const kind of ['embedded', 'postgresql'] as const) {
    describe(`${title} [${kind === 'embedded' ? 'embedded PGlite' : 'PostgreSQL'}]`, function () {
      const harness = { kind } as StoreHarness;
      before(async function () {
        this.timeout(120_000);
        let open = opened.get(kind);
        if (open === undefined) {
          open = kind === 'embedded' ? openEmbedded() : databaseOrSkip(this).then(openPostgres);
          opened.set(kind, open);
          open.catch(() => opened.delete(kind));
        }
        Object.assign(harness, (await open).harness);
      });
      afterEach(() => clock.release());
      body(harness);
    });
  }
}

/** A credential request with every operation and no limits of its own, overridden by `changes`. */
export function credentialRequest(changes: Partial<Omit<CredentialRequest, 'limits'>> & { limits?: Partial<CredentialRequest['limits']> } = {}): CredentialRequest {
  return {
    name: 'test',
    environment: 'test',
    operations: ['manifests', 'booking_checks', 'usage'],
    expires_at: null,
    ...changes,
    limits: { ...NO_LIMITS, ...changes.limits },
  };
}

async function closeAll(): Promise<void> {
  const all = [...opened.values()];
  opened.clear();
  for (const open of all) await (await open.catch(() => undefined))?.close();
}

beforeServerStops(closeAll);
