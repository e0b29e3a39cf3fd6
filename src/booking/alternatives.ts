/**
 * Alternative windows: the proposed legs' windows moved later, keeping their length, inside the
 * planning period (later the same day first, then the following days at the same local time);
 * all legs moved together (combined), then, for a booking of several legs, one leg at a time.
 * An alternative is returned only when the same check finds a validated plan for it.
 */
import { DateTime } from 'luxon';
import type { BookingCheckAlternative, MovementLeg as ValidatedLeg, Snapshot, Window } from '../contract/index.ts';
import { createHoursCalendar } from '../planning/hours/index.ts';
import type { UnplannedLeg } from '../planning/plan/types.ts';
import { precheckContext } from '../planning/prechecks/context.ts';
import { buildPlanningProblem, type JourneyTimes } from '../planning/problem/index.ts';
import { findPlan, precheckProposed } from './decide.ts';
import type { BuiltPlan } from './planning/build.ts';
import { bookingPlanValidator } from './validate.ts';

/** Later the same day: these many hours after the proposed time. */
const SAME_DAY_HOURS = [1, 2, 3, 4, 6, 8];
/** Following days, at the same local time. */
const LATER_DAYS = [1, 2, 3, 4, 5, 6, 7];

export interface AlternativeSearch {
  snapshot: Snapshot;
  journey: JourneyTimes;
  /** The plan of the accepted legs alone (windows of proposed legs do not change it). */
  accepted: BuiltPlan;
  rejected: UnplannedLeg[];
  /** Epoch ms: no candidate is started after it. */
  deadline: number;
  maxCount: number;
  signal?: AbortSignal;
}

/** A move of the proposed windows: `shift(instant)` gives the moved start. */
interface Shift {
  label: string;
  move(start: DateTime): DateTime;
}

function shifts(): Shift[] {
  return [
    ...SAME_DAY_HOURS.map((hours) => ({ label: `+${hours}h`, move: (start: DateTime) => start.plus({ hours }) })),
    ...LATER_DAYS.map((days) => ({ label: `+${days}d`, move: (start: DateTime) => start.plus({ days }) })),
  ];
}

/** The window that stands for the leg (move_nugget: its pickup window). */
function primaryWindow(leg: ValidatedLeg): Window {
  return leg.type === 'move_nugget' ? leg.pickup_window : leg.window;
}

/** The leg with its windows moved so that its primary window starts at `start`; null when it would leave the planning period or its day. */
function moved(leg: ValidatedLeg, shift: Shift, snapshot: Snapshot): ValidatedLeg | null {
  const zone = snapshot.timezone;
  const primary = primaryWindow(leg);
  const from = DateTime.fromISO(primary.start, { setZone: true }).setZone(zone);
  const to = shift.move(from);
  const offsetMs = to.toMillis() - from.toMillis();
  const move = (window: Window): Window => ({
    start: to.plus({ milliseconds: Date.parse(window.start) - from.toMillis() }).toISO({ suppressMilliseconds: true })!,
    end: to.plus({ milliseconds: Date.parse(window.end) - from.toMillis() }).toISO({ suppressMilliseconds: true })!,
  });
  const periodEnd = Date.parse(snapshot.planning_period.end);
  const sameDayOnly = shift.label.endsWith('h');
  const fits = (window: Window) =>
    Date.parse(window.end) <= periodEnd && (!sameDayOnly || DateTime.fromISO(window.start, { zone }).hasSame(from, 'day'));
  if (offsetMs <= 0) return null;
  if (leg.type === 'move_nugget') {
    const pickup = move(leg.pickup_window);
    const arrival = leg.arrival_window == null ? leg.arrival_window : move(leg.arrival_window);
    if (!fits(pickup) || (arrival != null && Date.parse(arrival.end) > periodEnd)) return null;
    return { ...leg, pickup_window: pickup, arrival_window: arrival };
  }
  const window = move(leg.window);
  return fits(window) ? { ...leg, window } : null;
}

interface Candidate {
  legs: ValidatedLeg[];
}

function candidates(snapshot: Snapshot): Candidate[] {
  const proposed = snapshot.new_movements ?? [];
  const result: Candidate[] = [];
  const seen = new Set<string>();
  const add = (legs: (ValidatedLeg | null)[]) => {
    if (legs.some((leg) => leg === null)) return;
    const complete = legs as ValidatedLeg[];
    const key = JSON.stringify(complete.map(primaryWindow));
    if (seen.has(key)) return;
    seen.add(key);
    result.push({ legs: complete });
  };
  for (const shift of shifts()) add(proposed.map((leg) => moved(leg, shift, snapshot)));
  if (proposed.length > 1) {
    for (const [index, leg] of proposed.entries()) {
      for (const shift of shifts()) add(proposed.map((other, k) => (k === index ? moved(leg, shift, snapshot) : other)));
    }
  }
  return result;
}

/** Verified alternatives, nearest first, at most `maxCount`. */
export function searchAlternatives(search: AlternativeSearch): BookingCheckAlternative[] {
  const found: BookingCheckAlternative[] = [];
  for (const candidate of candidates(search.snapshot)) {
    if (found.length >= search.maxCount || Date.now() >= search.deadline || search.signal?.aborted === true) break;
    const snapshot: Snapshot = { ...search.snapshot, new_movements: candidate.legs };
    const problem = buildPlanningProblem(snapshot, search.journey);
    if (precheckProposed(problem) !== null) continue;
    const decision = findPlan({
      problem,
      calendar: createHoursCalendar(problem.timezone, problem.originEpochMs),
      precheckContext: precheckContext(problem),
      accepted: search.accepted,
      rejected: search.rejected,
      validate: bookingPlanValidator(snapshot, problem),
      deadline: search.deadline,
      ...(search.signal === undefined ? {} : { signal: search.signal }),
    });
    if (decision?.status !== 'feasible') continue;
    const windows = candidate.legs.map(primaryWindow);
    found.push({
      proposed_window: {
        start: windows.reduce((first, window) => (Date.parse(window.start) < Date.parse(first) ? window.start : first), windows[0]!.start),
        end: windows.reduce((last, window) => (Date.parse(window.end) > Date.parse(last) ? window.end : last), windows[0]!.end),
      },
      movement_windows: candidate.legs.map((leg) => ({ movement_id: leg.id, window: primaryWindow(leg) })),
      requires_full_replan: decision.requiresFullReplan,
    });
  }
  return found;
}
