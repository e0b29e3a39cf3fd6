import type { PlannedActivity } from '../../contract/index.ts';
import type { Duty, HandlingActivity, PlanStop, StopActivity } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { applyToLoad } from './loads.ts';

interface Writer {
  problem: PlanningProblem;
  time(minute: number): string;
}

/**
 * The activities of one duty, in time order: at each stop what happens there with the gaps
 * written as waits, and between stops the drive, cut by en-route breaks. A drive is exactly the
 * journey time; if the plan leaves the lorry more time than that, the rest is a wait on arrival.
 */
export function dutyActivities(duty: Duty, initialLoad: readonly string[], writer: Writer): PlannedActivity[] {
  const { problem } = writer;
  const lorryId = problem.lorries[duty.lorry]!.id;
  const placeId = (place: number) => problem.places[place]!.id;
  const load = new Set(initialLoad);
  const activities: PlannedActivity[] = [];
  const push = (type: PlannedActivity['type'], start: number, end: number, fields: Partial<PlannedActivity>) =>
    activities.push({ type, start: writer.time(start), end: writer.time(end), lorry_id: lorryId, ...fields });

  duty.stops.forEach((stop, index) => {
    let arrivalWait = 0;
    if (index > 0) arrivalWait = writeJourney(duty.stops[index - 1]!, stop, { problem, push, placeId, load });
    const location = { location_id: placeId(stop.place) };
    let cursor = stop.arrive - arrivalWait;
    const ordered = mergeHandling([...stop.activities].sort((a, b) => a.start - b.start || a.end - b.end), problem);
    ordered.forEach((activity, position) => {
      if (activity.start > cursor) push('wait', cursor, activity.start, { ...location, ...waitingFor(ordered[position], problem) });
      writeStopActivity(activity, { problem, push, location });
      applyToLoad(load, activity);
      cursor = Math.max(cursor, activity.end);
    });
    if (stop.depart > cursor) push('wait', cursor, stop.depart, location);
  });
  return activities;
}

type Push = (type: PlannedActivity['type'], start: number, end: number, fields: Partial<PlannedActivity>) => void;

/** Writes the drive from one stop to the next; returns the minutes the lorry arrived early (written as a wait by the caller). */
function writeJourney(from: PlanStop, to: PlanStop, { problem, push, placeId, load }: { problem: PlanningProblem; push: Push; placeId: (place: number) => string; load: Set<string> }): number {
  const journey = problem.travelMinutes[from.place]![to.place]!;
  const drive = { from_location_id: placeId(from.place), to_location_id: placeId(to.place), nugget_ids: [...load] };
  let cursor = from.depart;
  let driven = 0;
  let pieces = 0;
  for (const pause of to.enRouteBreaks) {
    if (pause.start > cursor) {
      push('drive', cursor, pause.start, drive);
      driven += pause.start - cursor;
      pieces++;
    }
    push('break', pause.start, pause.end, { location_id: null });
    cursor = pause.end;
  }
  const remaining = Math.max(0, journey - driven);
  const end = Math.min(to.arrive, cursor + remaining);
  // Even a journey of no minutes (two places at one stop) is a drive: it is how the lorry changes place.
  if (end > cursor || pieces === 0) push('drive', cursor, end, drive);
  return to.arrive - end;
}

function writeStopActivity(activity: StopActivity, { problem, push, location }: { problem: PlanningProblem; push: Push; location: { location_id: string } }): void {
  switch (activity.kind) {
    case 'pickup':
    case 'delivery':
      push(activity.kind, activity.start, activity.end, { ...location, ...legOf(activity.unit, problem), nugget_ids: activity.nuggetIds });
      return;
    case 'yard_work':
      push('yard_work', activity.start, activity.end, { ...location, ...(activity.unit === null ? {} : legOf(activity.unit, problem)), nugget_ids: activity.nuggetIds });
      return;
    case 'service':
    case 'break':
    case 'wait':
    case 'hold':
      push(activity.kind, activity.start, activity.end, location);
  }
}

const legOf = (unit: number, problem: PlanningProblem) => {
  const { movementId, bookingId } = problem.units[unit]!;
  return { movement_id: movementId, booking_id: bookingId };
};

/** A wait names the leg whose pickup or delivery it waits for. */
const waitingFor = (next: StopActivity | undefined, problem: PlanningProblem) =>
  next !== undefined && (next.kind === 'pickup' || next.kind === 'delivery') ? legOf(next.unit, problem) : {};

/** Back-to-back pickups (or deliveries) for units of one leg read as one activity. */
function mergeHandling(activities: StopActivity[], problem: PlanningProblem): StopActivity[] {
  const legOfUnit = (unit: number) => problem.units[unit]!.leg;
  const merged: StopActivity[] = [];
  for (const activity of activities) {
    const last = merged[merged.length - 1];
    if (last !== undefined && isHandling(last) && isHandling(activity) && last.kind === activity.kind && last.end === activity.start && legOfUnit(last.unit) === legOfUnit(activity.unit)) {
      merged[merged.length - 1] = { ...last, end: activity.end, nuggetIds: [...last.nuggetIds, ...activity.nuggetIds] };
    } else merged.push(activity);
  }
  return merged;
}

const isHandling = (activity: StopActivity): activity is HandlingActivity => activity.kind === 'pickup' || activity.kind === 'delivery';
