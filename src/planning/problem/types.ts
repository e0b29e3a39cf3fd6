/**
 * The normalised planning problem: what the models, the orchestration, the pre-checks and the
 * booking check work on. Built once per request by `buildPlanningProblem(snapshot, journey)`.
 *
 * Time: every time is an integer `Minute` from `planning_period.start` (minute 0), computed on
 * UTC instants. Instants are rounded towards the inside of what they allow: the start of an
 * allowed interval is rounded up, its end down, so an integer plan inside the minute window is
 * inside the real one. Windows are inclusive at both ends and clipped to [0, horizon]; a window
 * with nothing inside the planning period has `start > end` (the pre-checks reject its leg).
 *
 * Indexes: places, nuggets, legs, units, drivers and lorries are referred to by their index in
 * the arrays below (`index` equals the array position). Ids are kept for output.
 */
import type { EmptySource, HandlingMethod, LegType, NuggetAvailability, PlaceType } from '../../contract/index.ts';
import type { DriverHoursStart } from '../hours/index.ts';

/** Integer minutes from `planning_period.start`. May be negative for instants before it. */
export type Minute = number;

/** Inclusive at both ends. Empty when `start > end`. */
export interface MinuteWindow {
  start: Minute;
  end: Minute;
}

export interface PlanningProblem {
  /** Epoch milliseconds of `planning_period.start`: minute 0. */
  originEpochMs: number;
  /** IANA timezone of the snapshot (operating days, fixed weeks, output offsets). */
  timezone: string;
  /** `planning_period.end` in minutes (rounded down): every plan lies in [0, horizon]. */
  horizon: Minute;
  /** Length of the walk-round check (`service`) at every duty start and lorry change. */
  walkRoundCheckMinutes: number;
  calendar: Calendar;
  /** The places the plan may visit: exactly `placesNeedingJourneys(snapshot)`, in that order. */
  places: ProblemPlace[];
  /** `travelMinutes[i][j]`: driving minutes from place i to place j, as plans use them (the journey matrix). */
  travelMinutes: number[][];
  /** `travelKm[i][j]`: road distance in km. */
  travelKm: number[][];
  nuggets: ProblemNugget[];
  /**
   * The empties any deliver_empty of that `empty_source` may take, besides the Nuggets reserved
   * for it (`Unit.empties.reserved`): in service, off-hire, reserved for no leg, named by no
   * move_nugget; `warehouse_only` ones at a warehouse. Ordered by place index, then Nugget id.
   * Use `candidateEmpties(problem, unit)` for one unit's full list.
   */
  emptyPools: Record<EmptySource, EmptyCandidate[]>;
  /** Every leg: accepted `movements` first (in order), then proposed `new_movements`. */
  legs: ProblemLeg[];
  /** The legs expanded into the units the models route; `legs[l].units` lists a leg's units. */
  units: Unit[];
  drivers: ProblemDriver[];
  lorries: ProblemLorry[];
}

/** Local-time structure of the planning period, from the snapshot `timezone`. */
export interface Calendar {
  /** Operating days (local 00:00 to the next local 00:00, 23 to 25 h) that overlap [0, horizon], in order. */
  days: CalendarSpan[];
  /** Fixed weeks (local Monday 00:00 to the next Monday 00:00) that overlap [0, horizon], in order. */
  weeks: CalendarSpan[];
  /** Local 00:00-04:00 intervals (rule W3) that overlap [0, horizon], in order. */
  nights: CalendarSpan[];
}

/** [start, end): half-open, unclipped (start may be negative, end may exceed the horizon). */
export interface CalendarSpan {
  start: Minute;
  end: Minute;
  /** Local date of the span's first day, `yyyy-MM-dd`. */
  localDate: string;
}

export interface ProblemPlace {
  index: number;
  id: string;
  type: PlaceType;
  /** Most Nuggets that may be at the place at any moment; null when unconstrained. */
  capacity: number | null;
  /** Nuggets of the snapshot located here at minute 0 (all availability states). */
  initialOccupancy: number;
}

export interface ProblemNugget {
  index: number;
  id: string;
  availability: NuggetAvailability;
  /** Index of the place where it is at minute 0; -1 when that place is not in `places` (no leg or candidate needs it). */
  place: number;
  onHire: boolean;
  /** Movement id of the leg it is reserved for, or null. */
  reservedFor: string | null;
}

export type LegOrigin = 'accepted' | 'proposed';

export interface ProblemLeg {
  index: number;
  id: string;
  bookingId: string | null;
  type: LegType;
  /** `accepted` for `movements`, `proposed` for `new_movements` (booking checks). */
  origin: LegOrigin;
  /** Nuggets the leg moves in all (deliver_empty: quantity; collect_empty: 1; move_nugget: nugget_ids.length). */
  quantity: number;
  /** Whether the leg may be served by several lorries (per-Nugget units) or must stay whole. */
  split: boolean;
  /** Indexes into `units`. A leg is planned only when every unit of it is. */
  units: number[];
}

