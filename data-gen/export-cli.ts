/**
 * npm run --silent export-model-data -- <snapshot.json> --out <dir>
 *   writes the data the service passes to each model for that snapshot (data-gen/export.ts),
 *   with a README of the commands that solve it. Exit 2 on bad arguments, a missing file or an
 *   invalid snapshot (every error detail is printed with its path).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ExportError, exportModelData, readSnapshotFile, writeModelData } from './export.ts';

const USAGE = `usage: npm run --silent export-model-data -- <snapshot.json> --out <dir>

  <snapshot.json>  a POST /v1/manifests body, or a POST /v1/booking-checks body (with new_movements)
  --out <dir>      where to write pdptw-day-<date>.json per operating day, booking-relaxation.json
                   (booking checks) and README (created if needed; files of the same name are replaced)
`;

class UsageError extends Error {}

function parseCommandLine(args: string[]): { snapshot: string; out: string } | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) return 'help';
  if (parsed.positionals.length !== 1) throw new UsageError(`expected one snapshot file, got ${parsed.positionals.length}`);
  if (parsed.values.out === undefined || parsed.values.out === '') throw new UsageError('--out <dir> is required');
  return { snapshot: parsed.positionals[0]!, out: parsed.values.out };
}

async function main(): Promise<number> {
  const command = parseCommandLine(process.argv.slice(2));
  if (command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  // npm runs scripts in the package directory; paths on the command line are the caller's
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const source = resolve(cwd, command.snapshot);
  const exported = await exportModelData(readSnapshotFile(source));
  for (const path of writeModelData(exported, resolve(cwd, command.out), source)) process.stdout.write(`wrote ${path}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`export-model-data: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (error instanceof ExportError) {
      const details = error.details.map((detail) => `  /${detail.path.join('/')}: ${detail.message} (${detail.code})\n`).join('');
      process.stderr.write(`export-model-data: ${error.message}\n${details}`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`export-model-data: ${String((error as Error).stack ?? error)}\n`);
      process.exitCode = 1;
    }
  },
);
