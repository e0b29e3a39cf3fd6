/**
 * A solution of models/horizon.mzn as the planner's `Plan` (src/planning/plan/types.ts), which
 * manifest assembly writes out and the validator checks. Each used duty slot is a duty: its
 * nodes in route order, consecutive nodes at one place forming one stop; each break of an arc (up
 * to three) is a stop activity when it is taken before driving (or on arrival), an en-route break
 * otherwise, written as the break activities back to back that do to D1 what the model chose.
 * A duty that drives back to where it started (`returns_to_base`) ends with a stop there with
 * no activity, reached by the last node's arc.
 */
import type { Duty, PlanStop, StopActivity, TimeSpan } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import { LIMITS } from '../hours/rules.ts';
import type { ExactLayout } from './data.ts';
import { finishNode, nodeRole, startNode, type NodeNumbering } from './nodes.ts';

/** The output variables read back (MiniZinc JSON, 1-based arrays as 0-based JS arrays). */
export interface HorizonSolution {
  succ: number[];
  time: number[];
  depart: number[];
  drive: number[];
  before_break: number[];
  break_len: number[];
  second_break: number[];
  before_second_break: number[];
  split_taken: boolean[];
  qualifies: boolean[];
  split_after: boolean[];
  qualifies_second: boolean[];
  third_break: number[];
  before_third_break: number[];
  split_after_second: boolean[];
  qualifies_third: boolean[];
  loc: number[];
  served: boolean[];
  lorry: number[];
  returns_to_base: boolean[];
  redirect: number[];
  via_collection: boolean[];
  from_class: number[][];
  takes: boolean[][];
  passed_on: number[];
}

export interface DecodedPlan {
  duties: Duty[];
  /** Problem unit indexes served. */
  servedUnits: number[];
}

export function decodeSolution(problem: PlanningProblem, layout: ExactLayout, solution: HorizonSolution): DecodedPlan {
  const numbering: NodeNumbering = { units: layout.units.length, duties: layout.slots.length };
  const nuggetsOf = chosenNuggets(problem, layout, solution);
  const duties: Duty[] = [];
  layout.slots.forEach((slot, duty) => {
    const lorry = solution.lorry[duty]!;
    if (lorry === 0) return;
    const nodes: number[] = [];
    for (let node = startNode(numbering, duty); node !== finishNode(numbering, duty); node = solution.succ[node - 1]!) nodes.push(node);
    const finish = finishNode(numbering, duty);
    const back = solution.returns_to_base[duty] === true ? finish : null;
    duties.push(dutyOf(problem, layout, numbering, solution, { nodes, back, end: value(solution.time, finish) }, nuggetsOf, { driver: slot.driver, lorry: lorry - 1 }));
  });
  duties.sort((a, b) => a.driver - b.driver || a.start - b.start);
  const servedUnits = layout.units.filter((_, position) => solution.served[position]);
  return { duties, servedUnits };
}

const value = (array: number[], node: number) => array[node - 1]!;

type NuggetsOf = (modelUnit: number, which?: 'all' | 'picked') => string[];

