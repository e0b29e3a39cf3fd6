/**
 * The check direction: a plan of the service written as values of models/horizon.mzn's
 * variables (the `fixed_*` arrays of models/horizon/fixed.mzn). The model accepts the plan when
 * it has a solution with these values; the choices the plan leaves implicit (which empty of a
 * class, the Nugget order bookkeeping, the drivers'-hours counters) are the solver's to find.
 *
 * A plan whose shape the model cannot state (a duty in no slot, four breaks on one journey, an
 * activity of no unit the model offers) gets a `PlanShapeError` saying where.
 */
import { LIMITS } from '../hours/rules.ts';
import type { Duty, Plan, PlanStop, StopActivity, TimeSpan } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import type { ExactInstance } from './data.ts';
import { deliveryNode, finishNode, nodeCount, pickupNode, startNode, type NodeNumbering } from './nodes.ts';

export class PlanShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanShapeError';
  }
}

/** Duty slots per availability window a plan needs (its most duties of one driver in one window). */
export function slotsNeeded(problem: PlanningProblem, plan: Plan): number {
  const counts = new Map<string, number>();
  for (const duty of plan.duties) {
    const window = windowOf(problem, duty);
    const key = `${duty.driver}:${window}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Math.max(1, ...counts.values());
}

const windowOf = (problem: PlanningProblem, duty: Duty) =>
  problem.drivers[duty.driver]!.availability.findIndex((window) => window.start <= duty.start && duty.end <= window.end);

/** A break of a journey: its minutes, the driving before it, and what its parts do to D1 (`runEffect`). */
interface ArcBreak {
  minutes: number;
  ahead: number;
  effect: number;
}

interface Arc {
  depart: number;
  /** The journey's breaks in order (none to three). */
  breaks: ArcBreak[];
}

/** The model's arrays of a journey's first, second and third break (hours.mzn). */
const BREAK_ARRAYS = [
  { minutes: 'fixed_break', ahead: 'fixed_before_break', effect: 'fixed_break_effect' },
  { minutes: 'fixed_second_break', ahead: 'fixed_before_second_break', effect: 'fixed_second_break_effect' },
  { minutes: 'fixed_third_break', ahead: 'fixed_before_third_break', effect: 'fixed_third_break_effect' },
] as const;

/** A node of a duty with its activity's start and end and the stop where it is. */
interface DutyNode {
  node: number;
  start: number;
  end: number;
  place: number;
  stop: PlanStop;
}

/**
 * The same plan as the `warm_*` data of models/horizon/warm.mzn (a warm start, not a constraint).
 * Activity ends are no decision of the search (the model's end is start plus the handling), so
 * they are checked (`fixed_end`) but not followed; nor are what the breaks' parts do to D1
 * (`fixed_*_effect`), which the search chooses.
 */
export function warmData(problem: PlanningProblem, instance: ExactInstance, plan: Plan): Record<string, number[]> {
  const followed = (name: string) => name !== 'fixed_end' && !BREAK_ARRAYS.some((names) => names.effect === name);
  return Object.fromEntries(Object.entries(fixedData(problem, instance, plan)).filter(([name]) => followed(name)).map(([name, values]) => [name.replace(/^fixed_/, 'warm_'), values]));
}

/** The `fixed_*` data for the plan, to merge into the instance's data. */
export function fixedData(problem: PlanningProblem, instance: ExactInstance, plan: Plan): Record<string, number[]> {
  const { layout } = instance;
  const numbering: NodeNumbering = { units: layout.units.length, duties: layout.slots.length };
  const count = nodeCount(numbering);
  const succ = new Array<number>(count).fill(0);
  const time = new Array<number>(count).fill(-1);
  const end = new Array<number>(count).fill(-1);
  const depart = new Array<number>(count).fill(-1);
  // per break of a journey: its minutes, the driving before it, its effect on D1 (-1: not visited)
  const breaks = BREAK_ARRAYS.map(() => ({ minutes: new Array<number>(count).fill(-1), ahead: new Array<number>(count).fill(-1), effect: new Array<number>(count).fill(-1) }));
  // where each visited node's activity is: the model chooses it for a deliver_empty's pickup and a collect_empty's delivery
  const place = new Array<number>(count).fill(0);
  const lorry = layout.slots.map(() => 0);
  const returns = layout.slots.map(() => 0);
  const visited = new Set<number>();

  const slotUse = new Map<string, number>();
  for (const duty of [...plan.duties].sort((a, b) => a.driver - b.driver || a.start - b.start)) {
    const window = windowOf(problem, duty);
    if (window < 0) throw new PlanShapeError(`driver ${problem.drivers[duty.driver]!.id}'s duty at minute ${duty.start} is in none of their availability windows`);
    const key = `${duty.driver}:${window}`;
    const order = slotUse.get(key) ?? 0;
    slotUse.set(key, order + 1);
    const windowSpan = problem.drivers[duty.driver]!.availability[window]!;
    const slot = layout.slots.findIndex((entry) => entry.driver === duty.driver && entry.window.start === windowSpan.start && entry.order === order);
    if (slot < 0) throw new PlanShapeError(`driver ${problem.drivers[duty.driver]!.id} has more duties in one window than the model has slots`);
    lorry[slot] = duty.lorry + 1;

    const nodes = dutyNodes(layout.unitOf, numbering, duty, slot);
    const back = returnStop(problem, duty);
    returns[slot] = back === null ? 0 : 1;
    const arcs = dutyArcs(problem, duty, nodes, back);
    nodes.forEach(({ node, start, end: until, place: at }, position) => {
      visited.add(node);
      time[node - 1] = start;
      end[node - 1] = until;
      place[node - 1] = at + 1;
      succ[node - 1] = nodes[position + 1]?.node ?? finishNode(numbering, slot);
      const arc = arcs[position]!;
      depart[node - 1] = arc.depart;
      breaks.forEach((arrays, b) => {
        const pause = arc.breaks[b];
        arrays.minutes[node - 1] = pause?.minutes ?? 0;
        arrays.ahead[node - 1] = pause?.ahead ?? 0;
        arrays.effect[node - 1] = pause?.effect ?? -1;
      });
    });
    time[finishNode(numbering, slot) - 1] = dutyEnd(duty);
  }
  // unused slots go start -> finish; nodes not visited are left to the model (chained on OUT)
  layout.slots.forEach((_, slot) => {
    if (lorry[slot] === 0) succ[startNode(numbering, slot) - 1] = finishNode(numbering, slot);
  });
  for (let node = 1; node <= 2 * numbering.units; node++) if (!visited.has(node)) time[node - 1] = 0;
  const breakData = BREAK_ARRAYS.flatMap((names, b) => [[names.minutes, breaks[b]!.minutes], [names.ahead, breaks[b]!.ahead], [names.effect, breaks[b]!.effect]] as const);
  return { fixed_succ: succ, fixed_loc: place, fixed_time: time, fixed_depart: depart, ...Object.fromEntries(breakData), fixed_lorry: lorry, fixed_returns: returns, fixed_end: end };
}

