import type { PlanningWarning } from '../contract/index.ts';
import { DETOUR_FACTOR, MANOEUVRING_MINUTES, SPEED_BANDS } from './estimator.ts';

const topSpeedKmh = SPEED_BANDS[SPEED_BANDS.length - 1]!.kmh;

/** Carried by every estimator answer; `affected_ids` is empty because every journey is affected. */
export function provisionalWarning(): PlanningWarning {
  return {
    code: 'routing_profile_provisional',
    message:
      `Journey times and distances are estimated from straight-line distance (detour factor ${DETOUR_FACTOR}, ` +
      `HGV speeds up to ${topSpeedKmh} km/h, ${MANOEUVRING_MINUTES} minutes of manoeuvring per journey), not taken from road data.`,
    affected_ids: [],
  };
}

/** Added when the provider had no road data for some pairs; lists the places at either end of them. */
export function incompleteWarning(estimatedPairs: number, totalPairs: number, affectedIds: string[]): PlanningWarning {
  return {
    code: 'routing_profile_incomplete',
    message:
      `The journey-data provider had no road data for ${estimatedPairs} of ${totalPairs} journeys between the affected places; ` +
      'those journeys were estimated from straight-line distance.',
    affected_ids: affectedIds,
  };
}
