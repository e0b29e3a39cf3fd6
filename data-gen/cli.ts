/**
 * npm run --silent data-gen -- --preset NAME [--seed N] [--days D] [--start DATE] [--booking K] [--compact]
 *   writes one snapshot (a manifest request, or with --booking a booking-check request) to stdout.
 * npm run --silent data-gen -- examples
 *   regenerates data-gen/examples/*.json.
 */
import { parseCommandLine, USAGE, UsageError, type Command } from './command-line.ts';
import { writeExamples } from './examples.ts';
import { generate, toJson } from './generate.ts';

function main(): void {
  let parsed: Command;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`data-gen: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (parsed.command === 'help') process.stdout.write(USAGE);
  else if (parsed.command === 'examples') for (const path of writeExamples()) process.stderr.write(`wrote ${path}\n`);
  else process.stdout.write(toJson(generate(parsed.options).snapshot, parsed.compact));
}

main();
