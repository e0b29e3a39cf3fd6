import { OPERATIONS } from '../contract/schemas/usage.ts';
import { NO_LIMITS, type IssuedCredential } from './model.ts';
import type { CredentialStore } from './store.ts';

export const LOCAL_CREDENTIAL_NAME = 'local quick start';

/**
 * For the quick start: when the store holds no credential at all, issues one for `environment`
 * with every operation and only the service's default limits, and returns it (with its token)
 * for the caller to print once. Returns undefined otherwise, so a revoked quick-start
 * credential is not silently replaced on the next start. The caller decides whether the
 * environment wants this (ISSUE_LOCAL_CREDENTIAL, on by default only in `local`).
 */
export function ensureLocalCredential(store: CredentialStore, environment: string): Promise<IssuedCredential | undefined> {
  return store.issueIfEmpty({ name: LOCAL_CREDENTIAL_NAME, environment, operations: [...OPERATIONS], expires_at: null, limits: NO_LIMITS });
}
