/**
 * The data of models/booking-relaxation.mzn for a set of mandatory legs: every bound here must
 * hold for every plan that serves those legs (the model's header says why each constraint then
 * admits that plan). The result is plain MiniZinc JSON, so it can be written to a file and run
 * in the MiniZinc IDE (`bookingModelData`), plus the static facts the model checks, for reasons.
 */
import { createHoursCalendar } from '../hours/index.ts';
import { precheckContext, type PrecheckContext } from '../prechecks/context.ts';
import type { MinuteWindow, PlanningProblem, ProblemLeg, Unit } from '../problem/index.ts';
import { drivingCapacity } from './driving-capacity.ts';
import { placeOverTime, type DeliveryTask, type PlaceConflict } from './place-time.ts';
import { unaryResources, type HandlingTask, type UnaryConflict } from './unary.ts';

/** MiniZinc JSON: sets as `{ "set": [...] }`, indexes 1-based. */
export type ModelData = Record<string, unknown>;

/** What the model decides on the data alone, kept for a human reason when it is UNSATISFIABLE. */
export interface StaticFacts {
  /** Tasks whose window cannot be met (earliest > latest). */
  emptyWindows: { legId: string; stop: 'pickup' | 'delivery' }[];
  /** Places that mandatory deliveries fill beyond capacity. */
  overfilledPlaces: { placeId: string; capacity: number; staying: number; arrivals: number }[];
  drivingNeeded: number;
  drivingCapacity: number;
  /** Two tasks that the only driver or lorry able to do them cannot both do, in either order. */
  unaryConflicts: UnaryConflict[];
  /** Deliveries that find their place full at every moment they could be unloaded. */
  placeConflicts: PlaceConflict[];
}

export interface RelaxationData {
  data: ModelData;
  facts: StaticFacts;
  /** Which task (0-based) stands for which stop of which unit: `${unit}/pickup` or `${unit}/delivery`. */
  taskOf: Map<string, number>;
  /** The unit of each entry of `empty_task` (0-based, in order). */
  emptyUnits: number[];
  /** The source class (0-based) of each Nugget that is in one. */
  sourceOfNugget: Map<number, number>;
}

type Task = HandlingTask;

const set = (values: Iterable<number>) => ({ set: [...values].sort((a, b) => a - b) });

/**
 * Whether the data alone already shows a conflict the model must find (an empty window, a place
 * overfilled for good, more driving than the drivers have, two tasks of the only able driver or
 * lorry that fit in no order, a delivery into a place full whenever it could be unloaded): the
 * model is then expected to be UNSATISFIABLE quickly, so it is worth running first.
 */
export function showsConflict(facts: StaticFacts): boolean {
  return (
    facts.emptyWindows.length > 0 ||
    facts.overfilledPlaces.length > 0 ||
    facts.drivingNeeded > facts.drivingCapacity ||
    facts.unaryConflicts.length > 0 ||
    facts.placeConflicts.length > 0
  );
}

/** The data for the given mandatory legs (indexes into `problem.legs`). */
export function bookingModelData(problem: PlanningProblem, mandatoryLegs: readonly number[]): ModelData {
  return relaxationData(problem, mandatoryLegs, precheckContext(problem)).data;
}

export function relaxationData(problem: PlanningProblem, mandatoryLegs: readonly number[], context: PrecheckContext): RelaxationData {
  const builder = new Builder(problem, context);
  for (const leg of [...mandatoryLegs].sort((a, b) => a - b)) builder.addLeg(problem.legs[leg]!);
  return builder.finish();
}

class Builder {
  private readonly tasks: Task[] = [];
  private readonly links: { pickup: number; delivery: number; gap: number }[] = [];
  private readonly orders: [number, number][] = [];
  /** Delivery tasks of deliver_empty units, with their unit. */
  private readonly empties: { task: number; unit: Unit }[] = [];
  /** Mandatory delivery tasks, with the Nuggets they leave at the place for good. */
  private readonly deliveries: DeliveryTask[] = [];
  /** Place -> Nuggets mandatory deliveries leave there for good. */
  private readonly arrivals = new Map<number, number>();
  private readonly emptyWindows: StaticFacts['emptyWindows'] = [];
  private readonly taskOf = new Map<string, number>();
  private readonly sourceOfNugget = new Map<number, number>();
  /**
   * Earliest minute a lorry able to load a Nugget (crane or forklift equipment) could be at each
   * place: first availability, walk-round check, shortest journeys.
   */
  private readonly loaderArrival: Float64Array;
  /** Places some leg picks up at by name (move_nugget origins, collect_empty places), with the legs. */
  private readonly namedPickups = new Map<number, ProblemLeg[]>();

