import type { PrecheckReasonCode } from '../../../contract/reasons.ts';
import type { ProblemLeg } from '../../problem/index.ts';
import type { PrecheckContext } from '../context.ts';
import type { LegTiming } from '../timing.ts';

export interface Rejection {
  reasonCode: PrecheckReasonCode;
  /** The specifics (ids, times) behind the code. */
  detail: string;
}

/** What a check sees of one leg; `timing` is computed on first use. */
export interface LegUnderCheck {
  leg: ProblemLeg;
  context: PrecheckContext;
  timing(): LegTiming;
}

/** A sound necessary condition: null when it holds, a rejection when no plan can serve the leg. */
export type Check = (subject: LegUnderCheck) => Rejection | null;

/** A minute as an ISO instant (UTC), for details. */
export const instant = (subject: LegUnderCheck, minute: number): string =>
  new Date(subject.context.problem.originEpochMs + minute * 60_000).toISOString();
