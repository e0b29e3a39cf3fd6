import type { ActivityType, BookingCheckResponse, ManifestPlanResponse, PlannedActivity, PlanningWarning } from '../../contract/index.ts';
import { REASON_CATALOGUE, type ReasonCode, type ReasonKind } from '../../contract/reasons.ts';
import { BLOCK_COLOURS, driverColour, STATUS_COLOURS } from './colours.ts';
import { dutyCounters, type DutyCounters } from './counters.ts';
import type { SnapshotDocument, ViewerData } from './documents.ts';
import { legView, type LegView } from './legs.ts';
import { createClock, operatingDays, type Clock } from './times.ts';

/** What a timeline block stands for: a manifest activity, or a booking check's requested or alternative window. */
export type BlockKind = ActivityType | 'requested' | 'alternative';

export interface Block {
  row: number;
  kind: BlockKind;
  start: number;
  end: number;
  /** The manifest activity drawn (manifest plans). */
  activity?: PlannedActivity;
  /** The leg whose window is drawn, and which window (booking checks). */
  leg?: LegView;
  windowLabel?: string;
  /** Index of the alternative (booking checks). */
  alternative?: number;
  /** Booking rows show several windows side by side: this block's lane of `lanes`. */
  lane?: number;
  lanes?: number;
}

export interface Row {
  label: string;
  /** Lorries used, or what a booking row shows. */
  detail: string;
  driverId: string | null;
  colour: string;
  /** Availability windows (epoch ms), shaded behind the row. */
  availability: [number, number][];
  counters: DutyCounters[];
}

export interface PlaceView {
  id: string;
  name: string;
  type: string;
  longitude: number;
  latitude: number;
}

/** One driver's route on one operating day: the places visited in order. */
export interface Route {
  driverId: string;
  row: number;
  colour: string;
  day: number;
  places: PlaceView[];
}

export interface UnplannedView {
  movementId: string;
  bookingId: string | null;
  leg: LegView | null;
  code: string;
  kind: ReasonKind | 'unknown';
  meaning: string;
  /** What the answer says about this leg beyond the catalogue text. */
  specifics: string;
  /** Resources of the snapshot the answer names (a Nugget, a place, a driver, a lorry, a leg). */
  blocking: string[];
}

export interface AlternativeView {
  index: number;
  start: number;
  end: number;
  legs: { movementId: string; start: number; end: number }[];
  requiresFullReplan: boolean;
}

export interface BookingView {
  status: BookingCheckResponse['status'];
  reasonCode: string | null;
  reason: string | null;
  meaning: string | null;
  requiresFullReplan: boolean;
  /** Resources of the snapshot the reason names (the sole driver or lorry, a full place, legs). */
  blocking: string[];
  newLegs: LegView[];
  alternatives: AlternativeView[];
}

export interface PlanView {
  kind: 'manifest' | 'booking' | 'snapshot';
  clock: Clock;
  periodStart: number;
  periodEnd: number;
  days: { start: number; end: number }[];
  rows: Row[];
  blocks: Block[];
  routes: Route[];
  places: Map<string, PlaceView>;
  legs: Map<string, LegView>;
  unplanned: UnplannedView[];
  booking: BookingView | null;
  warnings: PlanningWarning[];
  /** Drivers of the snapshot with no manifest (manifest plans). */
  idleDrivers: string[];
  legCount: number;
}

const windowMs = (window: { start: string; end: string }): [number, number] => [Date.parse(window.start), Date.parse(window.end)];

function catalogueEntry(code: string | null | undefined) {
  return code != null && code in REASON_CATALOGUE ? REASON_CATALOGUE[code as ReasonCode] : null;
}

/** Builds everything the page draws from a snapshot and the service's answer. */
export function buildPlanView(data: ViewerData): PlanView {
  const { snapshot, response } = data;
  const timezone = snapshot.timezone ?? 'Europe/London';
  const [periodStart, periodEnd] = windowMs(snapshot.planning_period);
  const places = new Map(
    snapshot.locations.map((place) => [place.id, { id: place.id, name: place.name ?? place.id, type: place.type, longitude: place.longitude, latitude: place.latitude }]),
  );
  const legs = new Map([...snapshot.movements, ...(snapshot.new_movements ?? [])].map((leg) => [leg.id, legView(leg)]));
  const view: PlanView = {
    kind: response === null ? 'snapshot' : 'manifests' in response ? 'manifest' : 'booking',
    clock: createClock(timezone),
    periodStart,
    periodEnd,
    days: operatingDays(timezone, periodStart, periodEnd),
    rows: [],
    blocks: [],
    routes: [],
    places,
    legs,
    unplanned: [],
    booking: null,
    warnings: response?.warnings ?? [],
    idleDrivers: [],
    legCount: snapshot.movements.length,
  };
  if (response !== null && 'manifests' in response) addManifests(view, snapshot, response);
  else addDriverRows(view, snapshot, snapshot.drivers.map((driver) => driver.id));
  if (response !== null && !('manifests' in response)) addBooking(view, snapshot, response);
  return view;
}

