/**
 * The generator's own picture of the operation, before it is written out as a snapshot: places,
 * crews, Nuggets and legs hold references to each other (not ids) and times as UTC epoch ms.
 * `render.ts` turns it into contract objects.
 */
import type {
  AllowanceRefresh,
  DriverAllowances,
  DriverQualification,
  EmptySource,
  HandlingMethod,
  LorryEquipment,
  NuggetAvailability,
  PlaceType,
} from '../src/contract/index.ts';

/** Inclusive, in UTC epoch ms. */
export interface Interval {
  start: number;
  end: number;
}

export interface Site {
  id: string;
  /** `undefined` leaves the optional field out. */
  name: string | null | undefined;
  type: PlaceType;
  latitude: number;
  longitude: number;
  region: number;
  /** The customer living at a customer property. */
  occupant?: string;
  /** Given a `nugget_capacity` (set by capacities.ts); otherwise the field is left out or null. */
  constrained: boolean;
  capacity?: number;
  unconstrainedAsNull: boolean;
}

export interface Region {
  index: number;
  key: string;
  weight: number;
  warehouse: Site;
  handovers: Site[];
  properties: Site[];
}

export interface Geography {
  regions: Region[];
  /** In the order of the snapshot's `locations`. */
  sites: Site[];
}

export interface LorryRecord {
  id: string;
  region: number;
  equipment: LorryEquipment[];
  capacity: number;
  start: Site;
  availability: Interval[];
  /** Fields equal to their default that are left out. */
  omit: ('equipment' | 'nugget_capacity')[];
}

export interface ShiftPattern {
  name: 'early' | 'day' | 'late' | 'long' | 'split';
  /** Availability windows of one rostered day, in local minutes after midnight. */
  parts: readonly (readonly [number, number])[];
}

export interface DriverRecord {
  id: string;
  region: number;
  home: Site;
  /** Where the driver starts: the home warehouse unless the paired lorry is kept elsewhere. */
  start: Site;
  startStyle: 'omit' | 'null' | 'explicit';
  qualifications: DriverQualification[];
  writeQualifications: boolean;
  shift: ShiftPattern;
  /** Operating-day indexes the driver works. */
  rostered: number[];
  availability: Interval[];
  /** The lorry this driver normally takes: equipment and qualifications match. */
  lorry: LorryRecord;
  /** `undefined` leaves the field out (counters missing), `null` writes null (also missing). */
  allowances: DriverAllowances | null | undefined;
  refreshes: AllowanceRefresh[];
}

/** A driver with their lorry on one operating day: what a leg needs to be servable. */
export interface Crew {
  driver: DriverRecord;
  lorry: LorryRecord;
  methods: HandlingMethod[];
  capacity: number;
  /** Availability of both driver and lorry, per operating day. */
  windows: Interval[][];
}

/** What a Nugget is for; background roles are the Nuggets no accepted leg names. */
export type NuggetRole =
  | 'leg'
  | 'storage'
  | 'in_use'
  | 'spare_empty'
  | 'awaiting_collection'
  | 'handover_empty'
  | 'in_maintenance'
  | 'quarantined'
  | 'destroyed';

export interface NuggetState {
  /** Assigned once every Nugget exists (sorted by region and place). */
  id: string;
  seq: number;
  role: NuggetRole;
  region: number;
  availability: NuggetAvailability;
  /** Where the snapshot says it is. */
  location: Site;
  hiredTo: string | null;
  /** How an off-hire Nugget says so: leaves `on_hire_to_customer_id` out, or writes null. */
  offHireAsNull: boolean;
  /** The accepted leg with exclusive use of it (`reserved_for_movement_id`). */
  reservedFor?: LegRecord;
  /** Simulation while legs are generated: where it will be after the legs so far, and from when. */
  at: Site;
  freeFrom: number;
}

interface LegBase {
  id: string;
  /** `undefined` leaves the field out. */
  bookingId: string | null | undefined;
  region: number;
  day: number;
  method: HandlingMethod;
  /** Fields equal to their default that are left out. */
  omit: string[];
}

export interface DeliverRecord extends LegBase {
  type: 'deliver_empty';
  destination: Site;
  window: Interval;
  quantity: number;
  emptySource: EmptySource;
  split: boolean;
  minutes: number;
}

export interface CollectRecord extends LegBase {
  type: 'collect_empty';
  nugget: NuggetState;
  location: Site;
  window: Interval;
  mustClearBy: number | null | undefined;
  minutes: number;
}

export interface MoveRecord extends LegBase {
  type: 'move_nugget';
  nuggets: NuggetState[];
  origin: Site;
  destination: Site;
  pickup: Interval;
  arrival: Interval | null | undefined;
  split: boolean;
  originMinutes: number;
  destinationMinutes: number;
}

export type LegRecord = DeliverRecord | CollectRecord | MoveRecord;
