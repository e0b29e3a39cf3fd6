import type { JourneyMatrix } from '../../journey/types.ts';

/** What the validator needs of the journey data: whole driving minutes between two place ids (NaN when unknown). */
export interface JourneyMinutes {
  minutes(fromId: string, toId: string): number;
}

/** Reads a journey matrix (any provider's) as `JourneyMinutes`. */
export function journeyFromMatrix(matrix: Pick<JourneyMatrix, 'placeIds' | 'minutes'>): JourneyMinutes {
  const index = new Map(matrix.placeIds.map((id, position) => [id, position]));
  return {
    minutes(fromId, toId) {
      const from = index.get(fromId);
      const to = index.get(toId);
      return from === undefined || to === undefined ? Number.NaN : (matrix.minutes[from]?.[to] ?? Number.NaN);
    },
  };
}
