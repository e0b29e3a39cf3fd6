/**
 * What the routing core needs of a constraint solver: solve one model file on some data. Kept
 * this narrow so the large-neighbourhood search can be driven by any engine (src/engine
 * implements it for the planner, the benchmarks bring their own).
 */
export type ModelStatus = 'OPTIMAL' | 'SATISFIED' | 'UNSATISFIABLE' | 'UNKNOWN' | 'ERROR';

export interface ModelRun {
  /** File name under models/, e.g. `pdptw.mzn`. */
  model: string;
  data: Record<string, unknown>;
  /** Solver tag, e.g. `gecode` or `chuffed`. */
  solver: string;
  timeLimitMs: number;
  seed: number;
  /** Stop after this many failures (deterministic where the solver supports it), or null. */
  failLimit?: number | null;
  signal?: AbortSignal;
}

export interface ModelOutcome {
  status: ModelStatus;
  /** Output variables of the best solution by name, or null. */
  solution: Record<string, unknown> | null;
  objective: number | null;
  /** Human-readable identity of the solver that ran (for evidence), e.g. "gecode 6.4.0". */
  solverName?: string;
  minizincVersion?: string;
  error?: string;
  /** The run was stopped by its wall-clock limit (so a rerun may differ), when the solver can tell. */
  cutByClock?: boolean;
  /**
   * When the solver claimed UNSATISFIABLE or OPTIMAL: which backend proved it and on what basis
   * (trusted, confirmed by a second backend, or unconfirmed and so not a proof), for evidence.
   */
  proof?: string;
}

export interface ModelSolver {
  solve(run: ModelRun): Promise<ModelOutcome>;
  /** Whether `failLimit` is honoured (then a run cut by it is reproducible); time limits only otherwise. */
  readonly failLimits?: boolean;
}
