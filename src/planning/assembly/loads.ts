import type { Duty, Plan } from '../plan/types.ts';

/** How a stop activity changes what is on the lorry. */
export function applyToLoad(load: Set<string>, activity: Duty['stops'][number]['activities'][number]): void {
  if (activity.kind === 'pickup') activity.nuggetIds.forEach((id) => load.add(id));
  else if (activity.kind === 'delivery' || activity.kind === 'yard_work') activity.nuggetIds.forEach((id) => load.delete(id));
}

/**
 * The Nuggets on each duty's lorry when the duty starts. Lorries start the period empty, and a
 * lorry keeps its load from one duty to the next (a collected empty may stay on board).
 */
export function loadsAtDutyStart(plan: Plan): string[][] {
  const byLorry = plan.duties.map((duty, index) => ({ duty, index })).sort((a, b) => a.duty.lorry - b.duty.lorry || a.duty.start - b.duty.start);
  const loads: string[][] = new Array(plan.duties.length);
  let lorry = -1;
  let load = new Set<string>();
  for (const { duty, index } of byLorry) {
    if (duty.lorry !== lorry) {
      lorry = duty.lorry;
      load = new Set();
    }
    loads[index] = [...load];
    for (const stop of duty.stops) for (const activity of stop.activities) applyToLoad(load, activity);
  }
  return loads;
}
