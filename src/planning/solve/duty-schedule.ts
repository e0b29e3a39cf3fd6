/**
 * A route of the day instance turned into a plan duty with legal drivers'-hours: the hours engine
 * (src/planning/hours `scheduleBlocks`) places the breaks the routing model only reserved room
 * for, and the result is laid out as `PlanStop`s. When no legal schedule is found, the stop that
 * could not be placed is named so that its leg can be taken out (repair).
 */
import { scheduleBlocks, type HoursCalendar, type HoursTracker, type ScheduleBlock, type SchedulePiece } from '../hours/index.ts';
import type { Duty, PlanStop, StopActivity } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import type { DayRequest } from './day-instance.ts';
import type { DutySlot } from './duties.ts';
import type { RouteStop } from '../../routing/index.ts';

/** One handling at a place, in route order. */
interface Visit {
  place: number;
  /** Index into the day's requests. */
  request: number;
  kind: 'pickup' | 'delivery' | 'yard_work';
  minutes: number;
  earliest: number;
  latest: number;
  /** The lorry must leave the place by then (collect_empty `must_clear_by`). */
  leaveBy: number | null;
}

/** What each block of the schedule stands for. */
type BlockRole = { kind: 'check' } | { kind: 'drive'; to: number } | { kind: 'handle'; visit: number };

export type DutyOutcome =
  | { ok: true; duty: Duty; tracker: HoursTracker }
  | { ok: false; /** Request (day index) whose stop failed, or null when the duty as a whole failed. */ request: number | null; reason: string };

function visitsOf(problem: PlanningProblem, requests: readonly DayRequest[], route: readonly RouteStop[], windows: (r: number, kind: 'pickup' | 'delivery') => { earliest: number; latest: number }): Visit[] {
  return route.map((stop) => {
    const request = requests[stop.request]!;
    const unit = problem.units[request.unit]!;
    const pickup = stop.kind === 'pickup';
    const window = windows(stop.request, stop.kind);
    return {
      place: pickup ? request.pickupPlace : request.deliveryPlace,
      request: stop.request,
      kind: pickup ? 'pickup' : request.toWarehouse ? 'yard_work' : 'delivery',
      minutes: unit.size * (pickup ? unit.pickupMinutesPerNugget : unit.deliveryMinutesPerNugget),
      earliest: window.earliest,
      latest: window.latest,
      leaveBy: pickup ? unit.mustClearBy : null,
    };
  });
}

/** Schedules one duty: walk-round check from `checkStart`, the visits in order, back to the duty's place. */
export function scheduleDuty(
  problem: PlanningProblem,
  calendar: HoursCalendar,
  tracker: HoursTracker,
  slot: DutySlot,
  requests: readonly DayRequest[],
  route: readonly RouteStop[],
  windows: (r: number, kind: 'pickup' | 'delivery') => { earliest: number; latest: number },
  checkStart: number,
): DutyOutcome {
  const travel = problem.travelMinutes;
  const visits = visitsOf(problem, requests, route, windows);
  const blocks: ScheduleBlock[] = [{ kind: 'work', minutes: problem.walkRoundCheckMinutes, earliest: checkStart }];
  const roles: BlockRole[] = [{ kind: 'check' }];
  let at = slot.place;
  const driveTo = (place: number) => {
    if (place === at) return;
    const minutes = travel[at]![place]!;
    // places at the same stop (0 minutes apart) get no drive; the layout still opens a new stop
    if (minutes > 0) {
      blocks.push({ kind: 'drive', minutes });
      roles.push({ kind: 'drive', to: place });
    }
    at = place;
  };
  for (const [index, visit] of visits.entries()) {
    driveTo(visit.place);
    blocks.push({ kind: 'work', minutes: visit.minutes, earliest: visit.earliest, latest: visit.latest });
    roles.push({ kind: 'handle', visit: index });
  }
  driveTo(slot.place);
  const result = scheduleBlocks(problem.drivers[slot.driver]!.hours, calendar, blocks, { readyAt: checkStart, tracker });
  if (!result.ok) {
    const role = roles[result.block];
    let request: number | null = null;
    for (let index = result.block; index < roles.length && request === null; index += 1) {
      const r = roles[index]!;
      if (r.kind === 'handle') request = visits[r.visit]!.request;
    }
    if (request === null && role?.kind !== 'check') request = visits[visits.length - 1]?.request ?? null;
    return { ok: false, request, reason: `${result.rule}: ${result.message}` };
  }
  // idle time before the duty (since the driver's previous duty) is off duty, not part of this one:
  // the checker counts such a gap as the break it is
  const pieces = result.pieces.flatMap((piece) => {
    if ((piece.kind !== 'break' && piece.kind !== 'wait') || piece.start >= slot.window.start) return [piece];
    return piece.end - slot.window.start >= 15 && piece.kind === 'break' ? [{ ...piece, start: slot.window.start }] : [];
  });
  const firstBusy = pieces.findIndex((piece) => piece.kind === 'drive' || piece.kind === 'work');
  const duty = layOut(problem, slot, requests, visits, roles, pieces.slice(Math.max(0, firstBusy === -1 ? 0 : pieces.slice(0, firstBusy).every((p) => p.start >= slot.window.start) ? 0 : firstBusy)));
  if (duty.end > slot.window.end) {
    return { ok: false, request: visits[visits.length - 1]?.request ?? null, reason: 'the duty ends after the driver or lorry is available' };
  }
  for (const [index, stop] of duty.stops.entries()) {
    for (const activity of stop.activities) {
      if (activity.kind !== 'pickup') continue;
      const leaveBy = problem.units[activity.unit]!.mustClearBy;
      if (leaveBy !== null && stop.depart > leaveBy) {
        const visit = visits.find((v) => requests[v.request]!.unit === activity.unit);
        return { ok: false, request: visit?.request ?? null, reason: `stop ${index} is left after must_clear_by` };
      }
    }
  }
  return { ok: true, duty, tracker: result.tracker };
}

