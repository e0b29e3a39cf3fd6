/** GET /v1/usage: the authenticated credential's limits, use and what remains. Never the token. */
import type { Context } from 'koa';
import { POLICY_VERSION } from '../contract/schemas/response.ts';
import type { TrialLimits, UsageResponse } from '../contract/schemas/usage.ts';
import { available } from './available.ts';
import type { AccessControlOptions } from './enforcement.ts';
import { credentialOf } from './state.ts';
import { effectiveLimits, type Credential } from './model.ts';
import { MINUTE_MS, type UsageCounters } from './store.ts';

export function usageHandler(options: AccessControlOptions) {
  return async function reportUsage(ctx: Context): Promise<void> {
    const credential = credentialOf(ctx.state);
    const counters = await available(() => options.store.usage(credential.id));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = usageResponse(credential, effectiveLimits(credential.limits, options.limits), counters, options.store.clock());
  };
}

export function usageResponse(credential: Credential, limits: TrialLimits, counters: UsageCounters, now: Date): UsageResponse {
  return {
    credential_id: credential.id,
    environment: credential.environment,
    operations: credential.operations,
    expires_at: credential.expires_at,
    limits,
    used: {
      requests_this_minute: counters.requestsThisMinute,
      total_requests: counters.totalRequests,
      matrix_relations: counters.matrixRelations,
    },
    remaining: {
      requests_this_minute: remaining(limits.requests_per_minute, counters.requestsThisMinute),
      total_requests: remaining(limits.total_requests, counters.totalRequests),
      matrix_relations: remaining(limits.matrix_relations_total, counters.matrixRelations),
    },
    minute_resets_at: new Date(counters.minuteStart.getTime() + MINUTE_MS).toISOString(),
    metadata: { generated_at: now.toISOString(), policy_version: POLICY_VERSION },
  };
}

function remaining(limit: number | null, used: number): number | null {
  return limit === null ? null : Math.max(0, limit - used);
}
