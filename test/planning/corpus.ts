/**
 * The planning corpus (test/cases/{feasible,infeasible}/planning): its cases as request bodies,
 * moved to the other season with the same local clock times, and combined into one request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES } from '../booking/support.ts';

export type Body = Record<string, any>;

export interface CorpusCase {
  name: string;
  body: Body;
  expected: { status: string; why: string };
}

export function planningCases(kind: 'feasible' | 'infeasible'): CorpusCase[] {
  const directory = join(CASES, kind, 'planning');
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.expected.json'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.json$/, ''),
      body: JSON.parse(readFileSync(join(directory, file), 'utf8')),
      expected: JSON.parse(readFileSync(join(directory, file.replace(/\.json$/, '.expected.json')), 'utf8')),
    }));
}

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Monday 2 March 2026 (GMT) to Monday 13 July 2026 (BST). */
const SEASON_DAYS = 133;

function shifted(value: unknown, ms: number): unknown {
  if (typeof value === 'string' && INSTANT.test(value)) return new Date(Date.parse(value) + ms).toISOString().replace('.000Z', 'Z');
  if (Array.isArray(value)) return value.map((entry) => shifted(entry, ms));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, shifted(entry, ms)]));
  return value;
}

/**
 * The Europe/London case moved between a March and a July week, at the same weekdays and local
 * clock times (UTC instants one hour apart): winter cases go to summer and summer ones to winter.
 */
export function otherSeason(body: Body): Body {
  const month = new Date(body.planning_period.start).getUTCMonth();
  const toSummer = month < 3 || month > 9;
  return shifted(body, toSummer ? SEASON_DAYS * DAY_MS - HOUR_MS : -SEASON_DAYS * DAY_MS + HOUR_MS) as Body;
}

/** The case moved `days` later (same UTC clock times). */
export function daysLater(body: Body, days: number): Body {
  return shifted(body, days * DAY_MS) as Body;
}

/** In the winter week (the corpus cases are in March or July). */
export function inWinter(body: Body): Body {
  const month = new Date(body.planning_period.start).getUTCMonth();
  return month < 3 || month > 9 ? body : otherSeason(body);
}

/**
 * One request with the work of every case (same season): places shared by id, everything else
 * prefixed with the case's index so that ids stay unique; the period covers every case's.
 */
export function combined(bodies: readonly Body[]): Body {
  const places = new Map<string, Body>();
  const out: Body = { ...bodies[0], locations: [], nuggets: [], movements: [], drivers: [], lorries: [] };
  bodies.forEach((body, index) => {
    const id = (value: string) => `c${index}-${value}`;
    for (const place of body.locations) if (!places.has(place.id)) places.set(place.id, place);
    for (const nugget of body.nuggets) {
      out.nuggets.push({ ...nugget, id: id(nugget.id), ...(nugget.reserved_for_movement_id == null ? {} : { reserved_for_movement_id: id(nugget.reserved_for_movement_id) }) });
    }
    for (const leg of body.movements) {
      out.movements.push({
        ...leg,
        id: id(leg.id),
        ...(leg.nugget_ids === undefined ? {} : { nugget_ids: leg.nugget_ids.map(id) }),
        ...(leg.nugget_id === undefined ? {} : { nugget_id: id(leg.nugget_id) }),
      });
    }
    for (const driver of body.drivers) out.drivers.push({ ...driver, id: id(driver.id) });
    for (const lorry of body.lorries) out.lorries.push({ ...lorry, id: id(lorry.id) });
    if (body.data_as_of < out.data_as_of) out.data_as_of = body.data_as_of;
    if (body.planning_period.start < out.planning_period.start) out.planning_period = { ...out.planning_period, start: body.planning_period.start };
    if (body.planning_period.end > out.planning_period.end) out.planning_period = { ...out.planning_period, end: body.planning_period.end };
  });
  out.locations = [...places.values()];
  return out;
}
