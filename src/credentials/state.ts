import type { Credential } from './model.ts';

/** What the enforcement leaves on `ctx.state` for later middleware and the planner. */
export interface CredentialState {
  credential: Credential;
  /** For the request log. */
  credentialId: string;
}

/** The credential `requireCredential` put on the request state; a programming error when absent. */
export function credentialOf(state: Record<string, unknown>): Credential {
  const credential = state.credential as Credential | undefined;
  if (credential === undefined) throw new Error('No authenticated credential on this request: mount require(operation) first.');
  return credential;
}
