/**
 * Candidate duties of one operating day: a driver works in each availability window of the day
 * (one plan duty per window, all inside one 13-hour drivers'-hours duty; with `acrossMidnight`,
 * the windows of a duty that starts on the day, up to their end), each with a lorry that
 * starts at the driver's start place (so the driver can take it over there) and is free then;
 * a plan duty starts and ends at that place. These are restrictions of the real problem (a
 * driver could change lorry elsewhere or end the day away); every duty they give is a real one.
 */
import type { CalendarSpan, MinuteWindow, PlanningProblem, ProblemDriver, Unit } from '../problem/index.ts';
import { LIMITS } from '../hours/index.ts';
import { maxWeightMatching } from '../../routing/index.ts';

export interface DutySlot {
  driver: number;
  lorry: number;
  /** Start and end place of the duty (the lorry's place). */
  place: number;
  /** When the duty may run: driver and lorry both available, inside the day, after the driver's daily rest. */
  window: MinuteWindow;
}

/** The longest part of `windows` inside [from, to] (inclusive), or null. */
function longestInside(windows: readonly MinuteWindow[], from: number, to: number): MinuteWindow | null {
  let best: MinuteWindow | null = null;
  for (const window of windows) {
    const start = Math.max(window.start, from);
    const end = Math.min(window.end, to);
    if (end <= start) continue;
    if (best === null || end - start > best.end - best.start) best = { start, end };
  }
  return best;
}

export interface DayCrewState {
  /** Per driver: minute from which the next duty may start (after the last duty and a daily rest), or null. */
  readyAt: (number | null)[];
  /** Per lorry: minute from which it is free (after the last duty on it), or null; needed when duties cross midnight. */
  lorryFreeAt?: (number | null)[];
}

export interface DaySlotOptions {
  /**
   * The operating day is the duties that start in it: a duty runs on past the end of the day (to
   * the end of its availability, within the duty span) instead of being cut at local midnight.
   */
  acrossMidnight?: boolean;
}

/** The operating span of a day's slots: from the day's start to the end of its last slot (at least the day). */
export function operatingSpan(day: CalendarSpan, slots: readonly DutySlot[]): CalendarSpan {
  const end = slots.reduce((latest, slot) => Math.max(latest, slot.window.end + 1), day.end);
  return { ...day, end };
}

const overlapping = (a: MinuteWindow, b: MinuteWindow) => a.start <= b.end && a.end >= b.start;

/** Eligibility arrays as sets (units with the same needs share an array, so they share a set). */
class EligibleSets {
  private readonly sets = new WeakMap<number[], Set<number>>();

  of(list: number[]): Set<number> {
    let set = this.sets.get(list);
    if (set === undefined) {
      set = new Set(list);
      this.sets.set(list, set);
    }
    return set;
  }
}

/** Whether the pair (over `window`) could serve the unit at all: eligible, and both windows reachable in time. */
function couldServe(eligible: EligibleSets, unit: Unit, driver: number, lorry: number, window: MinuteWindow): boolean {
  if (!eligible.of(unit.eligibleDrivers).has(driver) || !eligible.of(unit.eligibleLorries).has(lorry)) return false;
  return overlapping(unit.pickupWindow, window) && overlapping(unit.deliveryWindow, window);
}

/**
 * Whether a duty over `window`, from and back to `place`, could reach the unit's stops in time
 * were it its only work (the walk-round check, driving, handling; waiting for a window allowed,
 * breaks left out): a necessary condition. It decides which pairs alone could serve a unit: by
 * window overlap alone, a driver starting too late for the morning's crane delivery counted as
 * able, and the one driver who could do it lost the crane lorry to him (differential seed 44).
 */
function couldReach(problem: PlanningProblem, unit: Unit, place: number, window: MinuteWindow): boolean {
  const travel = problem.travelMinutes;
  const ready = window.start + problem.walkRoundCheckMinutes;
  return unit.pickupPlaces.some((pickupPlace) => {
    const pickup = Math.max(ready + travel[place]![pickupPlace]!, unit.pickupWindow.start);
    if (pickup > unit.pickupWindow.end) return false;
    const loaded = pickup + unit.pickupMinutesPerNugget * unit.size;
    if (unit.mustClearBy !== null && loaded > unit.mustClearBy) return false;
    // collect_empty: where the Nugget goes is chosen later; its pickup alone is checked
    if (unit.deliveryPlace === null) return true;
    const delivery = Math.max(loaded + travel[pickupPlace]![unit.deliveryPlace]!, unit.deliveryWindow.start);
    if (delivery > unit.deliveryWindow.end) return false;
    return delivery + unit.deliveryMinutesPerNugget * unit.size + travel[unit.deliveryPlace]![place]! <= window.end;
  });
}

/**
 * A driver's duties that start in [from, dayEnd], in time order, each as the availability pieces
 * (inside [from, reach]) that lie within the duty span of its first piece, pieces no longer than
 * the walk-round check left out (one plan duty per piece). A later duty starts no earlier than a
 * daily rest after the end of the last piece of the one before: a restriction where that duty
 * would end earlier, the same the day loop applies between operating days (`readyAt`).
 */