  constructor(
    private readonly problem: PlanningProblem,
    private readonly context: PrecheckContext,
  ) {
    const crane = context.lorryArrival('crane', 1);
    const forklift = context.lorryArrival('forklift', 1);
    this.loaderArrival = crane.map((minute, place) => Math.min(minute, forklift[place]!));
    for (const leg of problem.legs) {
      if (leg.type === 'deliver_empty') continue;
      const place = problem.units[leg.units[0]!]!.pickupPlaces[0]!;
      this.namedPickups.set(place, [...(this.namedPickups.get(place) ?? []), leg]);
    }
  }

  addLeg(leg: ProblemLeg): void {
    const units = leg.units.map((index) => this.problem.units[index]!);
    const first: number[] = [];
    for (const unit of units) first.push(this.addUnit(leg, unit));
    // interchangeable units: order them by the start of their first stop
    for (let i = 1; i < first.length; i++) this.orders.push([first[i - 1]!, first[i]!]);
  }

  /** Adds the unit's tasks; returns the index of its first stop's task. */
  private addUnit(leg: ProblemLeg, unit: Unit): number {
    const { problem, context } = this;
    const { horizon } = problem;
    const arrival = context.lorryArrival(unit.handlingMethod, unit.size);
    const others = leg.split ? leg.units.length - 1 : 0;
    const task = (stop: 'pickup' | 'delivery', place: number, window: { earliest: number; latest: number }, duration: number): number => {
      const earliest = Math.min(Math.max(0, window.earliest), horizon + 1);
      const latest = Math.max(-1, Math.min(horizon, window.latest));
      if (earliest > latest) this.emptyWindows.push({ legId: leg.id, stop });
      this.tasks.push({ earliest: Math.min(earliest, latest + 1), latest, duration, method: unit.handlingMethod, size: unit.size, place, legId: leg.id });
      this.taskOf.set(`${unit.index}/${stop}`, this.tasks.length - 1);
      return this.tasks.length - 1;
    };
    const stretch = (window: MinuteWindow, perUnit: number) => window.end + others * perUnit;

    if (unit.type === 'move_nugget') {
      const origin = unit.pickupPlaces[0]!;
      const destination = unit.deliveryPlace!;
      const journey = context.paths.from(origin)[destination]!;
      const pickupMinutes = unit.pickupMinutesPerNugget * unit.size;
      const deliveryMinutes = unit.deliveryMinutesPerNugget * unit.size;
      // the delivery activity starts by the arrival window's end and ends by the horizon
      const lastDeliveryActivity = Math.min(unit.deliveryWindow.end, horizon - deliveryMinutes);
      const pickupEarliest = Math.max(unit.pickupWindow.start, arrival[origin]!);
      const pickup = task(
        'pickup',
        origin,
        { earliest: pickupEarliest, latest: Math.min(stretch(unit.pickupWindow, pickupMinutes), horizon - pickupMinutes, lastDeliveryActivity - journey - pickupMinutes) },
        pickupMinutes,
      );
      const delivery = task(
        'delivery',
        destination,
        {
          earliest: Math.max(unit.deliveryWindow.start, pickupEarliest + pickupMinutes + journey),
          latest: Math.min(stretch(unit.deliveryWindow, deliveryMinutes), horizon - deliveryMinutes),
        },
        deliveryMinutes,
      );
      this.links.push({ pickup, delivery, gap: pickupMinutes + journey });
      this.deliveries.push({ task: delivery, unit, lasting: this.addArrival(leg, unit, destination) });
      return pickup;
    }
    if (unit.type === 'collect_empty') {
      const place = unit.pickupPlaces[0]!;
      const minutes = unit.pickupMinutesPerNugget * unit.size;
      const clearBy = unit.mustClearBy ?? Infinity;
      return task(
        'pickup',
        place,
        { earliest: Math.max(unit.pickupWindow.start, arrival[place]!), latest: Math.min(unit.pickupWindow.end, horizon - minutes, clearBy - minutes) },
        minutes,
      );
    }
    const destination = unit.deliveryPlace!;
    const minutes = unit.deliveryMinutesPerNugget * unit.size;
    const delivery = task(
      'delivery',
      destination,
      // lorries start empty: at least a minute of loading comes first
      { earliest: Math.max(unit.deliveryWindow.start, arrival[destination]! + 1), latest: Math.min(stretch(unit.deliveryWindow, minutes), horizon - minutes) },
      minutes,
    );
    for (let k = 0; k < unit.size; k++) this.empties.push({ task: delivery, unit });
    this.deliveries.push({ task: delivery, unit, lasting: this.addArrival(leg, unit, destination) });
    return delivery;
  }

