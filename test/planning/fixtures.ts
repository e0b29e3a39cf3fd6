/**
 * Builders shared by the planning tests: snapshots go through the real parser (defaults filled,
 * semantic checks), journey data is a hand-made matrix so that tests control journey times.
 */
import type { Snapshot } from '../../src/contract/index.ts';
import { buildPlanningProblem, placesNeedingJourneys, type JourneyTimes, type PlanningProblem } from '../../src/planning/problem/index.ts';
import { createSnapshotParser } from '../../src/snapshot/index.ts';

const parser = createSnapshotParser();

export type Body = Record<string, any>;

export function parseSnapshot(body: Body, operation: 'manifests' | 'booking_checks' = 'manifests'): Snapshot {
  return parser.parse(operation, structuredClone(body));
}

/** Journey data over the places the snapshot needs, with `minutes(fromId, toId)` (0 on the diagonal). */
export function journeyFor(snapshot: Snapshot, minutes: (from: string, to: string) => number): JourneyTimes {
  const placeIds = placesNeedingJourneys(snapshot);
  const table = placeIds.map((from) => placeIds.map((to) => (from === to ? 0 : minutes(from, to))));
  return { placeIds, minutes: table, km: table.map((row) => row.map((value) => value)) };
}

/** Journey data where every journey between distinct places takes `minutes`. */
export const uniformJourney = (snapshot: Snapshot, minutes: number) => journeyFor(snapshot, () => minutes);

export function problemOf(body: Body, minutes: number | ((from: string, to: string) => number) = 30): { snapshot: Snapshot; problem: PlanningProblem } {
  const snapshot = parseSnapshot(body, body.new_movements === undefined ? 'manifests' : 'booking_checks');
  const journey = typeof minutes === 'number' ? uniformJourney(snapshot, minutes) : journeyFor(snapshot, minutes);
  return { snapshot, problem: buildPlanningProblem(snapshot, journey) };
}

export const window = (start: string, end: string) => ({ start, end });

/** A one-day snapshot (2026-03-02, UTC = London in winter) with two warehouses, two customers, one driver and one lorry, no legs. */
export function baseSnapshot(): Body {
  return {
    data_as_of: '2026-03-01T18:00:00Z',
    planning_period: window('2026-03-02T00:00:00Z', '2026-03-02T23:59:00Z'),
    timezone: 'Europe/London',
    locations: [
      { id: 'wh-a', type: 'warehouse', latitude: 53.8, longitude: -1.55, nugget_capacity: 50 },
      { id: 'wh-b', type: 'warehouse', latitude: 53.7, longitude: -1.4 },
      { id: 'cust-x', type: 'customer_property', latitude: 53.99, longitude: -1.54 },
      { id: 'cust-y', type: 'customer_property', latitude: 54.1, longitude: -1.3, nugget_capacity: 3 },
      { id: 'hp-z', type: 'handover_point', latitude: 53.6, longitude: -1.2 },
      { id: 'cust-far', type: 'customer_property', latitude: 51.5, longitude: -0.1 },
    ],
    nuggets: [],
    movements: [],
    drivers: [
      {
        id: 'd-1',
        home_warehouse_id: 'wh-a',
        availability: [window('2026-03-02T07:00:00Z', '2026-03-02T19:00:00Z')],
        qualifications: ['hgv_c', 'crane'],
        fleet_check_allowances: { observed_at: '2026-03-01T18:00:00Z' },
      },
    ],
    lorries: [
      { id: 'l-1', start_location_id: 'wh-a', availability: [window('2026-03-02T06:00:00Z', '2026-03-02T20:00:00Z')], nugget_capacity: 4, equipment: ['crane'] },
    ],
  };
}
