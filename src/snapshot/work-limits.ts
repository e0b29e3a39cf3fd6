/**
 * Limits on the sizes that multiply planning work and that the schema's array bounds do not
 * cover, checked before any other work on a request (README, "Limits"). Beyond one: 422 with
 * the field's path and a stable detail code.
 */
import type { ErrorDetail, Snapshot } from '../contract/index.ts';
import { toEpochMs } from './date-time.ts';

/**
 * The longest planning period: every operating day is decomposed, routed and scheduled, so the
 * work grows with the days. Five whole weeks (35 days) cover the spec's multi-day use (a week's,
 * a fortnight's or a calendar month's plan, with the drivers'-hours fixed weeks and refreshes
 * across it); the largest data-gen preset plans 14 days, the spec-limit test snapshot 32.
 */
export const MAX_PLANNING_PERIOD_DAYS = 35;

const DAY_MS = 86_400_000;

export function workLimitDetails(snapshot: Snapshot): ErrorDetail[] {
  const days = (toEpochMs(snapshot.planning_period.end) - toEpochMs(snapshot.planning_period.start)) / DAY_MS;
  if (days <= MAX_PLANNING_PERIOD_DAYS) return [];
  return [
    {
      path: ['planning_period'],
      code: 'period_too_long',
      message: `The planning period lasts ${Math.ceil(days)} days; at most ${MAX_PLANNING_PERIOD_DAYS} are planned in one request (split the period).`,
    },
  ];
}
