/**
 * Idle time is a `wait` unless the drivers'-hours rules need it as a break.
 *
 * The hours engine writes every idle stretch of 15 minutes or more at a place as a `break`
 * (drivers-hours.md allows it: a long wait earns break credit). For the traffic office that
 * reads a 5-hour gap at a customer's property as rest, this pass keeps a break only where a rule
 * needs it: in time order, each break at a place becomes a wait when the driver's activities
 * still pass every rule (the hours engine's own checker, as the validator runs it); otherwise the
 * shortest break that keeps them legal (15, 30 or 45 minutes from the start of the idle stretch,
 * the rest a wait), or the whole break. Breaks taken en route, inside a drive, are left as they are.
 *
 * Only the kind of idle minutes changes, never a time; a wait counts as working time, so the
 * checker sees exactly what the validator will.
 */
import type { HoursCalendar, HoursActivity } from '../hours/index.ts';
import { checkHours, HOURS_KIND_OF_ACTIVITY } from '../hours/index.ts';
import { dutyActivities } from '../assembly/duty.ts';
import type { Duty } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';

/** Break lengths tried, shortest first, before keeping a break whole (D1's 15 + 30 split and 45; W1's 15). */
const SHORTER_BREAKS = [15, 30, 45];

/** Where a break at a place sits in the plan, and its place in the driver's hours activities. */
interface StopBreak {
  duty: number;
  stop: number;
  activity: number;
  /** Index into the driver's hours activities. */
  position: number;
}

/** The duties with their idle time retyped (copies: the given duties are left as they are). */
export function breaksOnlyWhereNeeded(problem: PlanningProblem, planned: readonly Duty[], calendar: HoursCalendar): Duty[] {
  const byDriver = new Map<number, number[]>();
  planned.forEach((duty, index) => byDriver.set(duty.driver, [...(byDriver.get(duty.driver) ?? []), index]));
  const duties: Duty[] = planned.map((duty) => ({ ...duty, stops: duty.stops.map((stop) => ({ ...stop, activities: [...stop.activities] })) }));
  for (const [driver, indexes] of byDriver) {
    indexes.sort((a, b) => duties[a]!.start - duties[b]!.start);
    retypeDriver(problem, calendar, driver, indexes, duties);
  }
  return duties;
}

function retypeDriver(problem: PlanningProblem, calendar: HoursCalendar, driver: number, indexes: readonly number[], duties: Duty[]): void {
  const start = problem.drivers[driver]!.hours;
  const { activities, breaks } = hoursActivities(problem, calendar, indexes, duties);
  // a driver whose plan does not pass as written is the validator's to report, not ours to touch
  if (breaks.length === 0 || checkHours(start, activities, calendar).length > 0) return;
  const current = [...activities];
  // decided in time order, each seeing the ones before it; a shortened break adds a piece, so
  // later positions shift by `offset`
  const decisions: { at: StopBreak; minutes: number }[] = [];
  let offset = 0;
  for (const at of breaks) {
    const position = at.position + offset;
    const original = current[position]!;
    const length = original.end - original.start;
    // none, then the shortest break on arrival (the stretch's start: the shape models/horizon.mzn
    // states, a break as the drive ends, and the one the hours engine wrote, only shorter)
    const options = [0, ...SHORTER_BREAKS.filter((minutes) => minutes < length)];
    const chosen = options.find((minutes) => {
      const trial = [...current];
      trial.splice(position, 1, ...pieces(original, minutes));
      return checkHours(start, trial, calendar).length === 0;
    });
    if (chosen === undefined) continue;
    const replacement = pieces(original, chosen);
    current.splice(position, 1, ...replacement);
    offset += replacement.length - 1;
    decisions.push({ at, minutes: chosen });
  }
  // the last first: a split adds an activity, which would move the later ones of the same stop
  for (const { at, minutes } of decisions.reverse()) {
    const activities = duties[at.duty]!.stops[at.stop]!.activities;
    const { start: from, end: to } = activities[at.activity]!;
    // the idle minutes that are no break become a wait (a gap at a stop is written as one too)
    activities.splice(at.activity, 1, ...pieces({ kind: 'break', start: from, end: to, ids: [] }, minutes).map(({ kind, start, end }) => ({ kind: kind === 'break' ? ('break' as const) : ('wait' as const), start, end })));
  }
}

/** The idle stretch as a break of `minutes` (0: none) from its start, the rest a wait. */
function pieces(activity: HoursActivity, minutes: number): HoursActivity[] {
  const split = activity.start + minutes;
  const rested: HoursActivity = { ...activity, kind: 'break', end: split };
  const rest: HoursActivity = { ...activity, kind: 'wait', start: split };
  return [rested, rest].filter((piece) => piece.end > piece.start);
}

/**
 * The driver's activities over the given duties as the validator sees them (the assembly's
 * activities, by their hours kind), and where each break at a place is among them.
 */
function hoursActivities(problem: PlanningProblem, calendar: HoursCalendar, indexes: readonly number[], duties: readonly Duty[]): { activities: HoursActivity[]; breaks: StopBreak[] } {
  const activities: HoursActivity[] = [];
  const breaks: StopBreak[] = [];
  const writer = { problem, time: (minute: number) => new Date(calendar.epochMsOf(minute)).toISOString() };
  for (const index of indexes) {
    const duty = duties[index]!;
    const placed = new Map<number, Omit<StopBreak, 'position'>>();
    duty.stops.forEach((stop, stopIndex) =>
      stop.activities.forEach((activity, activityIndex) => {
        if (activity.kind === 'break') placed.set(activity.start, { duty: index, stop: stopIndex, activity: activityIndex });
      }),
    );
    for (const written of dutyActivities(duty, [], writer)) {
      const start = calendar.minuteOf(Date.parse(written.start));
      const end = calendar.minuteOf(Date.parse(written.end));
      const atPlace = written.type === 'break' && written.location_id != null ? placed.get(start) : undefined;
      if (atPlace !== undefined) breaks.push({ ...atPlace, position: activities.length });
      activities.push({ kind: HOURS_KIND_OF_ACTIVITY[written.type], start, end, ids: [] });
    }
  }
  return { activities, breaks };
}
