/**
 * Unary resources of the relaxation: a driver or a lorry that is the only one able to do a set
 * of handling tasks. Whoever does a task does it at the task's place, inside their own
 * availability, one activity at a time, and gets from one place to the next by driving (a
 * driver moves only by their own `drive`s, a lorry only by `drive`s naming it, each at least the
 * journey minutes: at least the shortest journey between the two places in all). So two tasks of
 * one unary resource are ordered, the later one starting no earlier than the earlier one's end
 * plus the shortest journey between their places; and no task overlaps a gap in the member's
 * availability. See docs/validator.md ("Where things are", "Who may do what").
 */
import type { HandlingMethod } from '../../contract/index.ts';
import type { ShortestPaths } from '../prechecks/paths.ts';
import { lorryFits, type MinuteWindow, type PlanningProblem } from '../problem/index.ts';

/** What the unary resources need of a handling task (a unit's sub-interval at one stop). */
export interface HandlingTask {
  earliest: number;
  latest: number;
  duration: number;
  method: HandlingMethod;
  /** Nuggets of the unit (lorry room needed at once). */
  size: number;
  place: number;
  legId: string;
}

export interface UnaryGroup {
  kind: 'driver' | 'lorry';
  /** Index of the driver or lorry. */
  member: number;
  memberId: string;
  tasks: number[];
}

/** The two tasks of a pair are ordered one way or the other, with these least start-to-start gaps. */
export interface UnaryPair {
  first: number;
  second: number;
  /** Minutes from the first's start to the second's when the first goes first: its duration plus the shortest journey. */
  afterFirst: number;
  afterSecond: number;
}

/** The task's member is unavailable strictly between `from` and `to`: the task ends by `from` or starts at `to` or later. */
export interface UnaryBlock {
  task: number;
  from: number;
  to: number;
}

/** Two tasks that no order fits (a static conflict, named in the booking check's reason). */
export interface UnaryConflict {
  kind: 'driver' | 'lorry';
  memberId: string;
  legIds: [string, string];
}

export interface UnaryResources {
  groups: UnaryGroup[];
  pairs: UnaryPair[];
  blocks: UnaryBlock[];
  conflicts: UnaryConflict[];
}

interface Member {
  availability: MinuteWindow[];
}

/** The earliest start in [task.earliest, task.latest] with [start, start + duration] inside the window, or null. */
function fitIn(window: MinuteWindow, task: HandlingTask): number | null {
  const start = Math.max(window.start, task.earliest);
  return start <= task.latest && start + task.duration <= window.end ? start : null;
}

/** Whether some window of each member holds the whole task at one common start. */
function fitsTogether(a: Member, b: Member, task: HandlingTask): boolean {
  for (const wa of a.availability) {
    for (const wb of b.availability) {
      const both = { start: Math.max(wa.start, wb.start), end: Math.min(wa.end, wb.end) };
      if (both.start <= both.end && fitIn(both, task) !== null) return true;
    }
  }
  return false;
}

/**
 * Drivers and lorries that could do each task, as generously as the rules allow: a driver with
 * the handling qualification who can get to the place (an HGV licence, or starting there: a
 * driver who may not drive never moves), a lorry with the equipment and the room for the unit,
 * the two available together for the whole handling at some start the task's bounds allow.
 */
function eligibleCrews(problem: PlanningProblem, paths: ShortestPaths, task: HandlingTask): { drivers: Set<number>; lorries: Set<number> } {
  const lorries = problem.lorries.filter((lorry) => lorryFits(lorry, task.method, task.size));
  const drivers = new Set<number>();
  const usedLorries = new Set<number>();
  for (const driver of problem.drivers) {
    if (!driver.qualifications[task.method]) continue;
    if (!driver.qualifications.hgv && paths.from(driver.startPlace)[task.place] !== 0) continue;
    for (const lorry of lorries) {
      if (!fitsTogether(driver, lorry, task)) continue;
      drivers.add(driver.index);
      usedLorries.add(lorry.index);
    }
  }
  return { drivers, lorries: usedLorries };
}

/** Stretches of [0, horizon] outside every window of the member (inclusive windows: touching the gap's ends is allowed). */
function availabilityGaps(member: Member, horizon: number): { from: number; to: number }[] {
  const gaps: { from: number; to: number }[] = [];
  let free = 0;
  for (const window of member.availability) {
    if (window.start > free) gaps.push({ from: free, to: window.start });
    free = Math.max(free, window.end);
  }
  if (free < horizon) gaps.push({ from: free, to: horizon + 1 });
  return gaps;
}

/** Tasks the given member alone could do, grouped by member (only groups where order or availability can matter). */
export function unaryResources(problem: PlanningProblem, paths: ShortestPaths, tasks: readonly HandlingTask[]): UnaryResources {
  const byDriver = new Map<number, number[]>();
  const byLorry = new Map<number, number[]>();
  const push = (map: Map<number, number[]>, key: number, task: number) => map.set(key, [...(map.get(key) ?? []), task]);
  tasks.forEach((task, index) => {
    const { drivers, lorries } = eligibleCrews(problem, paths, task);
    if (drivers.size === 1) push(byDriver, [...drivers][0]!, index);
    if (lorries.size === 1) push(byLorry, [...lorries][0]!, index);
  });
  const groups: UnaryGroup[] = [
    ...[...byDriver].sort(([a], [b]) => a - b).map(([member, list]): UnaryGroup => ({ kind: 'driver', member, memberId: problem.drivers[member]!.id, tasks: list })),
    ...[...byLorry].sort(([a], [b]) => a - b).map(([member, list]): UnaryGroup => ({ kind: 'lorry', member, memberId: problem.lorries[member]!.id, tasks: list })),
  ];
  const pairs: UnaryPair[] = [];
  const blocks: UnaryBlock[] = [];
  const conflicts: UnaryConflict[] = [];
  const seenPairs = new Set<string>();
  for (const group of groups) {
    const member: Member = group.kind === 'driver' ? problem.drivers[group.member]! : problem.lorries[group.member]!;
    const gaps = availabilityGaps(member, problem.horizon);
    for (const task of group.tasks) {
      const { earliest, latest, duration } = tasks[task]!;
      // a gap the task cannot reach either way is no constraint
      for (const gap of gaps) if (latest + duration > gap.from && earliest < gap.to) blocks.push({ task, from: gap.from, to: gap.to });
    }
    for (let i = 0; i < group.tasks.length; i++) {
      for (let j = i + 1; j < group.tasks.length; j++) {
        const [a, b] = [group.tasks[i]!, group.tasks[j]!];
        const key = `${a}/${b}`;
        if (seenPairs.has(key)) continue;
        const ta = tasks[a]!;
        const tb = tasks[b]!;
        const afterFirst = ta.duration + paths.from(ta.place)[tb.place]!;
        const afterSecond = tb.duration + paths.from(tb.place)[ta.place]!;
        if (!Number.isFinite(afterFirst) || !Number.isFinite(afterSecond)) continue;
        // always satisfied one way round: nothing to say
        if (ta.latest + afterFirst <= tb.earliest || tb.latest + afterSecond <= ta.earliest) continue;
        seenPairs.add(key);
        pairs.push({ first: a, second: b, afterFirst, afterSecond });
        if (ta.earliest + afterFirst > tb.latest && tb.earliest + afterSecond > ta.latest) {
          conflicts.push({ kind: group.kind, memberId: group.memberId, legIds: [ta.legId, tb.legId] });
        }
      }
    }
  }
  return { groups, pairs, blocks, conflicts };
}