const NODE_KINDS: ReadonlySet<StopActivity['kind']> = new Set(['service', 'pickup', 'delivery', 'yard_work']);

/**
 * The duty's drive back to where it started after its last activity: its last stop, when no
 * activity of the model's nodes is there (the planner's duties end so); null when the duty ends
 * with its last activity.
 */
function returnStop(problem: PlanningProblem, duty: Duty): PlanStop | null {
  const last = duty.stops[duty.stops.length - 1]!;
  if (duty.stops.length < 2 || last.activities.some((activity) => NODE_KINDS.has(activity.kind))) return null;
  const base = duty.stops[0]!.place;
  if (last.place !== base) throw new PlanShapeError(`a duty of driver ${problem.drivers[duty.driver]!.id} ends at a stop with no activity that is not where it started (minute ${last.arrive})`);
  return last;
}

/** The duty's nodes in order with their activity starts (the walk-round check is the start node). */
function dutyNodes(unitOf: Map<number, number>, numbering: NodeNumbering, duty: Duty, slot: number): DutyNode[] {
  const nodes: DutyNode[] = [];
  for (const stop of duty.stops) {
    for (const activity of [...stop.activities].sort((a, b) => a.start - b.start || a.end - b.end)) {
      const node = activityNode(unitOf, numbering, activity, slot, nodes.length === 0);
      if (node !== null) nodes.push({ node, start: activity.start, end: activity.end, place: stop.place, stop });
    }
  }
  if (nodes[0]?.node !== startNode(numbering, slot)) throw new PlanShapeError(`a duty of slot ${slot} does not start with its walk-round check`);
  return nodes;
}

function activityNode(unitOf: Map<number, number>, numbering: NodeNumbering, activity: StopActivity, slot: number, first: boolean): number | null {
  switch (activity.kind) {
    case 'service':
      if (!first) throw new PlanShapeError('a walk-round check inside a duty (a lorry change) is two duties in the model');
      return startNode(numbering, slot);
    case 'pickup':
    case 'delivery':
    case 'yard_work': {
      if (activity.unit === null) throw new PlanShapeError('yard work for no leg is not in the model');
      const unit = unitOf.get(activity.unit);
      if (unit === undefined) throw new PlanShapeError(`unit ${activity.unit} is not offered to the model`);
      return activity.kind === 'pickup' ? pickupNode(numbering, unit) : deliveryNode(numbering, unit);
    }
    default:
      return null;
  }
}

/** When the duty's last activity ends, as its manifest writes it (idle time to the last stop's departure is a wait). */
function dutyEnd(duty: Duty): number {
  const last = duty.stops[duty.stops.length - 1]!;
  return Math.max(last.depart, ...last.activities.map((activity) => activity.end));
}

