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

function isStatistic(value: unknown): value is number | string {
  return typeof value === 'number' || typeof value === 'string';
}

export interface Finish {
  ending: RunEnding;
  elapsedMs: number;
  /** What the runner itself knows went wrong (crash, non-zero exit), when MiniZinc said nothing. */
  failure?: string;
}

export class StreamCollector {
  private solution: Record<string, unknown> | null = null;
  private objective: number | null = null;
  private solutions = 0;
  private minizincStatus: string | undefined;
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

  private onStatusMessage(message: StreamMessage): void {
    this.minizincStatus = message.status;
    if (message.status === 'ERROR') this.error ??= { message: 'MiniZinc reported status ERROR' };
    // Every model of ours has a bounded objective; unbounded means a modelling bug.
    if (message.status === 'UNBOUNDED') this.error ??= { message: 'The objective is unbounded (every variable needs a finite domain).' };
  }

  finish(finish: Finish, solver: SolverInfo, minizincVersion: string): SolveResult {
    const failure = this.error ?? (finish.failure === undefined ? undefined : { message: this.failureMessage(finish.failure) });
    const method = this.statistics.method;
    const { status, stop } = mapStatus({
      ending: finish.ending,
      minizincStatus: this.minizincStatus,
      solutions: this.solutions,
      optimisation: this.objective !== null || method === 'minimize' || method === 'maximize',
      failed: failure !== undefined,
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
      ...(failure === undefined ? {} : { error: failure }),
    };
  }

  private failureMessage(failure: string): string {
    const stderr = this.stderr.join('\n').trim();
    return stderr === '' ? failure : `${failure}: ${stderr.slice(-2000)}`;
  }
}
