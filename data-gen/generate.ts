import type { BookingCheckRequestInput, ManifestRequestInput } from '../src/contract/index.ts';
import { assignAllowances, dataAsOf } from './allowances.ts';
import { generateAcceptedLegs } from './bookings.ts';
import { Calendar, DEFAULT_START, firstOperatingDay, ZONE } from './calendar.ts';
import { assignCapacities } from './capacities.ts';
import { buildCrews, buildDrivers } from './drivers.ts';
import { buildFleet } from './fleet.ts';
import { apportion, buildGeography, CustomerIds, Journeys } from './geography.ts';
import type { GenerationStats, LegContext } from './legs.ts';
import { assignNuggetIds, fillBackground, MINIMUM_BACKGROUND, NuggetPool } from './nuggets.ts';
import { PRESETS, type Preset, type PresetName } from './presets.ts';
import { proposeLegs } from './proposals.ts';
import { Random } from './random.ts';
import { Renderer } from './render.ts';
import { CrewBoard } from './windows.ts';

export interface GenerateOptions {
  preset: PresetName;
  /** Default 1. */
  seed?: number;
  /** Default: the preset's days. */
  days?: number;
  /** First operating day (a date, or a date-time read as its local date); default 2026-03-02, a Monday. */
  start?: string;
  /** Proposed legs for a booking check (`new_movements`); 0 or absent gives a manifest request. */
  booking?: number;
  /** Other counts than the preset's (the benches' sweeps of small snapshots: 1-3 crews, 2-10 legs). */
  size?: Partial<Pick<Preset, 'crews' | 'legs' | 'nuggets'>>;
}

export interface Generated {
  snapshot: ManifestRequestInput | BookingCheckRequestInput;
  /** Shortfalls of the accepted legs (zero for a snapshot whose legs are all plannable one by one). */
  stats: GenerationStats;
  /** Shortfalls of the proposed legs, with `booking`. */
  proposalStats?: GenerationStats;
}

export const DEFAULT_SEED = 1;

/**
 * A complete, internally consistent operating snapshot. Pure: the same options give the same
 * snapshot (and the same JSON), byte for byte. Each concern draws from its own random stream.
 */
export function generate(options: GenerateOptions): Generated {
  const preset: Preset = { ...PRESETS[options.preset], ...options.size };
  const root = Random.fromSeed(options.seed ?? DEFAULT_SEED);
  const firstDay = firstOperatingDay(options.start ?? DEFAULT_START);
  if (firstDay === undefined) throw new Error(`start: '${options.start}' is not an ISO date or date-time`);
  const calendar = new Calendar(firstDay, options.days ?? preset.days, ZONE);
  const customers = new CustomerIds();
  const journeys = new Journeys();

  const geography = buildGeography(root.fork('geography'), preset, customers);
  const crewsPerRegion = apportion(preset.crews, geography.regions.map((region) => region.weight), 1);
  const lorries = buildFleet(root.fork('fleet'), geography, crewsPerRegion, calendar);
  const { drivers, rotas } = buildDrivers(root.fork('drivers'), lorries, geography, calendar);
  assignAllowances(root.fork('allowances'), drivers, rotas, calendar);
  const board = new CrewBoard(buildCrews(drivers, calendar), journeys, calendar);

  const stats: GenerationStats = { unservable: 0, oversubscribed: 0, beyondBudget: 0 };
  const context: LegContext = { rng: root.fork('legs'), calendar, geography, journeys, board, preset, stats };
  const nuggets = new NuggetPool(root.fork('nugget-style'), preset.nuggets, MINIMUM_BACKGROUND);
  const legs = generateAcceptedLegs(context, nuggets, customers);
  nuggets.releaseHeld();
  fillBackground(root.fork('background'), nuggets, geography, customers);
  assignNuggetIds(nuggets, geography);
  assignCapacities(root.fork('capacities'), geography, nuggets.all, legs);

  const render = new Renderer(calendar);
  const snapshot: ManifestRequestInput = {
    data_as_of: calendar.iso(dataAsOf(calendar)),
    planning_period: render.window({ start: calendar.start, end: calendar.end }),
    timezone: ZONE,
    locations: geography.sites.map((site) => render.place(site)),
    nuggets: [...nuggets.all].sort((a, b) => (a.id < b.id ? -1 : 1)).map((nugget) => render.nugget(nugget)),
    movements: legs.map((leg) => render.leg(leg)),
    drivers: drivers.map((driver) => render.driver(driver)),
    lorries: lorries.map((lorry) => render.lorry(lorry)),
  };
  if (options.booking === undefined || options.booking === 0) return { snapshot, stats };

  const proposalStats: GenerationStats = { unservable: 0, oversubscribed: 0, beyondBudget: 0 };
  const proposals = proposeLegs({ ...context, rng: root.fork('booking'), stats: proposalStats }, nuggets.all, legs, options.booking);
  return { snapshot: { ...snapshot, new_movements: proposals.map((leg) => render.leg(leg)) }, stats, proposalStats };
}

/** The snapshot as JSON: indented by two spaces (or compact), with a final newline. */
export function toJson(snapshot: Generated['snapshot'], compact = false): string {
  return `${JSON.stringify(snapshot, null, compact ? undefined : 2)}\n`;
}