function addManifests(view: PlanView, snapshot: SnapshotDocument, response: ManifestPlanResponse): void {
  const drivers = new Map(snapshot.drivers.map((driver) => [driver.id, driver]));
  for (const manifest of response.manifests) {
    const driver = drivers.get(manifest.driver_id);
    const row = view.rows.length;
    const lorries = [...new Set(manifest.activities.map((activity) => activity.lorry_id).filter((id): id is string => id != null))];
    view.rows.push({
      label: manifest.driver_id,
      detail: lorries.length === 0 ? 'no lorry' : `lorry ${lorries.join(', ')}`,
      driverId: manifest.driver_id,
      colour: driverColour(row),
      availability: driver?.availability.map(windowMs) ?? [],
      counters: driver === undefined ? [] : dutyCounters(driver, manifest, view.clock.timezone, view.periodStart),
    });
    for (const activity of manifest.activities) {
      view.blocks.push({ row, kind: activity.type, start: Date.parse(activity.start), end: Date.parse(activity.end), activity });
    }
    addRoutes(view, row, manifest.activities);
  }
  const planned = new Set(response.manifests.map((manifest) => manifest.driver_id));
  view.idleDrivers = snapshot.drivers.map((driver) => driver.id).filter((id) => !planned.has(id));
  view.unplanned = response.unplanned_movements.map((entry) => unplannedView(entry, view, snapshot));
}

/** Each day's route of a driver: the start place of the day's first drive, then every drive's destination. */
function addRoutes(view: PlanView, row: number, activities: readonly PlannedActivity[]): void {
  const driverId = view.rows[row]!.driverId!;
  view.days.forEach((day, dayIndex) => {
    const places: PlaceView[] = [];
    for (const activity of activities) {
      if (activity.type !== 'drive') continue;
      const start = Date.parse(activity.start);
      if (start < day.start || start >= day.end) continue;
      const from = view.places.get(activity.from_location_id ?? '');
      const to = view.places.get(activity.to_location_id ?? '');
      if (places.length === 0 && from !== undefined) places.push(from);
      if (to !== undefined) places.push(to);
    }
    if (places.length >= 2) view.routes.push({ driverId, row, colour: view.rows[row]!.colour, day: dayIndex, places });
  });
}

function addDriverRows(view: PlanView, snapshot: SnapshotDocument, driverIds: string[]): void {
  const drivers = new Map(snapshot.drivers.map((driver) => [driver.id, driver]));
  for (const id of driverIds) {
    view.rows.push({
      label: id,
      detail: 'available',
      driverId: id,
      colour: driverColour(view.rows.length),
      availability: drivers.get(id)!.availability.map(windowMs),
      counters: [],
    });
  }
}

const ID_TOKEN = /[\p{L}\p{N}_:-]+(?:\.[\p{L}\p{N}_:-]+)*/gu;

function unplannedView(entry: ManifestPlanResponse['unplanned_movements'][number], view: PlanView, snapshot: SnapshotDocument): UnplannedView {
  const entryOf = catalogueEntry(entry.reason_code);
  const meaning = entryOf?.meaning ?? 'This code is not in the catalogue of this viewer.';
  const specifics = specificsOf(entry.message, meaning);
  return {
    movementId: entry.movement_id,
    bookingId: entry.booking_id ?? null,
    leg: view.legs.get(entry.movement_id) ?? null,
    code: entry.reason_code,
    kind: entryOf?.kind ?? 'unknown',
    meaning,
    specifics,
    blocking: namedResources(specifics, snapshot, new Set([entry.movement_id])),
  };
}

/** What a message says beyond the catalogue text it starts with ("Here: ...", "(movement new-1: ...)"). */
function specificsOf(message: string, meaning: string): string {
  if (!message.startsWith(meaning)) return message;
  return message.slice(meaning.length).trim().replace(/^Here:\s*/, '').replace(/^\((.*)\)$/, '$1').replace(/\.$/, '');
}