  /**
   * Nuggets a delivery leaves at the place for good: a move_nugget's Nuggets that no other leg
   * picks up there by name and no deliver_empty could take as empties; a deliver_empty's empties
   * (rule N1) when no leg picks up there by name. Returns how many.
   */
  private addArrival(leg: ProblemLeg, unit: Unit, place: number): number {
    if (this.problem.places[place]!.capacity === null) return 0;
    const namedHere = (this.namedPickups.get(place) ?? []).filter((other) => other.index !== leg.index);
    let staying: number;
    if (unit.type === 'deliver_empty') {
      staying = namedHere.length === 0 ? unit.size : 0;
    } else {
      const namedElsewhere = new Set(namedHere.flatMap((other) => this.context.nuggets.named(other)));
      staying = unit.nuggets.filter((nugget) => !namedElsewhere.has(nugget) && !this.couldBeTakenAsEmpty(nugget, place)).length;
    }
    if (staying > 0) this.arrivals.set(place, (this.arrivals.get(place) ?? 0) + staying);
    return staying;
  }

  private couldBeTakenAsEmpty(nuggetIndex: number, place: number): boolean {
    const nugget = this.problem.nuggets[nuggetIndex]!;
    const atWarehouse = this.problem.places[place]!.type === 'warehouse';
    return this.problem.legs.some(
      (leg) =>
        leg.type === 'deliver_empty' &&
        this.context.nuggets.possibleEmptyFor(nugget, leg) &&
        (atWarehouse || this.problem.units[leg.units[0]!]!.empties!.source === 'any_available'),
    );
  }

  finish(): RelaxationData {
    const { problem } = this;
    const pools = this.pools();
    const gaps = pools.flatMap((pool, index) => pool.gaps.map((gap) => ({ ...gap, pool: index + 1 })));
    const empties = this.emptySources();
    const capped = this.cappedPlaces();
    const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
    const drivingNeeded = this.drivingNeeded();
    const capacity = problem.drivers.reduce((sum, driver) => sum + drivingCapacity(driver, problem, calendar), 0);
    const unary = unaryResources(problem, this.context.paths, this.tasks);
    const timed = placeOverTime(problem, this.tasks, this.deliveries, this.loaderArrival, (nugget, place) => this.couldBeTakenAsEmpty(nugget, place));

    const data: ModelData = {
      horizon: problem.horizon,
      n_tasks: this.tasks.length,
      task_earliest: this.tasks.map((task) => task.earliest),
      task_latest: this.tasks.map((task) => task.latest),
      task_duration: this.tasks.map((task) => task.duration),
      n_links: this.links.length,
      link_pickup: this.links.map((link) => link.pickup + 1),
      link_delivery: this.links.map((link) => link.delivery + 1),
      link_gap: this.links.map((link) => link.gap),
      n_orders: this.orders.length,
      order_first: this.orders.map(([first]) => first + 1),
      order_second: this.orders.map(([, second]) => second + 1),
      n_pools: pools.length,
      pool_size: pools.map((pool) => pool.size),
      pool_tasks: pools.map((pool) => set(pool.tasks.map((task) => task + 1))),
      n_gaps: gaps.length,
      gap_pool: gaps.map((gap) => gap.pool),
      gap_start: gaps.map((gap) => gap.start),
      gap_length: gaps.map((gap) => gap.length),
      gap_members: gaps.map((gap) => gap.members),
      n_empties: empties.units.length,
      empty_task: empties.units.map((task) => task + 1),
      n_sources: empties.counts.length,
      source_count: empties.counts,
      empty_sources: empties.allowed.map((allowed) => set(allowed.map((source) => source + 1))),
      empty_ready: empties.ready,
      n_capped: capped.length,
      capped_capacity: capped.map((place) => place.capacity),
      capped_staying: capped.map((place) => place.staying),
      capped_arrivals: capped.map((place) => place.arrivals),
      driving_needed: drivingNeeded,
      driving_capacity: capacity,
      n_unary: unary.groups.length,
      unary_tasks: unary.groups.map((group) => set(group.tasks.map((task) => task + 1))),
      n_pairs: unary.pairs.length,
      pair_first: unary.pairs.map((pair) => pair.first + 1),
      pair_second: unary.pairs.map((pair) => pair.second + 1),
      pair_after_first: unary.pairs.map((pair) => pair.afterFirst),
      pair_after_second: unary.pairs.map((pair) => pair.afterSecond),
      n_blocks: unary.blocks.length,
      block_task: unary.blocks.map((block) => block.task + 1),
      block_from: unary.blocks.map((block) => block.from),
      block_to: unary.blocks.map((block) => block.to),
      n_timed: timed.places.length,
      timed_capacity: timed.places.map((place) => place.capacity),
      n_departures: timed.departures.length,
      departure_place: timed.departures.map((departure) => departure.place + 1),
      departure_earliest: timed.departures.map((departure) => departure.earliest),
      departure_nuggets: timed.departures.map((departure) => departure.nuggets),
      n_arrivals: timed.arrivals.length,
      arrival_task: timed.arrivals.map((arrival) => arrival.task + 1),
      arrival_place: timed.arrivals.map((arrival) => arrival.place + 1),
      arrival_nuggets: timed.arrivals.map((arrival) => arrival.nuggets),
      arrival_lasting: timed.arrivals.map((arrival) => arrival.lasting),
      arrival_latest_end: timed.arrivals.map((arrival) => arrival.latestEnd),
    };
    return {
      data,
      taskOf: this.taskOf,
      emptyUnits: this.empties.map((empty) => empty.unit.index),
      sourceOfNugget: this.sourceOfNugget,
      facts: {
        emptyWindows: this.emptyWindows,
        overfilledPlaces: capped.filter((place) => place.staying + place.arrivals > place.capacity),
        drivingNeeded,
        drivingCapacity: capacity,
        unaryConflicts: unary.conflicts,
        placeConflicts: timed.conflicts,
      },
    };
  }

