/**
 * `npm run bench -- hours [routes]`: the drivers'-hours scheduler and checker on seeded random
 * routes (drive blocks of 10-90 min, work blocks of 5-30 min, a third with an earliest start),
 * as the planner calls them inside its search loops. Prints CPU microseconds per route
 * (process CPU time, so a busy shared machine does not inflate it).
 */
import { checkHours, createHoursCalendar, scheduleBlocks, type DriverHoursStart, type ScheduleBlock } from '../src/planning/hours/index.ts';

function routes(count: number, blocks: number, seed: number): ScheduleBlock[][] {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  return Array.from({ length: count }, () => {
    let clock = 480;
    return Array.from({ length: blocks }, (): ScheduleBlock => {
      const drive = next() < 0.5;
      const minutes = drive ? 10 + Math.floor(next() * 80) : 5 + Math.floor(next() * 25);
      clock += minutes + 5;
      return next() < 0.33 ? { kind: drive ? 'drive' : 'work', minutes, earliest: clock + Math.floor(next() * 40) } : { kind: drive ? 'drive' : 'work', minutes };
    });
  });
}

/** CPU microseconds (user + system) spent by `work`. */
function cpuMicros(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

export async function run(args: string[]): Promise<void> {
  const count = Number(args[0] ?? 2000);
  const calendar = createHoursCalendar('Europe/London', Date.parse('2026-03-02T00:00:00Z'));
  const start: DriverHoursStart = {
    driverId: 'bench',
    at: 0,
    counters: { drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, drivingThisWeek: 1200, drivingPreviousWeek: 2000 },
    rested: true,
    refreshes: [],
    allowancesMissing: false,
    dailyRestAssumed: false,
    availableBeforeObservation: false,
  };
  const rows: string[][] = [['blocks/route', 'routes', 'legal schedule', 'schedule us/route', 'check us/route']];
  for (const size of [5, 10, 15, 20]) {
    const batch = routes(count, size, 42 + size);
    for (const blocks of batch) scheduleBlocks(start, calendar, blocks, { readyAt: 420 }); // warm up the JIT and the calendar's caches
    let results: ReturnType<typeof scheduleBlocks>[] = [];
    const scheduleUs = cpuMicros(() => (results = batch.map((blocks) => scheduleBlocks(start, calendar, blocks, { readyAt: 420 })))) / count;
    const legal = results.flatMap((result) => (result.ok ? [result.pieces] : []));
    const checkUs = legal.length === 0 ? 0 : cpuMicros(() => legal.forEach((pieces) => checkHours(start, pieces, calendar))) / legal.length;
    rows.push([String(size), String(count), String(legal.length), scheduleUs.toFixed(1), checkUs.toFixed(1)]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
}