/** What each identifier of the snapshot is ("Nugget", "place", ...): built once per view, it is large for big snapshots. */
const resourceKinds = new WeakMap<SnapshotDocument, Map<string, string>>();

function kindsOf(snapshot: SnapshotDocument): Map<string, string> {
  let kinds = resourceKinds.get(snapshot);
  if (kinds === undefined) {
    kinds = new Map<string, string>();
    for (const nugget of snapshot.nuggets) kinds.set(nugget.id, 'Nugget');
    for (const place of snapshot.locations) kinds.set(place.id, 'place');
    for (const driver of snapshot.drivers) kinds.set(driver.id, 'driver');
    for (const lorry of snapshot.lorries) kinds.set(lorry.id, 'lorry');
    for (const leg of [...snapshot.movements, ...(snapshot.new_movements ?? [])]) kinds.set(leg.id, 'leg');
    resourceKinds.set(snapshot, kinds);
  }
  return kinds;
}

/** The snapshot's resources a message names, each with what it is ("Nugget ng-00017"), other than the legs it is about. */
function namedResources(text: string, snapshot: SnapshotDocument, ownLegs: ReadonlySet<string>): string[] {
  const kinds = kindsOf(snapshot);
  const named = new Set<string>();
  for (const [token] of text.matchAll(ID_TOKEN)) {
    const kind = kinds.get(token);
    if (kind !== undefined && !ownLegs.has(token)) named.add(`${kind} ${token}`);
  }
  return [...named];
}

function addBooking(view: PlanView, snapshot: SnapshotDocument, response: BookingCheckResponse): void {
  const newLegs = (snapshot.new_movements ?? []).map(legView);
  const entry = catalogueEntry(response.reason_code);
  const alternatives: AlternativeView[] = (response.alternatives ?? []).map((alternative, index) => {
    const [start, end] = windowMs(alternative.proposed_window);
    return {
      index,
      start,
      end,
      legs: (alternative.movement_windows ?? []).map((entry) => ({ movementId: entry.movement_id, start: Date.parse(entry.window.start), end: Date.parse(entry.window.end) })),
      requiresFullReplan: alternative.requires_full_replan ?? false,
    };
  });
  view.booking = {
    status: response.status,
    reasonCode: response.reason_code ?? null,
    reason: response.reason == null ? null : specificsOf(response.reason, entry?.meaning ?? ''),
    blocking: response.reason == null ? [] : namedResources(specificsOf(response.reason, entry?.meaning ?? ''), snapshot, new Set(newLegs.map((leg) => leg.id))),
    meaning: entry?.meaning ?? null,
    requiresFullReplan: response.requires_full_replan ?? false,
    newLegs,
    alternatives,
  };
  // The booking's own rows go on top: each new leg's requested windows, then each verified alternative.
  const bookingRows: Row[] = [];
  const bookingBlocks: Block[] = [];
  const bookingRow = (label: string, detail: string, colour: string) => {
    bookingRows.push({ label, detail, driverId: null, colour, availability: [], counters: [] });
    return bookingRows.length - 1;
  };
  for (const leg of newLegs) {
    const row = bookingRow(leg.id, `requested · ${response.status.replace('_', ' ')}`, STATUS_COLOURS[response.status]);
    leg.windows.forEach((window, lane) => {
      bookingBlocks.push({ row, kind: 'requested', start: window.start, end: window.end, leg, windowLabel: window.label, lane, lanes: leg.windows.length });
    });
  }
  for (const alternative of alternatives) {
    const row = bookingRow(`Alternative ${alternative.index + 1}`, alternative.requiresFullReplan ? 'needs a full replan' : 'fits the plan as it is', BLOCK_COLOURS.alternative);
    const legWindows = alternative.legs.length > 0 ? alternative.legs : newLegs.map((leg) => ({ movementId: leg.id, start: alternative.start, end: alternative.end }));
    legWindows.forEach((entry, lane) => {
      const leg = view.legs.get(entry.movementId);
      bookingBlocks.push({
        row,
        kind: 'alternative',
        start: entry.start,
        end: entry.end,
        alternative: alternative.index,
        windowLabel: leg?.type === 'move_nugget' ? 'pickup' : 'window',
        lane,
        lanes: legWindows.length,
        ...(leg === undefined ? {} : { leg }),
      });
    });
  }
  view.rows.unshift(...bookingRows);
  for (const block of view.blocks) block.row += bookingRows.length;
  view.blocks.unshift(...bookingBlocks);
}
