/**
 * Reads MiniZinc's JSON stream (`--json-stream --output-mode json`), one message at a time,
 * the same for every backend, and turns what it saw into a SolveResult.
 */
import { mapStatus, type RunEnding } from './status.ts';
import type { EngineErrorInfo, SolveResult, SolutionEvent, SolverInfo } from './types.ts';

export interface MinizincLocation {
  filename?: string;
  firstLine?: number;
  firstColumn?: number;
  lastLine?: number;
  lastColumn?: number;
}

/** A message of the JSON stream; only the fields the engine reads are typed. */
export interface StreamMessage {
  type: string;
  output?: { json?: Record<string, unknown> };
  status?: string;
  statistics?: Record<string, unknown>;
  what?: string;
  message?: string;
  location?: MinizincLocation;
  stack?: { location?: MinizincLocation; description?: string }[];
  value?: string;
}

/** Turns a file name as MiniZinc saw it into one a reader can find. */
export type FileNamer = (filename: string) => string;

export function formatLocation(location: MinizincLocation | undefined, nameFile: FileNamer): string | undefined {
  if (location?.filename === undefined || location.filename === '') return undefined;
  const { firstLine, firstColumn, lastLine, lastColumn } = location;
  const file = nameFile(location.filename);
  if (firstLine === undefined) return file;
  const start = `${file}:${firstLine}.${firstColumn ?? 0}`;
  if (lastLine === undefined || (lastLine === firstLine && lastColumn === firstColumn)) return start;
  return lastLine === firstLine ? `${start}-${lastColumn}` : `${start}-${lastLine}.${lastColumn}`;
}

const isLibraryFile = (filename: string | undefined) => filename === undefined || filename.includes('/share/minizinc/');

function errorInfo(message: StreamMessage, nameFile: FileNamer): EngineErrorInfo {
  const text = [message.what, message.message].filter((part) => part !== undefined && part !== '').join(': ');
  // An error raised inside the library (a global's assertion) is located by the caller's frame.
  const frames = [message.location, ...(message.stack ?? []).map((frame) => frame.location).reverse()];
  const own = frames.find((place) => !isLibraryFile(place?.filename)) ?? message.location;
  const location = formatLocation(own, nameFile);
  return location === undefined ? { message: text } : { message: text, location };
}

/**
 * The status lines of MiniZinc's text output, as a FlatZinc solver prints them. The embedded
 * Chuffed's end of search reaches the JSON stream as `stdout` text instead of a `status`
 * message (measured: `{"type":"stdout","value":"=====UNSATISFIABLE=====\n"}`), so the
 * collector reads them there too. `==========` (search complete) is resolved at the end.
 */
const PRINTED_STATUS: Record<string, string> = {
  '=====UNSATISFIABLE=====': 'UNSATISFIABLE',
  '=====UNSATorUNBOUNDED=====': 'UNSAT_OR_UNBOUNDED',
  '=====UNBOUNDED=====': 'UNBOUNDED',
  '=====UNKNOWN=====': 'UNKNOWN',
  '=====ERROR=====': 'ERROR',
  '==========': 'COMPLETE',
};

function isStatistic(value: unknown): value is number | string {
  return typeof value === 'number' || typeof value === 'string';
}

export interface Finish {
  ending: RunEnding;
  elapsedMs: number;
  /** What the runner itself knows went wrong (crash, non-zero exit), when MiniZinc said nothing. */
  failure?: string;
  /** The run lasted until its soft time limit (default true): see RunOutcome. */
  timeLimitReached?: boolean;
  /** The request's failure limit applied to this solver. */
  failLimited?: boolean;
}

export class StreamCollector {
  private solution: Record<string, unknown> | null = null;
  private objective: number | null = null;
  private solutions = 0;
  private minizincStatus: string | undefined;
  /** A status line read from the solver's text output (see PRINTED_STATUS). */
  private printedStatus: string | undefined;
  private readonly statistics: Record<string, number | string> = {};
  private error: EngineErrorInfo | undefined;
  private readonly stderr: string[] = [];

  constructor(
    private readonly nameFile: FileNamer,
    private readonly onSolution: ((event: SolutionEvent) => void) | undefined,
    private readonly elapsedMs: () => number,
  ) {}