export function dutiesStartingBy(problem: PlanningProblem, driver: ProblemDriver, from: number, dayEnd: number, reach: number): MinuteWindow[][] {
  const duties: MinuteWindow[][] = [];
  for (let start = from; ; ) {
    const pieces = piecesInside(driver.availability, start, reach);
    // a duty belongs to the day it starts on
    if (pieces.length === 0 || pieces[0]!.start > dayEnd) return duties;
    const spanEnd = pieces[0]!.start + LIMITS.dutySpan;
    const clipped = pieces
      .map((piece) => ({ start: piece.start, end: Math.min(piece.end, spanEnd) }))
      .filter((piece) => piece.end - piece.start > problem.walkRoundCheckMinutes);
    if (clipped.length > 0) duties.push(clipped);
    start = clipped.length > 0 ? clipped.at(-1)!.end + LIMITS.dailyRest : spanEnd;
  }
}

/**
 * The duty slots of the operating `day`: a driver works in each availability piece of the duties
 * that start in it (`dutiesStartingBy`: each within 13 h of its first, so that one drivers'-hours
 * duty covers them), each with a lorry at the driver's place. First as many drivers as possible get a lorry of their own for the day (a maximum
 * matching; among those, the one with the most slot minutes weighted by the units each pair
 * could serve, first of all the pairs that alone could reach some unit in time). Then drivers left without one
 * borrow, window by window, a lorry that is idle at that time, greedily as a set cover: each time
 * the pair that could serve the most units no chosen pair could serve yet (then most units,
 * largest lorry, longest time, lowest indexes). Slots no longer than the walk-round check are left out.
 */
export function daySlots(problem: PlanningProblem, day: CalendarSpan, crew: DayCrewState, pendingUnits: readonly Unit[], slotOptions: DaySlotOptions = {}): DutySlot[] {
  const dayEnd = Math.min(day.end - 1, problem.horizon);
  const reach = slotOptions.acrossMidnight === true ? problem.horizon : dayEnd;
  const piecesOf = new Map<number, MinuteWindow[]>();
  let slotsEnd = dayEnd;
  for (const driver of problem.drivers) {
    if (!driver.qualifications.hgv) continue;
    const from = Math.max(day.start, 0, crew.readyAt[driver.index] ?? Number.NEGATIVE_INFINITY);
    const pieces = dutiesStartingBy(problem, driver, from, dayEnd, reach).flat();
    if (pieces.length > 0) piecesOf.set(driver.index, pieces);
    for (const piece of pieces) slotsEnd = Math.max(slotsEnd, piece.end);
  }
  // every slot lies inside the day's duties: only units whose windows reach into them can be served
  const inDay = { start: Math.max(day.start, 0), end: slotsEnd };
  const units = pendingUnits.filter((unit) => overlapping(unit.pickupWindow, inDay) && overlapping(unit.deliveryWindow, inDay));
  const eligible = new EligibleSets();
  const pairing = (driver: number, lorryIndex: number, pieces: MinuteWindow[]): Candidate | null => {
    const lorry = problem.lorries[lorryIndex]!;
    if (lorry.startPlace !== problem.drivers[driver]!.startPlace) return null;
    const slots: DutySlot[] = [];
    const serves = new Set<number>();
    const reaches = new Set<number>();
    const free = crew.lorryFreeAt?.[lorryIndex] ?? Number.NEGATIVE_INFINITY;
    for (const piece of pieces) {
      const window = longestInside(lorry.availability, Math.max(piece.start, free), piece.end);
      if (window === null || window.end - window.start <= problem.walkRoundCheckMinutes) continue;
      slots.push({ driver, lorry: lorryIndex, place: lorry.startPlace, window });
      for (const unit of units) {
        if (!couldServe(eligible, unit, driver, lorryIndex, window)) continue;
        serves.add(unit.index);
        if (couldReach(problem, unit, lorry.startPlace, window)) reaches.add(unit.index);
      }
    }
    return slots.length === 0 || serves.size === 0 ? null : { slots, serves: [...serves], reaches: [...reaches] };
  };
  const covered = new Set<number>();
  const chosen: DutySlot[] = [];
  const lorryBusy = new Map<number, MinuteWindow[]>();
  const take = (candidate: Candidate) => {
    chosen.push(...candidate.slots);
    for (const slot of candidate.slots) lorryBusy.set(slot.lorry, [...(lorryBusy.get(slot.lorry) ?? []), slot.window]);
    for (const unit of candidate.serves) covered.add(unit);
  };
  // 1. a lorry of their own for the day: a maximum matching of drivers to lorries that, among
  //    those, gives the most working time weighted by the units each pair could serve (a crane
  //    lorry free only from noon goes to the driver who starts late, not to one it would idle)
  const options = new Map<number, Map<number, Candidate>>();
  for (const [driver, pieces] of piecesOf) {
    const byLorry = new Map<number, Candidate>();
    for (const lorry of problem.lorries) {
      const candidate = pairing(driver, lorry.index, pieces);
      if (candidate !== null) byLorry.set(lorry.index, candidate);
    }
    if (byLorry.size > 0) options.set(driver, byLorry);
  }
  // a pair that alone could reach some unit in time is worth more than any other weight: the forklift
  // lorry goes to the forklift driver, not to whoever would use it longest on common work
  const pairsServing = new Map<number, number>();
  let largest = 0;
  for (const byLorry of options.values()) {
    for (const candidate of byLorry.values()) {
      largest = Math.max(largest, candidate.serves.length * slotMinutes(candidate));
      for (const unit of candidate.reaches) pairsServing.set(unit, (pairsServing.get(unit) ?? 0) + 1);
    }
  }
  const value = (candidate: Candidate) => candidate.serves.length * slotMinutes(candidate) + (largest + 1) * candidate.reaches.filter((unit) => pairsServing.get(unit) === 1).length;
  // a driver pairs only with lorries at their own place: one assignment problem per place
  const ownLorry = new Map<number, Candidate>();
  const places = [...new Set([...options.keys()].map((driver) => problem.drivers[driver]!.startPlace))].sort((a, b) => a - b);
  for (const place of places) {
    const drivers = [...options.keys()].filter((driver) => problem.drivers[driver]!.startPlace === place).sort((a, b) => a - b);
    const lorries = problem.lorries.filter((lorry) => lorry.startPlace === place).map((lorry) => lorry.index);
    const lorryOf = maxWeightMatching(drivers.map((driver) => lorries.map((lorry) => {
      const candidate = options.get(driver)!.get(lorry);
      return candidate === undefined ? null : value(candidate);
    })));
    drivers.forEach((driver, row) => {
      if (lorryOf[row]! >= 0) ownLorry.set(driver, options.get(driver)!.get(lorries[lorryOf[row]!]!)!);
    });
  }
  const driverDone = new Set<number>();
  for (const [driver, candidate] of [...ownLorry].sort((a, b) => a[0] - b[0])) {
    take(candidate);
    driverDone.add(driver);
  }
  // 2. the others borrow idle lorries, window by window
  const overlaps = (a: MinuteWindow, b: MinuteWindow) => a.start < b.end && b.start < a.end;
  for (;;) {
    const candidates: Candidate[] = [];
    for (const [driver, pieces] of piecesOf) {
      if (driverDone.has(driver)) continue;
      for (const piece of pieces) {
        if (chosen.some((slot) => slot.driver === driver && overlaps(slot.window, piece))) continue;
        for (const lorry of problem.lorries) {
          const candidate = pairing(driver, lorry.index, [piece]);
          if (candidate === null) continue;
          if ((lorryBusy.get(lorry.index) ?? []).some((busy) => overlaps(busy, candidate.slots[0]!.window))) continue;
          candidates.push(candidate);
        }
      }
    }
    const best = pickBest(problem, candidates, covered);
    if (best === null) break;
    take(best);
  }
  return chosen.sort((a, b) => a.driver - b.driver || a.window.start - b.window.start);
}

