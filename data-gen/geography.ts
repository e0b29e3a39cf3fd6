import { estimateJourney } from '../src/journey/estimator.ts';
import type { Geography, Region, Site } from './model.ts';
import type { Preset } from './presets.ts';
import type { Random } from './random.ts';
import { HANDOVER_SITES, STREET_NAMES, UK_REGIONS, type RegionData, type TownData } from './uk-regions.ts';

const KM_PER_DEGREE_LATITUDE = 111.32;
/** Share of customer properties with a `nugget_capacity` (a small drive, a shared yard). */
const CONSTRAINED_PROPERTY_SHARE = 0.15;

/** Issues customer ids (`cust-00001`, ...) to occupants of properties and to storage customers. */
export class CustomerIds {
  private next = 1;
  issue(): string {
    return `cust-${String(this.next++).padStart(5, '0')}`;
  }
}

/**
 * Picks the preset's regions (weighted by size, without replacement) and spreads its places over
 * them: the warehouse, handover points at distinct towns, and customer properties in the towns
 * around the warehouse (each within its town's spread of the centre).
 */
export function buildGeography(rng: Random, preset: Preset, customers: CustomerIds): Geography {
  const chosen = chooseRegions(rng, preset.regions);
  const propertyCount = preset.locations - preset.regions * (1 + preset.handoversPerRegion);
  if (propertyCount < preset.regions) throw new Error(`preset ${preset.name}: too few locations for its regions`);
  const propertiesPerRegion = apportion(propertyCount, chosen.map((region) => region.weight), 1);

  const regions: Region[] = chosen.map((data, index) => ({
    index,
    key: data.key,
    weight: data.weight,
    warehouse: warehouseSite(data, index),
    handovers: handoverSites(rng, data, index, preset.handoversPerRegion),
    properties: propertySites(rng, data, index, propertiesPerRegion[index]!, customers),
  }));
  const sites = [
    ...regions.map((region) => region.warehouse),
    ...regions.flatMap((region) => region.handovers),
    ...regions.flatMap((region) => region.properties),
  ];
  return { regions, sites };
}

function chooseRegions(rng: Random, count: number): RegionData[] {
  if (count > UK_REGIONS.length) throw new Error(`at most ${UK_REGIONS.length} regions`);
  const left = [...UK_REGIONS];
  const chosen: RegionData[] = [];
  while (chosen.length < count) {
    const pick = rng.weighted(left.map((region) => [region, region.weight] as const));
    chosen.push(pick);
    left.splice(left.indexOf(pick), 1);
  }
  return chosen;
}

function warehouseSite(data: RegionData, region: number): Site {
  return {
    id: `wh-${data.key}`,
    name: data.warehouse.name,
    type: 'warehouse',
    latitude: data.warehouse.latitude,
    longitude: data.warehouse.longitude,
    region,
    constrained: true,
    unconstrainedAsNull: false,
  };
}

function handoverSites(rng: Random, data: RegionData, region: number, count: number): Site[] {
  // Handover points are in the towns around the warehouse, not in its own town.
  const towns = rng.shuffle(data.towns.slice(1)).slice(0, count);
  return towns.map((town) => ({
    id: `hp-${data.key}-${slug(town.name)}`,
    name: `${town.name} handover point (${rng.pick(HANDOVER_SITES)})`,
    type: 'handover_point' as const,
    ...jitter(rng, town, Math.min(1, town.spreadKm)),
    region,
    constrained: true,
    unconstrainedAsNull: false,
  }));
}

function propertySites(rng: Random, data: RegionData, region: number, count: number, customers: CustomerIds): Site[] {
  // The warehouse's own town is the busiest.
  const townWeights = data.towns.map((town, index) => [town, index === 0 ? 4 : 1] as const);
  return Array.from({ length: count }, (_, index) => {
    const town = rng.weighted(townWeights);
    const name = `${rng.int(1, 180)} ${rng.pick(STREET_NAMES)}, ${town.name}`;
    return {
      id: `cp-${data.key}-${String(index + 1).padStart(3, '0')}`,
      // The name is optional and ignored by the solver: a few are left out or null.
      name: rng.weighted([[name, 90], [undefined, 6], [null, 4]] as const),
      type: 'customer_property' as const,
      ...jitter(rng, town, town.spreadKm),
      region,
      occupant: customers.issue(),
      constrained: rng.chance(CONSTRAINED_PROPERTY_SHARE),
      unconstrainedAsNull: rng.chance(0.2),
    };
  });
}

/** A point uniformly distributed within `radiusKm` of the town centre, rounded to 5 decimals (about 1 m). */
function jitter(rng: Random, town: TownData, radiusKm: number): { latitude: number; longitude: number } {
  const distance = radiusKm * Math.sqrt(rng.next());
  const bearing = rng.between(0, 2 * Math.PI);
  const dLat = (distance * Math.cos(bearing)) / KM_PER_DEGREE_LATITUDE;
  const dLon = (distance * Math.sin(bearing)) / (KM_PER_DEGREE_LATITUDE * Math.cos((town.latitude * Math.PI) / 180));
  return { latitude: round5(town.latitude + dLat), longitude: round5(town.longitude + dLon) };
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Splits `total` into integer parts proportional to `weights` (largest remainder), each at
 * least `minimum` when the total allows it.
 */
export function apportion(total: number, weights: readonly number[], minimum = 0): number[] {
  const floor = Math.min(minimum, Math.floor(total / Math.max(1, weights.length)));
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (sum === 0 ? rest / weights.length : (rest * weight) / sum));
  const parts = exact.map(Math.floor);
  const order = exact.map((value, index) => [value - Math.floor(value), index] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const missing = rest - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) parts[order[k % order.length]![1]]! += 1;
  return parts.map((part) => part + floor);
}

/** Journey minutes between places, from the service's own embedded estimator (so windows fit its times). */
export class Journeys {
  private readonly cache = new Map<Site, Map<Site, number>>();
  minutes(from: Site, to: Site): number {
    if (from === to) return 0;
    let row = this.cache.get(from);
    if (row === undefined) {
      row = new Map();
      this.cache.set(from, row);
    }
    let minutes = row.get(to);
    if (minutes === undefined) {
      minutes = estimateJourney(from, to).minutes;
      row.set(to, minutes);
    }
    return minutes;
  }
}
