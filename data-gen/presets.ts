/** Scenario sizes. Every count here is exact in the generated snapshot, whatever the seed. */
export interface Preset {
  name: string;
  description: string;
  /** Warehouses, one per operating region. */
  regions: number;
  handoversPerRegion: number;
  /** All places: warehouses, handover points and customer properties. */
  locations: number;
  /** Drivers and lorries come in pairs (a driver's usual lorry), so both counts are equal. */
  crews: number;
  legs: number;
  nuggets: number;
  /** Default number of operating days (`--days` overrides it). */
  days: number;
  /** Largest `quantity` of a deliver_empty and largest `nugget_ids` of a move_nugget. */
  maxNuggetsPerLeg: number;
  /** Chance that a move names Nuggets an earlier move brought to its origin (keeps large presets inside their Nugget budget). */
  reuse: number;
  /** Share of legs written without their optional `type` (the service infers it). */
  untypedLegs: number;
}

export const PRESETS = {
  tiny: {
    name: 'tiny',
    description: 'One warehouse, 2 drivers, 6 legs on one day: for documentation and the MiniZinc IDE',
    regions: 1,
    handoversPerRegion: 1,
    locations: 7,
    crews: 2,
    legs: 6,
    nuggets: 20,
    days: 1,
    maxNuggetsPerLeg: 2,
    reuse: 0,
    untypedLegs: 0,
  },
  small: {
    name: 'small',
    description: 'One warehouse, 5 drivers, 20 legs on one day',
    regions: 1,
    handoversPerRegion: 2,
    locations: 18,
    crews: 5,
    legs: 20,
    nuggets: 80,
    days: 1,
    maxNuggetsPerLeg: 4,
    reuse: 0.2,
    untypedLegs: 0.03,
  },
  medium: {
    name: 'medium',
    description: '4 warehouses, 60 drivers and lorries, 400 legs on one day',
    regions: 4,
    handoversPerRegion: 4,
    locations: 300,
    crews: 60,
    legs: 400,
    nuggets: 1_500,
    days: 1,
    maxNuggetsPerLeg: 6,
    reuse: 0.3,
    untypedLegs: 0.03,
  },
  large: {
    name: 'large',
    description: '8 warehouses, 200 drivers and lorries, 2,000 legs over 5 days',
    regions: 8,
    handoversPerRegion: 4,
    locations: 500,
    crews: 200,
    legs: 2_000,
    nuggets: 6_000,
    days: 5,
    maxNuggetsPerLeg: 6,
    reuse: 0.4,
    untypedLegs: 0.03,
  },
  max: {
    name: 'max',
    description: 'The limits of spec section 8: 500 places, 20,000 Nuggets, 20,000 legs, 200 drivers and lorries, over 14 days',
    regions: 16,
    handoversPerRegion: 3,
    locations: 500,
    crews: 200,
    legs: 20_000,
    nuggets: 20_000,
    days: 14,
    maxNuggetsPerLeg: 6,
    reuse: 0.85,
    untypedLegs: 0.03,
  },
} as const satisfies Record<string, Preset>;

export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

export const isPresetName = (name: string): name is PresetName => name in PRESETS;

/** Limits of the generator's options (see data-gen/README.md). */
export const OPTION_LIMITS = {
  /** Availability windows (two per split-shift day) and allowance refreshes stay inside spec section 8. */
  days: { min: 1, max: 28 },
  booking: { min: 1, max: 100 },
  seed: { min: 0, max: 2 ** 32 - 1 },
} as const;