/** Lays the schedule's pieces out as stops: drives between them, everything else at a place or en route. */
function layOut(
  problem: PlanningProblem,
  slot: DutySlot,
  requests: readonly DayRequest[],
  visits: readonly Visit[],
  roles: readonly BlockRole[],
  pieces: readonly SchedulePiece[],
): Duty {
  const first = pieces[0]!;
  const stops: PlanStop[] = [{ place: slot.place, arrive: first.start, depart: first.start, enRouteBreaks: [], activities: [] }];
  let current = stops[0]!;
  let driving: { block: number; stop: PlanStop } | null = null;
  let pendingBreaks: { start: number; end: number }[] = [];
  for (const piece of pieces) {
    const role = roles[piece.block]!;
    if (piece.kind === 'drive') {
      if (driving === null || driving.block !== piece.block) {
        // leaving the current place
        current.depart = piece.start;
        const target = role.kind === 'drive' ? role.to : current.place;
        const next: PlanStop = { place: target, arrive: piece.end, depart: piece.end, enRouteBreaks: [], activities: [] };
        stops.push(next);
        driving = { block: piece.block, stop: next };
        current = next;
      } else {
        driving.stop.enRouteBreaks.push(...pendingBreaks);
      }
      pendingBreaks = [];
      driving.stop.arrive = piece.end;
      driving.stop.depart = piece.end;
      continue;
    }
    if ((piece.kind === 'break' || piece.kind === 'wait') && driving !== null && role.kind === 'drive' && driving.block === piece.block) {
      // a break that cuts this drive: en route, unless the drive does not resume (then at the place)
      pendingBreaks.push({ start: piece.start, end: piece.end });
      continue;
    }
    if (pendingBreaks.length > 0) {
      for (const pause of pendingBreaks) current.activities.push({ kind: 'break', ...pause });
      pendingBreaks = [];
    }
    driving = null;
    if (piece.kind === 'break' || piece.kind === 'wait') {
      current.activities.push({ kind: piece.kind === 'break' ? 'break' : 'wait', start: piece.start, end: piece.end });
    } else if (role.kind === 'check') {
      current.activities.push({ kind: 'service', start: piece.start, end: piece.end });
    } else if (role.kind === 'handle') {
      const visit = visits[role.visit]!;
      if (visit.place !== current.place) {
        // reached without driving (same stop): a new stop all the same
        const next: PlanStop = { place: visit.place, arrive: piece.start, depart: piece.start, enRouteBreaks: [], activities: [] };
        current.depart = Math.max(current.depart, piece.start);
        stops.push(next);
        current = next;
      }
      const request = requests[visit.request]!;
      const nuggetIds = request.nuggets.map((n) => problem.nuggets[n]!.id);
      const activity: StopActivity =
        visit.kind === 'yard_work'
          ? { kind: 'yard_work', unit: request.unit, nuggetIds, start: piece.start, end: piece.end }
          : { kind: visit.kind, unit: request.unit, nuggetIds, start: piece.start, end: piece.end };
      current.activities.push(activity);
    }
    current.depart = Math.max(current.depart, piece.end);
  }
  for (const pause of pendingBreaks) current.activities.push({ kind: 'break', ...pause });
  const last = stops[stops.length - 1]!;
  for (const activity of last.activities) last.depart = Math.max(last.depart, activity.end);
  if (last.place !== slot.place) {
    // back to the duty's place without driving (same stop)
    stops.push({ place: slot.place, arrive: last.depart, depart: last.depart, enRouteBreaks: [], activities: [] });
  }
  const end = stops[stops.length - 1]!.depart;
  return { driver: slot.driver, lorry: slot.lorry, start: stops[0]!.arrive, end, stops: mergeSamePlace(stops) };
}

/** Consecutive stops at one place (a 0-minute drive) become one stop. */
function mergeSamePlace(stops: PlanStop[]): PlanStop[] {
  const merged: PlanStop[] = [];
  for (const stop of stops) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && previous.place === stop.place && stop.enRouteBreaks.length === 0 && stop.arrive === previous.depart) {
      previous.activities.push(...stop.activities);
      previous.depart = stop.depart;
      continue;
    }
    merged.push(stop);
  }
  return merged;
}
