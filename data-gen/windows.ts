import type { HandlingMethod } from '../src/contract/index.ts';
import { clock, MINUTE_MS, type Calendar } from './calendar.ts';
import type { Journeys } from './geography.ts';
import type { Crew, Interval, Site } from './model.ts';
import type { Random } from './random.ts';

/** A time slot in local minutes after midnight, with how often customers book it. */
export interface Slot {
  from: number;
  to: number;
  weight: number;
}

const slot = (from: number, to: number, weight: number): Slot => ({ from, to, weight });

/** Slots offered to customers at their property: two-hour slots, mornings, afternoons, all day. */
export const CUSTOMER_SLOTS: readonly Slot[] = [
  slot(clock(7, 30), clock(9, 30), 1),
  slot(clock(8), clock(10), 3),
  slot(clock(10), clock(12), 3),
  slot(clock(12), clock(14), 3),
  slot(clock(14), clock(16), 3),
  slot(clock(16), clock(18), 1),
  slot(clock(8), clock(12), 4),
  slot(clock(12), clock(16), 4),
  slot(clock(9), clock(13), 2),
  slot(clock(13), clock(17), 2),
  slot(clock(8), clock(17), 2),
];

/** Opening windows of handover points (staffed yards). */
export const HANDOVER_SLOTS: readonly Slot[] = [
  slot(clock(7), clock(11), 2),
  slot(clock(9), clock(13), 2),
  slot(clock(12), clock(16), 2),
  slot(clock(14), clock(18), 1),
  slot(clock(8), clock(17), 2),
];

/** Loading windows at a warehouse for a lorry starting its round. */
export const YARD_SLOTS: readonly Slot[] = [
  slot(clock(6), clock(9), 1),
  slot(clock(6, 30), clock(10), 2),
  slot(clock(7), clock(12), 2),
  slot(clock(12), clock(16), 1),
  slot(clock(7), clock(17), 2),
];

export const slotsFor = (site: Site): readonly Slot[] =>
  site.type === 'customer_property' ? CUSTOMER_SLOTS : site.type === 'handover_point' ? HANDOVER_SLOTS : YARD_SLOTS;

/** Walk-round check at the start of every duty (drivers-hours.md). */
const WALK_ROUND_MINUTES = 15;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;