/**
 * A unit: what one lorry carries for a leg between one pickup and one delivery.
 * A splittable deliver_empty or move_nugget becomes one unit per Nugget; otherwise one unit.
 *
 * Times at a stop: the unit's `pickup` (or `delivery`) activity starts inside its window; the
 * handling may run past the window's end. A collection's lorry must have left the place by
 * `mustClearBy`.
 */
export interface Unit {
  index: number;
  leg: number;
  movementId: string;
  bookingId: string | null;
  type: LegType;
  /** Nuggets the unit carries (1 for a per-Nugget unit). */
  size: number;
  handlingMethod: HandlingMethod;
  /**
   * Named Nuggets: move_nugget, this unit's share of `nugget_ids` (nugget indexes);
   * collect_empty, the Nugget to collect; deliver_empty, empty (chosen from `candidateEmpties`).
   */
  nuggets: number[];
  /**
   * Places where the unit may be picked up: move_nugget `origin_id`; collect_empty `location_id`;
   * deliver_empty the distinct places of its candidate empties (ascending).
   */
  pickupPlaces: number[];
  /** When pickup may start ([0, horizon] for deliver_empty). */
  pickupWindow: MinuteWindow;
  /** Handling minutes per Nugget at a pickup stop (x Nuggets loaded there). */
  pickupMinutesPerNugget: number;
  /** Receiving place; null for collect_empty (see `emptyDestinations`). */
  deliveryPlace: number | null;
  /** When delivery may start: deliver_empty `window`; move_nugget `arrival_window` or [pickup start, horizon]; collect_empty [0, horizon]. */
  deliveryWindow: MinuteWindow;
  /** Handling minutes per Nugget at the delivery stop (collect_empty: unloading at a warehouse, same as loading). */
  deliveryMinutesPerNugget: number;
  /** collect_empty: the lorry leaves the collection place at or before this minute; otherwise null. */
  mustClearBy: Minute | null;
  /** deliver_empty: where its empties may come from; null for other types. */
  empties: UnitEmpties | null;
  /** collect_empty: where the collected Nugget may go; null for other types. */
  emptyDestinations: EmptyDestinations | null;
  /**
   * Drivers qualified for the unit (HGV licence and handling qualification) and lorries able to
   * carry it (equipment and capacity >= size). Every (driver, lorry) pair of the product is
   * eligible as far as qualification, equipment and capacity go; when they are available
   * together is the model's business. Arrays may be shared between units with the same needs.
   */
  eligibleDrivers: number[];
  eligibleLorries: number[];
}

export interface UnitEmpties {
  /** The leg's `empty_source`: the pool `problem.emptyPools[source]` is open to it. */
  source: EmptySource;
  /** Nuggets reserved for this leg (`reserved_for_movement_id`) that are eligible, by place then id. */
  reserved: EmptyCandidate[];
}

export interface EmptyCandidate {
  nugget: number;
  /** Where it is at minute 0. */
  place: number;
  /**
   * When the Nugget is the one a collect_empty leg collects, the unit of that leg: the Nugget may
   * only be taken by that collection (in its window), then carried on to this delivery.
   */
  viaCollectUnit: number | null;
}

export interface EmptyDestinations {
  /** Warehouses that may ever have room (capacity null or above zero), ascending. */
  warehouses: number[];
  /** deliver_empty units that may take this Nugget (it is in their pool or reserved for them), ascending. Shared arrays. */
  deliverUnits: number[];
}

export interface DriverQualifications {
  /** `hgv_c` or `hgv_ce`: may drive the (category C) lorries. */
  hgv: boolean;
  crane: boolean;
  forklift: boolean;
}

export interface ProblemDriver {
  index: number;
  id: string;
  /** Availability clipped to [0, horizon], sorted, overlapping or touching windows merged; empty windows dropped. */
  availability: MinuteWindow[];
  qualifications: DriverQualifications;
  /** `start_location_id`, defaulting to `home_warehouse_id`. */
  startPlace: number;
  homeWarehouse: number;
  /**
   * The drivers'-hours state where planning picks the driver up, as the hours engine reads it
   * (src/planning/hours `driverHoursStart`, in the same minutes): counters at `at`, an assumed
   * daily rest already applied, future refreshes. Local weeks: `createHoursCalendar(problem.timezone, problem.originEpochMs)`.
   */
  hours: DriverHoursStart;
}

export interface LorryEquipmentSet {
  crane: boolean;
  forklift: boolean;
}

export interface ProblemLorry {
  index: number;
  id: string;
  /** Clipped, sorted, merged like a driver's. */
  availability: MinuteWindow[];
  capacity: number;
  equipment: LorryEquipmentSet;
  startPlace: number;
}
