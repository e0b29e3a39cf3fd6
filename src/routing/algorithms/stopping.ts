/**
 * Stopping criteria that compose (PyVRP's `MultipleCriteria`): each looks at the search's
 * progress and names why it stops, or says null; `firstOf` stops at the first that fires.
 * They are made once per search, never inside its loop.
 */
import { now } from '../utils/clock.ts';

export interface SearchProgress {
  iterations: number;
  /** Iterations since the last improvement of the best solution. */
  sinceImprovement: number;
}

/**
 * `stall`: too long without an improvement; `target`: a cost nothing can beat was reached;
 * `deadline` and `signal` make a run depend on timing.
 */
export type StopReason = 'iterations' | 'deadline' | 'signal' | 'stall' | 'target';

export type StoppingCriterion = (progress: SearchProgress) => StopReason | null;

export function maxIterations(limit: number): StoppingCriterion {
  return (progress) => (progress.iterations >= limit ? 'iterations' : null);
}

/** Stops `marginMs` before the deadline, a time on the core's clock (utils/clock.ts). */
export function deadline(at: number, marginMs = 0): StoppingCriterion {
  return () => (now() >= at - marginMs ? 'deadline' : null);
}

export function aborted(signal: AbortSignal | undefined): StoppingCriterion {
  return () => (signal?.aborted === true ? 'signal' : null);
}

/** Stops after `limit` iterations in a row without an improvement (null: never). */
export function noImprovement(limit: number | null): StoppingCriterion {
  return (progress) => (limit !== null && progress.sinceImprovement >= limit ? 'stall' : null);
}

export function firstOf(...criteria: StoppingCriterion[]): StoppingCriterion {
  return (progress) => {
    for (const criterion of criteria) {
      const reason = criterion(progress);
      if (reason !== null) return reason;
    }
    return null;
  };
}
