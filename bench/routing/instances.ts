/**
 * Readers for the public routing benchmarks in ../shared/bench-data (formats in its README):
 * Li & Lim PDPTW and Solomon VRPTW, turned into `RoutingInstance`s for models/pdptw.mzn.
 *
 * Scaling: travel time = Euclidean distance; the model works in integer thousandths
 * (`SCALE` = 1000). Travel times are rounded UP to the thousandth, windows and service times are
 * integers in the files and scale exactly, so every route the model accepts is feasible with the
 * exact double-precision distances. Thousandths, not hundredths: in hundredths the rounding summed
 * over a route's arcs makes the best-known routes of lr106 and lr203 miss a window (each arc
 * gains up to 0.01); in thousandths every Li & Lim best-known solution in ../shared/bench-data
 * is feasible. Reported distances are recomputed in double precision.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteStop, RoutingInstance, RoutingRequest } from '../../src/routing/index.ts';

export const SCALE = 1000;

export interface BenchmarkInstance {
  family: 'lilim' | 'solomon';
  instance: RoutingInstance;
  /** Coordinates of each location (index as in `instance.travel`). */
  points: [number, number][];
  bks: { vehicles: number; distance: number } | null;
}

function euclid(a: [number, number], b: [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function scaledTravel(points: [number, number][]): number[][] {
  return points.map((a) => points.map((b) => Math.ceil(euclid(a, b) * SCALE - 1e-6)));
}

function numbers(line: string): number[] {
  return line.trim().split(/\s+/).filter((token) => token.length > 0).map(Number);
}

function readBks(dir: string): Map<string, { vehicles: number; distance: number }> {
  const rows = readFileSync(join(dir, 'bks.csv'), 'utf8').split(/\r?\n/).slice(1).filter((row) => row.trim() !== '');
  return new Map(rows.map((row) => {
    const [name, vehicles, distance] = row.split(',');
    return [name!.toLowerCase(), { vehicles: Number(vehicles), distance: Number(distance) }];
  }));
}

/** Li & Lim: `K Q speed`, then `id x y demand earliest latest service pickup delivery`; task 0 is the depot. */
export function readLiLim(dir: string, name: string): BenchmarkInstance {
  const lines = readFileSync(join(dir, `${name}.txt`), 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  const [vehicleCount, capacity] = numbers(lines[0]!);
  const tasks = lines.slice(1).map(numbers);
  const points = tasks.map((task) => [task[1]!, task[2]!] as [number, number]);
  const byId = new Map(tasks.map((task, index) => [task[0]!, index]));
  const depot = tasks[0]!;
  const requests: RoutingRequest[] = [];
  for (const [index, task] of tasks.entries()) {
    if (index === 0 || task[7] !== 0) continue; // a pickup names its delivery and has pickup index 0
    const delivery = byId.get(task[8]!);
    if (delivery === undefined) throw new Error(`${name}: task ${task[0]} names a missing delivery ${task[8]}`);
    const other = tasks[delivery]!;
    requests.push({
      pickupLocation: index,
      deliveryLocation: delivery,
      pickupWindow: { earliest: task[4]! * SCALE, latest: task[5]! * SCALE },
      deliveryWindow: { earliest: other[4]! * SCALE, latest: other[5]! * SCALE },
      pickupService: task[6]! * SCALE,
      deliveryService: other[6]! * SCALE,
      quantity: task[3]!,
      droppable: false,
      group: requests.length,
      deliverAtRouteEnd: false,
      eligibleVehicles: null,
    });
  }
  const horizon = depot[5]! * SCALE;
  const instance: RoutingInstance = {
    name,
    travel: scaledTravel(points),
    horizon,
    requests,
    vehicles: Array.from({ length: vehicleCount! }, () => ({
      startLocation: 0,
      endLocation: 0,
      window: { earliest: depot[4]! * SCALE, latest: horizon },
      capacity: capacity!,
      drivingDone: 0,
      drivingSinceBreak: 0,
    })),
    hours: null,
    vehiclesFirst: true,
  };
  return { family: 'lilim', instance, points, bks: readBks(dir).get(name.toLowerCase()) ?? null };
}

/**
 * Solomon: a VEHICLE block (number, capacity), then CUSTOMER rows `id x y demand ready due service`.
 * A customer becomes a request picked up at the customer and delivered at the route's end (the
 * depot, `deliverAtRouteEnd`): the load a route carries is the sum of its customers' demands, as
 * in the VRPTW, and the time window is the customer's.
 */
export function readSolomon(dir: string, name: string): BenchmarkInstance {
  const lines = readFileSync(join(dir, `${name}.txt`), 'utf8').split(/\r?\n/);
  const vehicleLine = lines.findIndex((line) => line.trim().startsWith('NUMBER'));
  const [vehicleCount, capacity] = numbers(lines[vehicleLine + 1]!);
  const customerHeader = lines.findIndex((line) => line.trim().startsWith('CUST NO'));
  const rows = lines.slice(customerHeader + 1).map(numbers).filter((row) => row.length >= 7);
  const points = rows.map((row) => [row[1]!, row[2]!] as [number, number]);
  const depot = rows[0]!;
  const horizon = depot[5]! * SCALE;
  const requests: RoutingRequest[] = rows.slice(1).map((row, index) => ({
    pickupLocation: index + 1,
    deliveryLocation: 0,
    pickupWindow: { earliest: row[4]! * SCALE, latest: row[5]! * SCALE },
    deliveryWindow: { earliest: 0, latest: horizon },
    pickupService: row[6]! * SCALE,
    deliveryService: 0,
    quantity: row[3]!,
    droppable: false,
    group: index,
    deliverAtRouteEnd: true,
    eligibleVehicles: null,
  }));
  const instance: RoutingInstance = {
    name,
    travel: scaledTravel(points),
    horizon,
    requests,
    vehicles: Array.from({ length: vehicleCount! }, () => ({
      startLocation: 0,
      endLocation: 0,
      window: { earliest: depot[4]! * SCALE, latest: horizon },
      capacity: capacity!,
      drivingDone: 0,
      drivingSinceBreak: 0,
    })),
    hours: null,
    vehiclesFirst: true,
  };
  return { family: 'solomon', instance, points, bks: readBks(dir).get(name.toLowerCase()) ?? null };
}

/** Total Euclidean distance of the routes in double precision (what the BKS report). */
export function exactDistance(benchmark: BenchmarkInstance, routes: RouteStop[][]): number {
  const { instance, points } = benchmark;
  let total = 0;
  for (const [k, stops] of routes.entries()) {
    if (stops.length === 0) continue;
    const vehicle = instance.vehicles[k]!;
    let at = vehicle.startLocation;
    for (const stop of stops) {
      const request = instance.requests[stop.request]!;
      const next = stop.kind === 'pickup' ? request.pickupLocation : request.deliveryLocation;
      total += euclid(points[at]!, points[next]!);
      at = next;
    }
    total += euclid(points[at]!, points[vehicle.endLocation]!);
  }
  return total;
}
