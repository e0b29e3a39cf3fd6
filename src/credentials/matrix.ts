/**
 * Road-matrix relations (ordered pairs of distinct stops whose journey data a request needs)
 * are charged after the request is validated and before any journey data is fetched.
 *
 * Both refusals are 429: the spec lists relations among the trial allowances, and its 429
 * means "trial allowance exceeded". Neither carries Retry-After, because waiting changes
 * nothing: the per-request limit needs a smaller request, the lifetime one a new credential.
 * A refused request is charged nothing (all or nothing).
 */
import { ServiceError } from '../contract/errors.ts';
import { available } from './available.ts';
import { effectiveLimits, type Credential, type ServiceLimits } from './model.ts';
import type { CredentialStore } from './store.ts';

export async function chargeMatrixRelations(store: CredentialStore, credential: Credential, relations: number, serviceLimits: ServiceLimits): Promise<void> {
  if (!Number.isSafeInteger(relations) || relations < 0) throw new Error(`Matrix relations must be a non-negative integer, not ${relations}.`);
  const limits = effectiveLimits(credential.limits, serviceLimits);
  const perRequest = limits.matrix_relations_per_request;
  if (perRequest !== null && relations > perRequest) {
    throw new ServiceError(
      'matrix_relations_per_request_exceeded',
      `This request needs ${relations} road-matrix relations (ordered pairs of distinct stops); the credential allows ${perRequest} per request.`,
    );
  }
  if (relations === 0) return;
  const charge = await available(() => store.chargeMatrixRelations(credential.id, relations, limits.matrix_relations_total));
  if (charge.outcome === 'exhausted') {
    const remaining = Math.max(0, (limits.matrix_relations_total ?? 0) - charge.used);
    throw new ServiceError(
      'matrix_relations_exhausted',
      `This request needs ${relations} road-matrix relations; ${remaining} of the credential's ${limits.matrix_relations_total} remain.`,
    );
  }
}