function dutyOf(
  problem: PlanningProblem,
  layout: ExactLayout,
  numbering: NodeNumbering,
  solution: HorizonSolution,
  route: { nodes: number[]; back: number | null; end: number },
  nuggetsOf: NuggetsOf,
  crew: { driver: number; lorry: number },
): Duty {
  const { nodes, back, end: finishTime } = route;
  const stops: PlanStop[] = [];
  let current: PlanStop | null = null;
  let pendingEnRoute: TimeSpan[] = [];
  let arrivalBreaks: TimeSpan[] = [];
  let arrive = 0;
  nodes.forEach((node, position) => {
    const place = value(solution.loc, node) - 1;
    if (current === null || current.place !== place) {
      current = { place, arrive: position === 0 ? value(solution.time, node) : arrive, depart: 0, enRouteBreaks: pendingEnRoute, activities: [] };
      current.activities.push(...arrivalBreaks.map((span) => ({ kind: 'break' as const, ...span })));
      stops.push(current);
      pendingEnRoute = [];
      arrivalBreaks = [];
    }
    const activity = nodeActivity(problem, layout, numbering, solution, node, nuggetsOf);
    current.activities.push(activity);
    // the arc to the next node (the last node's arc leads to the finish: nothing, or the drive back)
    const { end } = activity;
    const next = nodes[position + 1] ?? back ?? undefined;
    // no next node: the duty ends here, idle until its finish (the arc's break, if any, at the stop)
    const sameStop = next === undefined || value(solution.loc, next) - 1 === place;
    const drive = value(solution.drive, node);
    // the journey: from `depart`, drive to each break, take it, drive on (hours.mzn)
    let clock = value(solution.depart, node);
    let driven = 0;
    let leave = clock;
    let reach = clock + drive;
    for (const pause of journeyBreaks(solution, node)) {
      clock += pause.ahead - driven;
      driven = pause.ahead;
      const parts = breakParts(pause, clock);
      if (sameStop || pause.ahead === 0) {
        current.activities.push(...parts.map((span) => ({ kind: 'break' as const, ...span })));
        leave = clock + pause.minutes;
      } else if (pause.ahead < drive) {
        pendingEnRoute.push(...parts);
      } else {
        arrivalBreaks.push(...parts);
        reach = clock;
      }
      clock += pause.minutes;
      if (pause.ahead < drive || sameStop) reach = clock + drive - driven;
    }
    current.depart = next === undefined ? Math.max(end, finishTime) : sameStop ? end : leave;
    arrive = reach;
  });
  if (back !== null) {
    // the drive back, then idle until the finish (a break on arrival, waits)
    const activities: StopActivity[] = arrivalBreaks.map((span) => ({ kind: 'break' as const, ...span }));
    stops.push({ place: value(solution.loc, back) - 1, arrive, depart: Math.max(arrive, finishTime), enRouteBreaks: pendingEnRoute, activities });
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  return { driver: crew.driver, lorry: crew.lorry, start: first.arrive, end: last.depart, stops };
}

/** A break of a journey as the model took it: its minutes, the driving before it, and what it did to D1. */
interface JourneyBreak {
  minutes: number;
  ahead: number;
  /** A split was pending before it. */
  pending: boolean;
  qualifies: boolean;
  /** A split is pending after it. */
  pendingAfter: boolean;
}

/** The node's arc's breaks in order (none to three), with the D1 state the model gave each. */
function journeyBreaks(solution: HorizonSolution, node: number): JourneyBreak[] {
  const index = node - 1;
  // each break's own arrays; a split pending after the third is the next arc's pending one
  const lanes = [
    { minutes: solution.break_len, ahead: solution.before_break, qualifies: solution.qualifies, pendingAfter: solution.split_after },
    { minutes: solution.second_break, ahead: solution.before_second_break, qualifies: solution.qualifies_second, pendingAfter: solution.split_after_second },
    { minutes: solution.third_break, ahead: solution.before_third_break, qualifies: solution.qualifies_third, pendingAfter: null },
  ];
  const breaks: JourneyBreak[] = [];
  let pending = solution.split_taken[index]!;
  for (const lane of lanes) {
    const pendingAfter = lane.pendingAfter ? lane.pendingAfter[index]! : solution.split_taken[solution.succ[index]! - 1]!;
    breaks.push({ minutes: lane.minutes[index]!, ahead: lane.ahead[index]!, pending, qualifies: lane.qualifies[index]!, pendingAfter });
    pending = pendingAfter;
  }
  return breaks.filter((pause) => pause.minutes > 0);
}

/** The longest break that never qualifies after a split part (its parts are 15-29 min). */
const LONGEST_SPLIT_PART = LIMITS.splitSecondPart - 1;

/**
 * A break of the model written as break activities back to back whose effect on D1, as the hours
 * engine counts them (each a break of its own), is the one the model chose (hours.mzn): one
 * activity when it qualifies (and leaves no split pending) or is too short to qualify; a
 * qualifying part and then 15 min when it also leaves a split pending; parts of 15-29 min when
 * it is long enough to qualify but does not.
 */
function breakParts(pause: JourneyBreak, start: number): TimeSpan[] {
  const whole = [{ start, end: start + pause.minutes }];
  if (pause.qualifies) {
    return pause.pendingAfter ? [{ start, end: start + pause.minutes - LIMITS.shortestBreak }, { start: start + pause.minutes - LIMITS.shortestBreak, end: start + pause.minutes }] : whole;
  }
  if (pause.minutes < (pause.pending ? LIMITS.splitSecondPart : LIMITS.fullBreak)) return whole;
  const count = Math.ceil(pause.minutes / LONGEST_SPLIT_PART);
  const parts: TimeSpan[] = [];
  let from = start;
  for (let part = 0; part < count; part++) {
    const minutes = Math.floor(pause.minutes / count) + (part < pause.minutes % count ? 1 : 0);
    parts.push({ start: from, end: from + minutes });
    from += minutes;
  }
  return parts;
}

function activityMinutes(problem: PlanningProblem, layout: ExactLayout, numbering: NodeNumbering, solution: HorizonSolution, node: number): number {
  const role = nodeRole(numbering, node);
  if (role.kind === 'start') return problem.walkRoundCheckMinutes;
  if (role.kind === 'finish') return 0;
  const unit = problem.units[layout.units[role.unit]!]!;
  if (role.kind === 'delivery') return unit.size * unit.deliveryMinutesPerNugget;
  // a deliver_empty's pickup loads only the empties not carried on from collections
  const carriedOn = solution.redirect.filter((taker) => taker === role.unit + 1).length;
  return (unit.size - carriedOn) * unit.pickupMinutesPerNugget;
}

function nodeActivity(
  problem: PlanningProblem,
  layout: ExactLayout,
  numbering: NodeNumbering,
  solution: HorizonSolution,
  node: number,
  nuggetsOf: NuggetsOf,
): StopActivity {
  const role = nodeRole(numbering, node);
  const start = value(solution.time, node);
  const end = start + activityMinutes(problem, layout, numbering, solution, node);
  if (role.kind === 'start' || role.kind === 'finish') return { kind: 'service', start, end };
  const unitIndex = layout.units[role.unit]!;
  const unit = problem.units[unitIndex]!;
  if (role.kind === 'pickup') return { kind: 'pickup', unit: unitIndex, nuggetIds: nuggetsOf(role.unit, 'picked'), start, end };
  // a delivery node: a deliver_empty's may unload an empty a collection carried on
  const nuggetIds = nuggetsOf(role.unit);
  if (unit.type === 'collect_empty') return { kind: 'yard_work', unit: unitIndex, nuggetIds, start, end };
  return { kind: 'delivery', unit: unitIndex, nuggetIds, start, end };
}

/**
 * The Nugget ids each model unit handles: named ones, or the empties the solution chose (class
 * members in id order; an empty passed on, the first of those the earlier unit delivered and has
 * not passed on yet); with 'picked', those its own pickup loads (a deliver_empty's, without the
 * empties collections carry on to it).
 */
function chosenNuggets(problem: PlanningProblem, layout: ExactLayout, solution: HorizonSolution): NuggetsOf {
  const ids = new Map<number, string[]>();
  const idOf = (nugget: number) => problem.nuggets[nugget]!.id;
  layout.units.forEach((unitIndex, position) => {
    const unit = problem.units[unitIndex]!;
    if (unit.type !== 'deliver_empty') ids.set(position, unit.nuggets.map(idOf));
    else ids.set(position, []);
  });
  // per class and unit, the class's empties the unit delivers, and how many it has passed on
  const held = layout.classes.map(() => new Map<number, { ids: string[]; passed: number }>());
  const holding = (k: number, unit: number) => {
    let entry = held[k]!.get(unit);
    if (entry === undefined) held[k]!.set(unit, (entry = { ids: [], passed: 0 }));
    return entry;
  };
  layout.classes.forEach((entry, k) => {
    const members = [...entry.nuggets].sort((a, b) => (idOf(a) < idOf(b) ? -1 : 1));
    let next = 0;
    layout.units.forEach((_, position) => {
      const count = solution.from_class[k]?.[position] ?? 0;
      for (let taken = 0; taken < count; taken++) holding(k, position).ids.push(idOf(members[next++]!));
    });
  });
  // passes in an order where every pass into a unit comes before the passes from it (time order)
  const pending = layout.passes.map((pass, index) => ({ ...pass, count: solution.passed_on[index] ?? 0 })).filter((pass) => pass.count > 0);
  while (pending.length > 0) {
    const ready = pending.findIndex((pass) => !pending.some((other) => other.to === pass.from && other.emptyClass === pass.emptyClass));
    if (ready < 0) throw new Error('decodeSolution: the solution passes empties round a cycle');
    const [{ emptyClass, from, to, count }] = pending.splice(ready, 1) as [(typeof pending)[number]];
    const source = holding(emptyClass, from);
    holding(emptyClass, to).ids.push(...source.ids.slice(source.passed, source.passed + count));
    source.passed += count;
  }
  for (const byUnit of held) for (const [unit, entry] of byUnit) ids.get(unit)!.push(...entry.ids);
  solution.takes.forEach((takers, t) => {
    takers.forEach((taken, position) => {
      if (taken) ids.get(position)!.push(idOf(layout.tracked[t]!));
    });
  });
  const carried = new Set<string>();
  solution.redirect.forEach((taker, collection) => {
    if (taker > 0) carried.add(`${taker - 1}:${ids.get(collection)![0]}`);
  });
  return (modelUnit, which = 'all') => (which === 'all' ? ids.get(modelUnit)! : ids.get(modelUnit)!.filter((id) => !carried.has(`${modelUnit}:${id}`)));
}

