/**
 * The operator's credential commands: `issue`, `list`, `show <id>`, `revoke <id>`. Arguments are checked in
 * full before the store is opened, so a bad command line writes nothing. Output is JSON on
 * stdout (the token only from `issue`, only once); messages go to stderr.
 */
import { parseArgs } from 'node:util';
import type { Operation, TrialLimits } from '../contract/schemas/usage.ts';
import { isDateTimeWithOffset } from '../snapshot/date-time.ts';
import { NO_LIMITS, type CredentialRequest } from './model.ts';
import { checkCredentialRequest, MAX_LIMIT } from './request.ts';
import type { CredentialStore } from './store.ts';

export interface CommandContext {
  /** SERVICE_ENVIRONMENT: the default `--environment`. */
  serviceEnvironment: string;
  /** Opens the store, runs `work` on it and closes it again. */
  withStore<T>(work: (store: CredentialStore) => Promise<T>): Promise<T>;
  stdout(text: string): void;
  stderr(text: string): void;
  now?: () => Date;
}

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export const USAGE = `usage:
  npm run --silent credentials -- issue [--name N] [--environment E] [--operations manifests,booking_checks,usage]
      [--expires-at ISO] [--requests-per-minute N] [--total-requests N]
      [--matrix-relations-per-request N] [--matrix-relations-total N]
      [--max-manifest-solve-seconds N] [--max-booking-check-solve-seconds N]
  npm run --silent credentials -- list
  npm run --silent credentials -- show <id>
  npm run --silent credentials -- revoke <id>

The store is the service's: DATABASE_URL when set, else the embedded database under DATA_DIR
(through the running service's control socket while it runs; takes effect on its next request).
A limit left out means the service default. The token is printed once, by issue; keep it secret.
`;

/** A mistake on the command line: reported with the usage, exit code 2. */
class UsageError extends Error {}

const LIMIT_FLAGS = {
  'requests-per-minute': 'requests_per_minute',
  'total-requests': 'total_requests',
  'matrix-relations-per-request': 'matrix_relations_per_request',
  'matrix-relations-total': 'matrix_relations_total',
  'max-manifest-solve-seconds': 'max_manifest_solve_seconds',
  'max-booking-check-solve-seconds': 'max_booking_check_solve_seconds',
} as const satisfies Record<string, keyof TrialLimits>;

type Command = (args: string[], context: CommandContext) => Promise<number>;

const COMMANDS: Record<string, Command> = { issue, list, show, revoke };

export async function runCredentialsCommand(argv: string[], context: CommandContext): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? context.stderr : context.stdout)(USAGE);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) return usageError(context, `unknown command ${JSON.stringify(name)}; use issue, list, show or revoke.`);
  try {
    return await command(args, context);
  } catch (error) {
    if (error instanceof UsageError) return usageError(context, error.message);
    context.stderr(`credentials: ${(error as Error).message}\n`);
    return EXIT_FAILED;
  }
}

async function issue(args: string[], context: CommandContext): Promise<number> {
  const request = issueRequest(args, context);
  return context.withStore(async (store) => {
    context.stdout(`${JSON.stringify(await store.issue(request), null, 2)}\n`);
    context.stderr('The token is shown only this once: store it now. A lost token is replaced by issuing a new credential.\n');
    return EXIT_OK;
  });
}

async function list(args: string[], context: CommandContext): Promise<number> {
  parse(args, {}, 0);
  return context.withStore(async (store) => {
    context.stdout(`${JSON.stringify(await store.list(), null, 2)}\n`);
    return EXIT_OK;
  });
}

async function show(args: string[], context: CommandContext): Promise<number> {
  const { positionals } = parse(args, {}, 1);
  const id = positionals[0]!;
  return context.withStore(async (store) => {
    const credential = await store.get(id);
    if (credential === undefined) return noSuchCredential(context, id);
    context.stdout(`${JSON.stringify(credential, null, 2)}\n`);
    return EXIT_OK;
  });
}

function noSuchCredential(context: CommandContext, id: string): number {
  context.stderr(`credentials: no credential has the id ${JSON.stringify(id)} (see \`list\`).\n`);
  return EXIT_FAILED;
}

async function revoke(args: string[], context: CommandContext): Promise<number> {
  const { positionals } = parse(args, {}, 1);
  const id = positionals[0]!;
  return context.withStore(async (store) => {
    const revoked = await store.revoke(id);
    if (revoked === undefined) return noSuchCredential(context, id);
    context.stdout(`${JSON.stringify(revoked, null, 2)}\n`);
    return EXIT_OK;
  });
}

function issueRequest(args: string[], context: CommandContext): CredentialRequest {
  const stringOption = { type: 'string' } as const;
  const { values } = parse(
    args,
    {
      name: stringOption,
      environment: stringOption,
      operations: stringOption,
      'expires-at': stringOption,
      ...Object.fromEntries(Object.keys(LIMIT_FLAGS).map((flag) => [flag, stringOption])),
    },
    0,
  );
  const limits: TrialLimits = { ...NO_LIMITS };
  for (const [flag, field] of Object.entries(LIMIT_FLAGS)) {
    const raw = values[flag];
    if (raw !== undefined) limits[field] = positiveInteger(flag, raw);
  }
  const expiresAt = values['expires-at'];
  if (expiresAt !== undefined) {
    if (!isDateTimeWithOffset(expiresAt)) throw new UsageError(`--expires-at ${JSON.stringify(expiresAt)} is not an ISO 8601 date-time with an offset (for example 2026-06-30T23:59:59Z).`);
    if (Date.parse(expiresAt) <= (context.now?.() ?? new Date()).getTime()) throw new UsageError(`--expires-at ${expiresAt} is not in the future.`);
  }
  const request: CredentialRequest = {
    name: values.name ?? 'trial',
    environment: values.environment ?? context.serviceEnvironment,
    operations: values.operations === undefined ? ['manifests', 'booking_checks', 'usage'] : operationList(values.operations),
    expires_at: expiresAt ?? null,
    limits,
  };
  const problems = checkCredentialRequest(request);
  if (problems.length > 0) throw new UsageError(problems.join(' '));
  return request;
}

function operationList(raw: string): Operation[] {
  const operations = raw.split(',').map((operation) => operation.trim());
  if (operations.some((operation) => operation === '')) throw new UsageError(`--operations ${JSON.stringify(raw)} has an empty entry; list operations separated by commas.`);
  return [...new Set(operations)] as Operation[]; // unknown names are reported by checkCredentialRequest
}

function positiveInteger(flag: string, raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1 || value > MAX_LIMIT) {
    throw new UsageError(`--${flag} must be an integer from 1 to ${MAX_LIMIT}, not ${JSON.stringify(raw)}.`);
  }
  return value;
}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parse<O extends Options>(args: string[], options: O, positionalCount: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: options ?? {}, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionalCount) {
    throw new UsageError(
      positionalCount === 0 ? `unexpected argument ${JSON.stringify(parsed.positionals[0])}.` : `expected ${positionalCount} argument(s), got ${parsed.positionals.length}.`,
    );
  }
  return parsed as { values: Record<string, string | undefined>; positionals: string[] };
}

function usageError(context: CommandContext, message: string): number {
  context.stderr(`credentials: ${message}\n\n${USAGE}`);
  return EXIT_USAGE;
}