  /** One dispatcher entry per message type; unknown types (comment, trace, ...) are ignored. */
  private readonly handlers: Record<string, (message: StreamMessage) => void> = {
    solution: (message) => this.onSolutionMessage(message),
    status: (message) => this.onStatusMessage(message),
    statistics: (message) => {
      for (const [key, value] of Object.entries(message.statistics ?? {})) if (isStatistic(value)) this.statistics[key] = value;
    },
    error: (message) => {
      this.error ??= errorInfo(message, this.nameFile);
    },
    stderr: (message) => {
      if (message.value !== undefined) this.stderr.push(message.value);
    },
    stdout: (message) => this.onStdout(message.value ?? ''),
  };

  accept(message: StreamMessage): void {
    this.handlers[message.type]?.(message);
  }

  /** Text the process wrote outside the JSON stream (used when it fails without a JSON error). */
  addStderr(text: string): void {
    this.stderr.push(text);
  }

  private onSolutionMessage(message: StreamMessage): void {
    const { _objective: objective, ...solution } = message.output?.json ?? {};
    this.solution = solution;
    this.objective = typeof objective === 'number' ? objective : null;
    this.solutions += 1;
    this.onSolution?.({ solution, objective: this.objective, elapsedMs: this.elapsedMs() });
  }

  private onStdout(text: string): void {
    for (const line of text.split('\n').map((part) => part.trim())) {
      const status = PRINTED_STATUS[line];
      if (status !== undefined) this.printedStatus = status;
      // Other text (not a comment) is kept for a failure message, like stderr.
      else if (line !== '' && !line.startsWith('%')) this.stderr.push(line);
    }
  }

  /** The solver's final word: a status message, else a printed status line. */
  private finalStatus(optimisation: boolean): string | undefined {
    if (this.minizincStatus !== undefined || this.printedStatus === undefined) return this.minizincStatus;
    if (this.printedStatus !== 'COMPLETE') return this.printedStatus;
    if (this.solutions === 0) return 'UNSATISFIABLE';
    return optimisation ? 'OPTIMAL_SOLUTION' : 'ALL_SOLUTIONS';
  }

  private onStatusMessage(message: StreamMessage): void {
    this.minizincStatus = message.status;
    if (message.status === 'ERROR') this.error ??= { message: 'MiniZinc reported status ERROR' };
    // Every model of ours has a bounded objective; unbounded means a modelling bug.
    if (message.status === 'UNBOUNDED') this.error ??= { message: 'The objective is unbounded (every variable needs a finite domain).' };
  }

  finish(finish: Finish, solver: SolverInfo, minizincVersion: string): SolveResult {
    const failure = this.error ?? (finish.failure === undefined ? undefined : { message: this.failureMessage(finish.failure) });
    const method = this.statistics.method;
    const optimisation = this.objective !== null || method === 'minimize' || method === 'maximize';
    const finalStatus = this.finalStatus(optimisation);
    const printedFailure = failure ?? (finalStatus === 'ERROR' || finalStatus === 'UNBOUNDED' ? this.statusFailure(finalStatus) : undefined);
    const { status, stop } = mapStatus({
      ending: finish.ending,
      minizincStatus: finalStatus,
      solutions: this.solutions,
      optimisation,
      failed: printedFailure !== undefined,
      timeLimitReached: finish.timeLimitReached ?? true,
      failLimited: finish.failLimited ?? false,
    });
    const bound = this.statistics.objectiveBound;
    return {
      status,
      solution: this.solution,
      objective: this.objective,
      bestBound: status === 'OPTIMAL' ? this.objective : typeof bound === 'number' && Number.isFinite(bound) ? bound : null,
      statistics: { ...this.statistics },
      solver: { id: solver.id, name: solver.name, version: solver.version },
      backend: solver.backend,
      minizincVersion,
      elapsedMs: finish.elapsedMs,
      stop,
      ...(printedFailure === undefined ? {} : { error: printedFailure }),
    };
  }

  private statusFailure(status: 'ERROR' | 'UNBOUNDED'): EngineErrorInfo {
    if (status === 'UNBOUNDED') return { message: 'The objective is unbounded (every variable needs a finite domain).' };
    return { message: this.failureMessage('The solver reported an error') };
  }

  private failureMessage(failure: string): string {
    const stderr = this.stderr.join('\n').trim();
    return stderr === '' ? failure : `${failure}: ${stderr.slice(-2000)}`;
  }
}