  /**
   * Driver pools (per handling method, and all handlers together) and lorry pools (per method
   * and least capacity, and all lorries together). A driver without an HGV licence never moves,
   * so they count only for tasks at their start place: they join a pool when some of its tasks
   * are there (generous, as a relaxation must be).
   */
  private pools(): { size: number; tasks: number[]; gaps: { start: number; length: number; members: number }[] }[] {
    const { problem, tasks } = this;
    const pools: { size: number; tasks: number[]; gaps: { start: number; length: number; members: number }[] }[] = [];
    const add = (members: { availability: MinuteWindow[] }[], taskIndexes: number[]) => {
      if (taskIndexes.length === 0) return;
      pools.push({ size: members.length, tasks: taskIndexes, gaps: availabilityGaps(members, problem.horizon) });
    };
    const all = tasks.map((_, index) => index);
    const methods = (['crane', 'forklift'] as const).filter((method) => tasks.some((task) => task.method === method));
    const placesOf = (indexes: number[]) => new Set(indexes.map((index) => tasks[index]!.place));
    const handlers = (qualified: (driver: PlanningProblem['drivers'][number]) => boolean, indexes: number[]) => {
      const places = placesOf(indexes);
      return problem.drivers.filter((driver) => qualified(driver) && (driver.qualifications.hgv || places.has(driver.startPlace)));
    };
    for (const method of methods) {
      const ofMethod = all.filter((index) => tasks[index]!.method === method);
      add(handlers((driver) => driver.qualifications[method], ofMethod), ofMethod);
      const sizes = [...new Set(ofMethod.map((index) => tasks[index]!.size))].sort((a, b) => a - b);
      for (const size of sizes) {
        const lorries = problem.lorries.filter((lorry) => lorry.equipment[method] && lorry.capacity >= size);
        add(lorries, ofMethod.filter((index) => tasks[index]!.size >= size));
      }
    }
    if (methods.length > 1) {
      add(handlers((driver) => driver.qualifications.crane || driver.qualifications.forklift, all), all);
      add(problem.lorries.filter((lorry) => lorry.equipment.crane || lorry.equipment.forklift), all);
    }
    return pools;
  }