interface Candidate {
  slots: DutySlot[];
  /** Units the pair could serve by eligibility and window overlap. */
  serves: number[];
  /** Those of them it could also reach in time on its own (`couldReach`). */
  reaches: number[];
}

const slotMinutes = (candidate: Candidate) => candidate.slots.reduce((sum, slot) => sum + slot.window.end - slot.window.start, 0);

function pickBest(problem: PlanningProblem, candidates: readonly Candidate[], covered: Set<number>): Candidate | null {
  let best: { candidate: Candidate; fresh: number } | null = null;
  for (const candidate of candidates) {
    const fresh = candidate.serves.filter((unit) => !covered.has(unit)).length;
    if (best === null || better(problem, { candidate, fresh }, best)) best = { candidate, fresh };
  }
  return best?.candidate ?? null;
}

/** The parts of `windows` inside [from, to], in time order. */
function piecesInside(windows: readonly MinuteWindow[], from: number, to: number): MinuteWindow[] {
  return windows.flatMap((window) => {
    const start = Math.max(window.start, from);
    const end = Math.min(window.end, to);
    return end > start ? [{ start, end }] : [];
  });
}

function better(problem: PlanningProblem, a: { candidate: Candidate; fresh: number }, b: { candidate: Candidate; fresh: number }): boolean {
  if (a.fresh !== b.fresh) return a.fresh > b.fresh;
  if (a.candidate.serves.length !== b.candidate.serves.length) return a.candidate.serves.length > b.candidate.serves.length;
  const first = (c: Candidate) => c.slots[0]!;
  const capacity = problem.lorries[first(a.candidate).lorry]!.capacity - problem.lorries[first(b.candidate).lorry]!.capacity;
  if (capacity !== 0) return capacity > 0;
  if (slotMinutes(a.candidate) !== slotMinutes(b.candidate)) return slotMinutes(a.candidate) > slotMinutes(b.candidate);
  const [x, y] = [first(a.candidate), first(b.candidate)];
  return x.driver < y.driver || (x.driver === y.driver && (x.lorry < y.lorry || (x.lorry === y.lorry && x.window.start < y.window.start)));
}
