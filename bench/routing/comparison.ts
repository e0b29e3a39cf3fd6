/**
 * The side-by-side routing summary: per instance class and solver, the mean gap over the
 * instances at the best-known vehicle count (a distance with more vehicles is not comparable),
 * the instances over the best-known vehicle count and by how many, and how fast each solver
 * came within 1 % of the best-known distance at the best-known vehicle count.
 */
import { printTable } from './table.ts';

/** One solver on one instance (also what `--json` writes). */
export interface ComparisonRow {
  solver: string;
  instance: string;
  /** lc1, lr2, ..., c1, rc2. */
  class: string;
  vehicles: number;
  bksVehicles: number | null;
  distance: number;
  bksDistance: number | null;
  /** 100 x (distance - BKS) / BKS, whatever the vehicle count. */
  gapPct: number | null;
  seconds: number;
  /** Seconds until the solver first held a solution within 1 % of the BKS at its vehicle count (null: never). */
  within1PctSeconds: number | null;
  feasible: boolean;
}

/** lc101 -> lc1, RC208 -> rc2 (as compare.mjs names classes). */
export function instanceClass(name: string): string {
  return name.replace(/\d\d$/, '').toLowerCase();
}

const mean = (values: number[]): number | null => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
const fixed = (value: number | null, digits: number): string => (value === null ? '-' : value.toFixed(digits));

function summaryRow(group: string, solver: string, rows: ComparisonRow[]): Record<string, string> {
  const atBks = rows.filter((row) => row.bksVehicles !== null && row.vehicles === row.bksVehicles && row.gapPct !== null);
  const over = rows.filter((row) => row.bksVehicles !== null && row.vehicles > row.bksVehicles);
  const extra = over.map((row) => row.vehicles - row.bksVehicles!);
  const reached = rows.flatMap((row) => (row.within1PctSeconds === null ? [] : [row.within1PctSeconds]));
  return {
    class: group,
    solver,
    n: String(rows.length),
    'gap % at bks veh': fixed(mean(atBks.map((row) => row.gapPct!)), 2),
    'n at bks veh': String(atBks.length),
    'over bks veh': String(over.length),
    'extra veh (max)': over.length === 0 ? '0' : `${extra.reduce((a, b) => a + b, 0)} (${Math.max(...extra)})`,
    'within 1 %': `${reached.length}/${rows.length}`,
    'mean s to 1 %': fixed(mean(reached), 2),
    infeasible: String(rows.filter((row) => !row.feasible).length),
  };
}

/** Prints the summary per class and over each set, the solvers of a class side by side. */
export function printComparison(rows: ComparisonRow[]): void {
  const solvers = [...new Set(rows.map((row) => row.solver))];
  const classes = [...new Set(rows.map((row) => row.class))].sort();
  const table: Record<string, string>[] = [];
  for (const group of classes) {
    for (const solver of solvers) {
      const mine = rows.filter((row) => row.class === group && row.solver === solver);
      if (mine.length > 0) table.push(summaryRow(group, solver, mine));
    }
  }
  const sets = [...new Set(rows.map((row) => (row.class.startsWith('l') ? 'Li & Lim' : 'Solomon')))];
  for (const set of sets) {
    for (const solver of solvers) {
      const mine = rows.filter((row) => row.solver === solver && (row.class.startsWith('l') ? 'Li & Lim' : 'Solomon') === set);
      if (mine.length > 0) table.push(summaryRow(`all ${set}`, solver, mine));
    }
  }
  printTable(table);
}

/** Whether a solution is within 1 % of the BKS distance at the BKS vehicle count. */
export function withinOnePercent(vehicles: number, distance: number, bks: { vehicles: number; distance: number } | null): boolean {
  return bks !== null && vehicles <= bks.vehicles && distance <= bks.distance * 1.01;
}