  /**
   * Classes of interchangeable empties (same place, same reservation, same warehouse
   * eligibility) and, for each deliver_empty delivery, the classes it may take from and when an
   * empty of each class could be there at the earliest (it is loaded first, by a lorry with
   * the equipment some leg's pickup needs). Eligibility is read as generously as the
   * pre-checks read it (in service, off-hire, not reserved for another leg; for warehouse_only,
   * able to be at a warehouse).
   */
  private emptySources(): { units: number[]; counts: number[]; allowed: number[][]; ready: number[][] } {
    const { problem, context } = this;
    if (this.empties.length === 0) return { units: [], counts: [], allowed: [], ready: [] };
    const classes = new Map<string, { index: number; place: number; reservedFor: string | null; warehouse: boolean; count: number }>();
    for (const nugget of problem.nuggets) {
      if (nugget.place < 0 || nugget.availability !== 'in_service' || nugget.onHire) continue;
      const warehouse = context.nuggets.canBeAtWarehouse(nugget);
      const key = `${nugget.place}|${nugget.reservedFor ?? ''}|${warehouse}`;
      let entry = classes.get(key);
      if (entry === undefined) classes.set(key, (entry = { index: classes.size, place: nugget.place, reservedFor: nugget.reservedFor, warehouse, count: 0 }));
      entry.count += 1;
      this.sourceOfNugget.set(nugget.index, entry.index);
    }
    const list = [...classes.values()];
    const allowed: number[][] = [];
    const ready: number[][] = [];
    for (const { unit } of this.empties) {
      const leg = problem.legs[unit.leg]!;
      const warehouseOnly = unit.empties!.source === 'warehouse_only';
      const destination = unit.deliveryPlace!;
      const row = list.map((entry) => this.loaderArrival[entry.place]! + 1 + context.paths.from(entry.place)[destination]!);
      allowed.push(
        list
          .filter((entry) => (entry.reservedFor === null || entry.reservedFor === leg.id) && (!warehouseOnly || entry.warehouse) && Number.isFinite(row[entry.index]!))
          .map((entry) => entry.index),
      );
      ready.push(row.map((value) => (Number.isFinite(value) ? Math.min(value, problem.horizon + 1) : problem.horizon + 1)));
    }
    return { units: this.empties.map((empty) => empty.task), counts: list.map((entry) => entry.count), allowed, ready };
  }

  /** Capacitated places that mandatory deliveries fill for good, with the Nuggets that can never leave them. */
  private cappedPlaces(): { placeId: string; capacity: number; staying: number; arrivals: number }[] {
    return [...this.arrivals.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, arrivals]) => {
        const place = this.problem.places[index]!;
        return { placeId: place.id, capacity: place.capacity!, staying: Math.max(0, place.initialOccupancy - this.context.nuggets.removableAt(index)), arrivals };
      });
  }

  /**
   * Each place where a mandatory handling happens and no lorry starts is reached by a journey
   * ending there (distinct places, distinct journeys), at least as long as the shortest entry
   * of the journey data into it.
   */
  private drivingNeeded(): number {
    const { problem } = this;
    const lorryStarts = new Set(problem.lorries.map((lorry) => lorry.startPlace));
    const visited = new Set(this.tasks.map((task) => task.place).filter((place) => !lorryStarts.has(place)));
    let total = 0;
    for (const place of visited) {
      let least = Infinity;
      for (let from = 0; from < problem.places.length; from++) if (from !== place) least = Math.min(least, problem.travelMinutes[from]![place]!);
      if (Number.isFinite(least)) total += least;
    }
    return total;
  }
}

/**
 * Stretches of [0, horizon) where fewer than all members are available, with how many are not.
 * A member is available on [start, end) of each window: an activity inside [start, end] occupies
 * the minutes [a, b) with start <= a and b <= end.
 */
function availabilityGaps(members: { availability: MinuteWindow[] }[], horizon: number): { start: number; length: number; members: number }[] {
  const events = new Map<number, number>();
  const bump = (at: number, delta: number) => events.set(at, (events.get(at) ?? 0) + delta);
  for (const member of members) {
    for (const window of member.availability) {
      if (window.end <= window.start) continue;
      bump(Math.max(0, window.start), 1);
      bump(Math.min(horizon, window.end), -1);
    }
  }
  const times = [...new Set([0, horizon, ...events.keys()])].filter((time) => time >= 0 && time <= horizon).sort((a, b) => a - b);
  const gaps: { start: number; length: number; members: number }[] = [];
  let available = 0;
  for (let i = 0; i < times.length - 1; i++) {
    available += events.get(times[i]!) ?? 0;
    const missing = members.length - available;
    const start = times[i]!;
    const length = times[i + 1]! - start;
    if (missing > 0 && length > 0) {
      const last = gaps[gaps.length - 1];
      if (last !== undefined && last.start + last.length === start && last.members === missing) last.length += length;
      else gaps.push({ start, length, members: missing });
    }
  }
  return gaps;
}
