/**
 * The seeded scenario generator (see data-gen/README.md). `generate(options).snapshot` is a
 * fresh object each call; the service's validator fills defaults into what it parses, so hand it
 * a copy (`JSON.parse(toJson(snapshot))`) when the snapshot is used again.
 */
export { DEFAULT_SEED, generate, toJson, type GenerateOptions, type Generated } from './generate.ts';
export { isPresetName, OPTION_LIMITS, PRESET_NAMES, PRESETS, type Preset, type PresetName } from './presets.ts';
export { EXAMPLES, EXAMPLES_DIR, renderExamples, writeExamples, type Example } from './examples.ts';
export { DEFAULT_START, ZONE } from './calendar.ts';
export type { GenerationStats } from './legs.ts';
