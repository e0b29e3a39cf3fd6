/**
 * The solver-independent plan: what the orchestration of the models produces and manifest
 * assembly (`assembleManifests`) turns into the response's manifests. All times are integer
 * minutes from `planning_period.start`; places, units, drivers and lorries are indexes into the
 * `PlanningProblem`; Nuggets are named by id.
 *
 * Shape of a duty (a driver with one lorry, from the walk-round check to the last activity):
 *
 *   stops[0]            at the duty's start place; its first activity is the `service` check
 *   drive to stops[1]   departs stops[0].depart, arrives stops[1].arrive, driving exactly
 *                       travelMinutes[p0][p1] minutes, cut by stops[1].enRouteBreaks if any
 *   stops[1]            activities tile [arrive, depart] in time order; a gap is a `wait`
 *   ...
 *   stops[n-1]          its depart is the duty's end
 *
 * So `stops[i+1].arrive - stops[i].depart = travelMinutes + total length of stops[i+1].enRouteBreaks`,
 * and consecutive stops are at different places (a 0-minute journey between two places at the
 * same stop is allowed and gives no drive activity).
 *
 * A driver who changes lorry ends one duty and starts another (with its own `service` check) at
 * the same place; the drivers'-hours duty (between daily rests) may therefore span several
 * plan duties. Duties of one driver do not overlap.
 */
import type { ReasonCode } from '../../contract/reasons.ts';
import type { Minute } from '../problem/types.ts';

export interface Plan {
  /** Sorted by driver, then start. */
  duties: Duty[];
  /** Legs (by index) not served, each with its reason. A leg is either served by every unit or listed here. */
  unplanned: UnplannedLeg[];
}

export interface Duty {
  driver: number;
  lorry: number;
  /** Start of the walk-round check (= stops[0].arrive). */
  start: Minute;
  /** End of the last activity (= the last stop's depart). */
  end: Minute;
  /** At least one stop; stops[0] is the start place. */
  stops: PlanStop[];
}

export interface PlanStop {
  place: number;
  /** When the lorry reaches the place (for stops[0], the duty start). */
  arrive: Minute;
  /** When it leaves (for the last stop, the duty end). */
  depart: Minute;
  /** Breaks taken during the drive into this stop (driving resumes after each), in order; empty for stops[0]. */
  enRouteBreaks: TimeSpan[];
  /** What happens at the place, in time order, inside [arrive, depart]; uncovered minutes are waits. */
  activities: StopActivity[];
}

export interface TimeSpan {
  start: Minute;
  end: Minute;
}

/** Loading or unloading of Nuggets for one unit. */
export interface HandlingActivity extends TimeSpan {
  /** `pickup`: loaded for the unit's leg; `delivery`: unloaded at the unit's delivery place. */
  kind: 'pickup' | 'delivery';
  unit: number;
  /** Nugget ids handled (their count times the minutes per Nugget is the length). */
  nuggetIds: string[];
}

/**
 * Warehouse handling that completes no leg: unloading a collected empty at a warehouse
 * (`unit` is the collect_empty unit) or moving Nuggets in the yard (`unit` null).
 */
export interface YardWorkActivity extends TimeSpan {
  kind: 'yard_work';
  unit: number | null;
  nuggetIds: string[];
}

/** Walk-round check: the first activity of every duty, `walkRoundCheckMinutes` long. */
export interface ServiceActivity extends TimeSpan {
  kind: 'service';
}

/** A drivers'-hours break at the place (>= 15 minutes). */
export interface BreakActivity extends TimeSpan {
  kind: 'break';
}

/** Idle until a window opens (`wait`) or for another reason such as place capacity (`hold`). */
export interface IdleActivity extends TimeSpan {
  kind: 'wait' | 'hold';
}

export type StopActivity = HandlingActivity | YardWorkActivity | ServiceActivity | BreakActivity | IdleActivity;

export interface UnplannedLeg {
  leg: number;
  reasonCode: ReasonCode;
  /** Specific human detail appended to the catalogue meaning (ids, times); optional. */
  detail?: string;
}
