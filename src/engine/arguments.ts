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

export function solveArguments(job: SolveJob, now: number): string[] {
  const { request, solver } = job;
  const args = ['--solver', solver.minizincId, '--output-mode', 'json', '--output-objective', '--intermediate', '--statistics'];
  args.push('--time-limit', String(softTimeLimitMs(job.deadlineAt - now)));
  // Flags a solver does not declare are left out rather than failing the solve: a seed or
  // free search is advice, and the solver identity in the result tells which solver ran.
  if (solver.flags.includes('-r')) args.push('-r', String(request.seed ?? DEFAULT_SEED));
  if (request.freeSearch === true && solver.flags.includes('-f')) args.push('-f');
  // Only Gecode takes a failure limit; other solvers' searches end at the time limit (not repeatable).
  if (request.failLimit !== undefined && solver.id === 'gecode') args.push(solver.backend === 'native' ? '-fail' : '--fail', String(request.failLimit));
  return args;
}
