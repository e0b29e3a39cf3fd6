/**
 * Brute-force search for a single-leg plan of the scenario's leg `leg`: one driver and one lorry
 * that start at the same place, a direct route (start -> pickup -> delivery), every walk-round
 * check, drive and handling inside both availabilities and the planning period, windows,
 * capacities, Nugget eligibility, and drivers' hours kept with margin (the plan fits inside the
 * counters without any break). Every duty start minute is tried; after it each step is placed
 * as early as it fits, which is optimal for this plan shape (later steps only get later).
 * It is deliberately written apart from the planner: it reads the numeric scenario only.
 */
import type { Method, Scenario, ScenarioDriver, ScenarioLorry, Span } from './scenario.ts';

type Step =
  | { kind: 'service' | 'handling'; duration: number; startWindow?: Span }
  | { kind: 'drive'; from: number; to: number; latestStart?: number };

const WALK_ROUND = 15;

const inside = (windows: readonly Span[], start: number, end: number) => windows.some((window) => window.start <= start && end <= window.end);

/** Places each step as early as possible from `t0`; returns the end minute and driving total, or null. */
function schedule(steps: readonly Step[], t0: number, scenario: Scenario, driver: ScenarioDriver, lorry: ScenarioLorry) {
  const fits = (start: number, end: number) => start >= 0 && end <= scenario.horizon && inside(driver.windows, start, end) && inside(lorry.windows, start, end);
  let time = t0;
  let driving = 0;
  for (const [index, step] of steps.entries()) {
    const duration = step.kind === 'drive' ? scenario.minutes[step.from]![step.to]! : step.duration;
    const earliest = index === 0 ? t0 : Math.max(time, step.kind === 'handling' ? (step.startWindow?.start ?? time) : time);
    const latest = Math.min(
      index === 0 ? t0 : scenario.horizon,
      step.kind === 'handling' ? (step.startWindow?.end ?? Infinity) : Infinity,
      step.kind === 'drive' ? (step.latestStart ?? Infinity) : Infinity,
    );
    let start = earliest;
    while (start <= latest && !fits(start, start + duration)) start++;
    if (start > latest) return null;
    time = start + duration;
    if (step.kind === 'drive') driving += duration;
  }
  return { end: time, driving };
}

function hoursAllow(driver: ScenarioDriver, driving: number, span: number): boolean {
  const c = driver.counters ?? { today: 0, week: 0, previous: 0, sinceBreak: 0, working: 0 };
  return c.today + driving <= 540 && c.week + driving <= 3360 && c.previous + c.week + driving <= 5400 && c.sinceBreak + driving <= 270 && c.working + span <= 360;
}

const qualified = (driver: ScenarioDriver, method: Method, drives: boolean) =>
  driver.qualifications.includes(method) && (!drives || driver.qualifications.includes('hgv_c') || driver.qualifications.includes('hgv_ce'));

const eligibleEmpty = (scenario: Scenario, index: number) => {
  const nugget = scenario.nuggets[index]!;
  return nugget.availability === 'in_service' && !nugget.onHire && (nugget.reserved === null || nugget.reserved === 'leg');
};

/** Each way to serve the leg from a start place: the steps, the Nuggets loaded and where, and where they are unloaded. */
interface Route { steps: Step[]; size: number; pickupPlace: number; deliveryPlace: number | null; pickedAtDelivery: number }

function routes(scenario: Scenario, startPlace: number): Route[] {
  const leg = scenario.leg;
  const driveTo = (from: number, to: number, latestStart?: number): Step[] => (from === to ? [] : [{ kind: 'drive', from, to, latestStart }]);
  const service: Step = { kind: 'service', duration: WALK_ROUND };
  switch (leg.type) {
    case 'move_nugget': {
      const ok = leg.nuggets.every((index) => {
        const nugget = scenario.nuggets[index]!;
        return nugget.place === leg.origin && nugget.availability === 'in_service' && (nugget.reserved === null || nugget.reserved === 'leg');
      });
      if (!ok) return [];
      const size = leg.nuggets.length;
      return [{
        steps: [
          service, ...driveTo(startPlace, leg.origin),
          { kind: 'handling', duration: leg.originMinutes * size, startWindow: leg.pickup },
          ...driveTo(leg.origin, leg.destination),
          { kind: 'handling', duration: leg.destinationMinutes * size, startWindow: leg.arrival ?? undefined },
        ],
        size, pickupPlace: leg.origin, deliveryPlace: leg.destination, pickedAtDelivery: 0,
      }];
    }
    case 'collect_empty': {
      const nugget = scenario.nuggets[leg.nugget];
      if (nugget === undefined || nugget.place !== leg.place || nugget.availability !== 'in_service' || nugget.onHire || !(nugget.reserved === null || nugget.reserved === 'leg')) return [];
      const pickup: Step[] = [service, ...driveTo(startPlace, leg.place), { kind: 'handling', duration: leg.minutes, startWindow: leg.window }];
      if (leg.mustClearBy === null) return [{ steps: pickup, size: 1, pickupPlace: leg.place, deliveryPlace: null, pickedAtDelivery: 0 }];
      const clearBy = leg.window.start + leg.mustClearBy;
      return scenario.places
        .map((_, place) => place)
        .filter((place) => place !== leg.place)
        .map((place) => ({ steps: [...pickup, { kind: 'drive' as const, from: leg.place, to: place, latestStart: clearBy }], size: 1, pickupPlace: leg.place, deliveryPlace: null, pickedAtDelivery: 0 }));
    }
    case 'deliver_empty': {
      const size = leg.quantity;
      return scenario.places.flatMap((place, index) => {
        if (leg.source === 'warehouse_only' && place.type !== 'warehouse') return [];
        const here = scenario.nuggets.filter((nugget, n) => nugget.place === index && eligibleEmpty(scenario, n)).length;
        if (here < size) return [];
        return [{
          steps: [
            service, ...driveTo(startPlace, index),
            { kind: 'handling', duration: leg.minutes * size },
            ...driveTo(index, leg.destination),
            { kind: 'handling', duration: leg.minutes * size, startWindow: leg.window },
          ],
          size, pickupPlace: index, deliveryPlace: leg.destination, pickedAtDelivery: index === leg.destination ? size : 0,
        }];
      });
    }
  }
}

/** A description of a single-leg plan serving `leg`, or null when none of this shape exists. */
export function findSingleLegPlan(scenario: Scenario): string | null {
  const method = scenario.leg.method;
  for (const [d, driver] of scenario.drivers.entries()) {
    for (const [l, lorry] of scenario.lorries.entries()) {
      if (driver.start !== lorry.start || !lorry.equipment.includes(method)) continue;
      for (const route of routes(scenario, lorry.start)) {
        const drives = route.steps.some((step) => step.kind === 'drive');
        if (!qualified(driver, method, drives) || lorry.capacity < route.size) continue;
        if (route.deliveryPlace !== null) {
          const place = scenario.places[route.deliveryPlace]!;
          const present = scenario.nuggets.filter((nugget) => nugget.place === route.deliveryPlace).length;
          if (place.capacity !== null && present - route.pickedAtDelivery + route.size > place.capacity) continue;
        }
        for (let t0 = 0; t0 <= scenario.horizon; t0++) {
          const result = schedule(route.steps, t0, scenario, driver, lorry);
          if (result !== null && hoursAllow(driver, result.driving, result.end - t0)) return `d${d}/l${l} from minute ${t0} to ${result.end}`;
        }
      }
    }
  }
  return null;
}
