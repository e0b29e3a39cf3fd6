/** The data-gen command line: what the arguments ask for, or a `UsageError` saying what is wrong. */
import { parseArgs } from 'node:util';
import { firstOperatingDay } from './calendar.ts';
import { DEFAULT_SEED, type GenerateOptions } from './generate.ts';
import { isPresetName, OPTION_LIMITS, PRESET_NAMES, PRESETS } from './presets.ts';

export const USAGE = `usage:
  npm run --silent data-gen -- --preset NAME [--seed N] [--days D] [--start DATE] [--booking K] [--compact]
  npm run --silent data-gen -- examples

  --preset   ${PRESET_NAMES.join(' | ')}
  --seed     integer ${OPTION_LIMITS.seed.min}..${OPTION_LIMITS.seed.max} (default ${DEFAULT_SEED}); the same arguments give byte-identical output
  --days     operating days ${OPTION_LIMITS.days.min}..${OPTION_LIMITS.days.max} (default: the preset's)
  --start    first operating day, YYYY-MM-DD or an ISO date-time (its Europe/London date); default 2026-03-02, a Monday
  --booking  add K proposed legs (new_movements, ${OPTION_LIMITS.booking.min}..${OPTION_LIMITS.booking.max}): a booking-check request
  --compact  JSON without indentation

presets:
${PRESET_NAMES.map((name) => `  ${name.padEnd(7)} ${PRESETS[name].description}`).join('\n')}
`;

export class UsageError extends Error {}

export type Command =
  | { command: 'generate'; options: GenerateOptions; compact: boolean }
  | { command: 'examples' }
  | { command: 'help' };

export function parseCommandLine(args: string[]): Command {
  const { values, positionals } = readArguments(args);
  if (values.help) return { command: 'help' };
  if (positionals.length > 0) {
    if (positionals.length === 1 && positionals[0] === 'examples' && Object.keys(values).length === 0) return { command: 'examples' };
    throw new UsageError(`unexpected argument(s): ${positionals.join(' ')}`);
  }
  if (values.preset === undefined) throw new UsageError('--preset is required');
  if (!isPresetName(values.preset)) throw new UsageError(`unknown preset '${values.preset}'`);
  const options: GenerateOptions = { preset: values.preset };
  if (values.seed !== undefined) options.seed = integer('--seed', values.seed, OPTION_LIMITS.seed);
  if (values.days !== undefined) options.days = integer('--days', values.days, OPTION_LIMITS.days);
  if (values.booking !== undefined) options.booking = integer('--booking', values.booking, OPTION_LIMITS.booking);
  if (values.start !== undefined) {
    const start = firstOperatingDay(values.start);
    if (start === undefined) throw new UsageError(`--start: '${values.start}' is not an ISO date or date-time`);
    options.start = start;
  }
  return { command: 'generate', options, compact: values.compact ?? false };
}

/** Node's own parser; its errors (unknown option, missing value) are usage errors too. */
function readArguments(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        preset: { type: 'string' },
        seed: { type: 'string' },
        days: { type: 'string' },
        start: { type: 'string' },
        booking: { type: 'string' },
        compact: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function integer(name: string, text: string, limits: { min: number; max: number }): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < limits.min || value > limits.max) {
    throw new UsageError(`${name}: '${text}' is not an integer from ${limits.min} to ${limits.max}`);
  }
  return value;
}
