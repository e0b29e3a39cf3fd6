import type { JourneyMatrix } from '../../journey/types.ts';

/** What normalisation needs of the journey data. */
export type JourneyTimes = Pick<JourneyMatrix, 'placeIds' | 'minutes' | 'km'>;

/**
 * The journey matrices re-indexed to the problem's places. The journey data may list the places
 * in another order or hold more; a missing place is a bug of the pipeline, not of the request.
 */
export function travelMatrices(journey: JourneyTimes, placeIds: readonly string[]): { minutes: number[][]; km: number[][] } {
  const position = new Map(journey.placeIds.map((id, index) => [id, index]));
  const rows = placeIds.map((id) => {
    const row = position.get(id);
    if (row === undefined) throw new Error(`planning: the journey data has no entry for place '${id}'`);
    return row;
  });
  const pick = (matrix: number[][]) => rows.map((row) => rows.map((column) => matrix[row]![column]!));
  return { minutes: pick(journey.minutes), km: pick(journey.km) };
}
