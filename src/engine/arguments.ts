/**
 * The MiniZinc command line of a solve, the same for every backend (each adds how it
 * streams: the embedded worker its own `--json-stream`, the native one the flag itself).
 */
import type { SolveJob } from './types.ts';

/** Solvers that take a seed otherwise pick one at random (Chuffed): fixed, runs repeat. */
export const DEFAULT_SEED = 1;

/**
 * MiniZinc's own time limit stops the solver gracefully (final statistics, bounds) a little
 * before the hard deadline that terminates it; some solvers ignore it (embedded Gecode),
 * which is what the hard deadline is for.
 */
export function softTimeLimitMs(remainingMs: number): number {
  const margin = Math.min(1000, Math.max(100, remainingMs * 0.1));
  return Math.max(1, Math.floor(remainingMs - margin));
}

/** Only Gecode takes a failure limit; other solvers' searches end at the time limit (not repeatable). */
export function failLimitApplies(job: SolveJob): boolean {
  return job.request.failLimit !== undefined && job.solver.id === 'gecode';
}

/** Tolerance when telling a stop at the soft time limit from an earlier one (timer granularity). */
const TIME_LIMIT_TOLERANCE_MS = 50;

/**
 * What a run's end says about its limits, for the stop reason: did it last until the soft time
 * limit set by `solveArguments(job, startedAt)`, and did a failure limit apply.
 */
export function limitsAtEnd(job: SolveJob, startedAt: number, endedAt: number): { timeLimitReached: boolean; failLimited: boolean } {
  const softDeadlineAt = startedAt + softTimeLimitMs(job.deadlineAt - startedAt);
  return { timeLimitReached: endedAt >= softDeadlineAt - TIME_LIMIT_TOLERANCE_MS, failLimited: failLimitApplies(job) };
}

export function solveArguments(job: SolveJob, now: number): string[] {
  const { request, solver } = job;
  const args = ['--solver', solver.minizincId, '--output-mode', 'json', '--output-objective', '--intermediate', '--statistics'];
  args.push('--time-limit', String(softTimeLimitMs(job.deadlineAt - now)));
  // Flags a solver does not declare are left out rather than failing the solve: a seed or
  // free search is advice, and the solver identity in the result tells which solver ran.
  if (solver.flags.includes('-r')) args.push('-r', String(request.seed ?? DEFAULT_SEED));
  if (request.freeSearch === true && solver.flags.includes('-f')) args.push('-f');
  if (failLimitApplies(job)) args.push(solver.backend === 'native' ? '-fail' : '--fail', String(request.failLimit!));
  return args;
}