/** A run of break activities back to back on a journey: one break of the model (hours.mzn says why). */
interface BreakRun {
  start: number;
  end: number;
  /** Its break activities' minutes, in order. */
  parts: number[];
}

/**
 * For each node, the arc to the next: when it departs and its breaks (up to three). A break after
 * the node's activity at its stop is taken before driving (ahead 0); an en-route break is `ahead`
 * minutes into the drive; a break at the next stop before its first activity is taken on arrival.
 * Break activities back to back are one break. The model's journey runs without idle time from
 * its first break to its last (a wait is before the first or after the last), so a plan with
 * idle time between two breaks of a journey (at one stop, or after a break before driving, or
 * before a break on arrival) has no such journey in the model. The last node's arc is the drive
 * back to the duty's start place when there is one (`back`); after it, or after the last node
 * when there is none, the duty may idle until it ends (at its last stop, with one break).
 */
function dutyArcs(problem: PlanningProblem, duty: Duty, nodes: DutyNode[], back: PlanStop | null): Arc[] {
  const breaks = duty.stops.flatMap((stop) => [
    ...stop.enRouteBreaks.map((pause) => ({ start: pause.start, end: pause.end })),
    ...stop.activities.filter((activity) => activity.kind === 'break').map((pause) => ({ start: pause.start, end: pause.end })),
  ]);
  const departures = new Map(duty.stops.map((stop) => [stop, stop.depart]));
  const end = dutyEnd(duty);
  return nodes.map((entry, position) => {
    const following = nodes[position + 1];
    const next = following ?? (back === null ? { start: end, place: entry.place, stop: entry.stop } : { start: back.arrive, place: back.place, stop: back });
    // the breaks of the arc: up to the next activity, or (the last arc) to the duty's end
    const until = following === undefined ? end : next.start;
    const runs = breakRuns(breaks.filter((pause) => pause.start >= entry.end && pause.end <= until));
    const where = `between two activities (minute ${runs[0]?.start ?? entry.end})`;
    if (runs.length > BREAK_ARRAYS.length) throw new PlanShapeError(`${runs.length} breaks ${where}: the model takes up to three per journey`);
    const sameStop = entry.place === next.place;
    const leave = sameStop ? entry.end : departures.get(entry.stop)!;
    const drive = sameStop ? 0 : problem.travelMinutes[entry.place]![next.place]!;
    const arrive = sameStop ? entry.end : next.stop.arrive;
    if (runs.length === 0) return { depart: leave, breaks: [] };
    // driving before each break: none at the stop before driving, all of it on arrival, else the drive so far
    let enRouteBefore = 0;
    const placed = runs.map((run) => {
      const ahead = sameStop || run.end <= leave ? 0 : run.start >= arrive ? drive : run.start - leave - enRouteBefore;
      if (ahead > 0 && ahead < drive) enRouteBefore += run.end - run.start;
      return { ...run, ahead };
    });
    // driving, and no idle time, between one break and the next
    for (let b = 1; b < placed.length; b += 1) {
      const [one, next] = [placed[b - 1]!, placed[b]!];
      if (!(next.ahead > one.ahead && next.start === one.end + next.ahead - one.ahead)) {
        throw new PlanShapeError(`two breaks with idle time between them ${where}: the model's journey has none there`);
      }
    }
    const first = placed[0]!;
    return { depart: first.start - first.ahead, breaks: placed.map((run) => ({ minutes: run.end - run.start, ahead: run.ahead, effect: runEffect(run.parts) })) };
  });
}

/**
 * The breaks in time order, those back to back joined. A break activity shorter than a break is
 * a wait to the hours engine: it joins none (the model, which takes no break that short, rejects it).
 */
function breakRuns(breaks: TimeSpan[]): BreakRun[] {
  const runs: BreakRun[] = [];
  const isBreak = (minutes: number) => minutes >= LIMITS.shortestBreak;
  for (const pause of [...breaks].sort((a, b) => a.start - b.start)) {
    const last = runs[runs.length - 1];
    const minutes = pause.end - pause.start;
    if (last !== undefined && last.end === pause.start && isBreak(minutes) && last.parts.every(isBreak)) {
      last.end = pause.end;
      last.parts.push(minutes);
    } else runs.push({ start: pause.start, end: pause.end, parts: [minutes] });
  }
  return runs;
}

/**
 * What a run's parts do to D1 as the hours engine counts them (tracker.ts `rest`), for
 * models/horizon/fixed.mzn: (qualifies + 2 * leaves a split pending) with no split pending before
 * it, plus 4 times the same with one pending.
 */
function runEffect(parts: readonly number[]): number {
  const effect = (pending: boolean) => {
    let qualifies = false;
    for (const minutes of parts) {
      if (minutes >= LIMITS.fullBreak || (pending && minutes >= LIMITS.splitSecondPart)) {
        qualifies = true;
        pending = false;
      } else pending = true;
    }
    return (qualifies ? 1 : 0) + (pending ? 2 : 0);
  };
  return effect(false) + 4 * effect(true);
}