export const roundUpToQuarter = (instant: number) => Math.ceil(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
export const roundDownToQuarter = (instant: number) => Math.floor(instant / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;

/** A stop a leg needs: where, in which window (null = any time), for how many handling minutes. */
export interface Stop {
  site: Site;
  window: Interval | null;
  minutes: number;
}

/** A crew that can serve a leg on its own that day, and the minutes of driving and handling it takes. */
export interface Assignment {
  crew: Crew;
  day: number;
  minutes: number;
}

/** A duty's time that is not work: the walk-round check is work, but a 45-minute break is due. */
const BREAK_MINUTES = 45;
/** A crew with less time than this left in its day takes no more legs within its budget. */
const SMALLEST_LEG_MINUTES = 30;

/**
 * Which crew could serve a leg. Every leg gets windows that some qualified, equipped crew of its
 * region can meet that day on its own, from its start place and back, with the walk-round check
 * and the handling minutes, at the service's estimated journey times. Legs are also booked
 * against each crew's working time (as if each leg were a separate round trip, which real plans
 * beat by combining legs), so that work spreads over crews and handling methods as a dispatcher
 * would sell slots; only when every crew's day is full does a leg go to a crew beyond its budget.
 * Drivers' hours are not checked here: one leg never comes near a daily limit.
 */
export class CrewBoard {
  private readonly byRegionDay = new Map<string, Crew[]>();
  private readonly booked = new Map<Crew, number[]>();

  constructor(
    crews: readonly Crew[],
    private readonly journeys: Journeys,
    readonly calendar: Calendar,
  ) {
    for (const crew of crews) {
      this.booked.set(crew, crew.windows.map(() => 0));
      crew.windows.forEach((windows, day) => {
        if (windows.length === 0) return;
        const key = `${crew.driver.region}:${day}`;
        const list = this.byRegionDay.get(key) ?? [];
        list.push(crew);
        this.byRegionDay.set(key, list);
      });
    }
  }

  /** Crews of a region working on a day (with a lorry), optionally able to handle `method` and carry `load`. */
  crews(region: number, day: number, method?: HandlingMethod, load = 1): Crew[] {
    const all = this.byRegionDay.get(`${region}:${day}`) ?? [];
    return all.filter((crew) => (method === undefined || crew.methods.includes(method)) && crew.capacity >= load);
  }

  /** Does some crew that can handle `method` have time left in its budget that day? */
  hasRoom(region: number, day: number, method: HandlingMethod): boolean {
    return this.crews(region, day, method).some((crew) => this.left(crew, day) >= SMALLEST_LEG_MINUTES);
  }

  /** The first crew that can serve `stops` on its own (with `withinBudget`, and still has the time for it). */
  assign(region: number, day: number, method: HandlingMethod, load: number, stops: readonly Stop[], withinBudget: boolean): Assignment | undefined {
    for (const crew of this.crews(region, day, method, load)) {
      for (const window of crew.windows[day]!) {
        const minutes = this.workMinutes(crew, window, stops);
        if (minutes !== undefined && (!withinBudget || minutes <= this.left(crew, day))) return { crew, day, minutes };
      }
    }
    return undefined;
  }

  book(assignment: Assignment): void {
    this.booked.get(assignment.crew)![assignment.day]! += assignment.minutes;
  }

  private left(crew: Crew, day: number): number {
    const available = crew.windows[day]!.reduce((sum, window) => sum + (window.end - window.start) / MINUTE_MS, 0);
    return available - WALK_ROUND_MINUTES - BREAK_MINUTES - this.booked.get(crew)![day]!;
  }

  /** Driving and handling minutes of serving `stops` alone inside `window`, or undefined when it does not fit. */
  private workMinutes(crew: Crew, window: Interval, stops: readonly Stop[]): number | undefined {
    let time = window.start + WALK_ROUND_MINUTES * MINUTE_MS;
    let position = crew.driver.start;
    let work = 0;
    for (const stop of stops) {
      const drive = this.journeys.minutes(position, stop.site);
      time += drive * MINUTE_MS;
      if (stop.window !== null) {
        if (time > stop.window.end) return undefined;
        time = Math.max(time, stop.window.start);
      }
      time += stop.minutes * MINUTE_MS;
      work += drive + stop.minutes;
      position = stop.site;
    }
    const back = this.journeys.minutes(position, crew.driver.start);
    return time + back * MINUTE_MS <= window.end ? work + back : undefined;
  }

  /** A slot of `slots` on `day` as an interval of instants. */
  interval(day: number, chosen: Slot): Interval {
    return { start: this.calendar.at(day, chosen.from), end: this.calendar.at(day, chosen.to) };
  }
}

export interface SlotChoice {
  slot: Slot;
  /** May the leg be split across lorries? */
  split: boolean;
  assignment: Assignment;
  /** The crew had the time left for it (otherwise every crew that could serve it was full). */
  withinBudget: boolean;
}

/**
 * A slot of `slots` (in weighted random order) for a leg of `count` Nuggets, with the crew that
 * would serve it: within the crews' budgets if any slot allows, else beyond them. With chance
 * `keepWhole` a leg of several Nuggets is kept on one lorry (a crew that carries them all), when
 * some slot allows it. Undefined when no crew can meet any slot.
 */
export function chooseSlot(
  rng: Random,
  slots: readonly Slot[],
  count: number,
  keepWhole: number,
  assign: (slot: Slot, load: number, withinBudget: boolean) => Assignment | undefined,
): SlotChoice | undefined {
  const whole = count > 1 && rng.chance(keepWhole);
  const order = rng.weightedOrder(slots, (slot) => slot.weight);
  for (const withinBudget of [true, false]) {
    for (const load of whole ? [count, 1] : [1]) {
      for (const slot of order) {
        const assignment = assign(slot, load, withinBudget);
        if (assignment !== undefined) return { slot, split: !(whole && load === count), assignment, withinBudget };
      }
    }
  }
  return undefined;
}
