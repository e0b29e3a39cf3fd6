import type { PlanningWarning, Snapshot } from '../../contract/index.ts';

/** Snapshot data read longer than this before the planning period starts is provisional. */
export const OPERATIONAL_DATA_MAX_AGE_HOURS = 24;
const HOUR_MS = 3_600_000;

/**
 * `operational_data_provisional` (docs/warnings.md): the plan rests on data that may no longer
 * hold when the work starts, either because the snapshot was read more than 24 h before the
 * planning period starts, or because the period had already begun when it was read (work may
 * then be planned before `data_as_of`, on facts that were already out of date).
 */
export function stalenessWarning(snapshot: Pick<Snapshot, 'data_as_of' | 'planning_period'>): PlanningWarning | null {
  const readAt = Date.parse(snapshot.data_as_of);
  const periodStart = Date.parse(snapshot.planning_period.start);
  const ageHours = (periodStart - readAt) / HOUR_MS;
  if (ageHours > OPERATIONAL_DATA_MAX_AGE_HOURS) {
    return {
      code: 'operational_data_provisional',
      message: `The snapshot was read ${Math.floor(ageHours)} h before the planning period starts (more than ${OPERATIONAL_DATA_MAX_AGE_HOURS} h); the plan is provisional until it is re-run on current data.`,
      affected_ids: [],
    };
  }
  if (readAt > periodStart) {
    return {
      code: 'operational_data_provisional',
      message: 'The snapshot was read after the planning period had started; work planned before data_as_of rests on data that was already out of date.',
      affected_ids: [],
    };
  }
  return null;
}
