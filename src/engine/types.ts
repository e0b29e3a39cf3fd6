/**
 * The engine's vocabulary: what a caller asks (SolveRequest), what it gets back (SolveResult)
 * and what a backend must provide to be plugged in (Backend).
 */

export type SolveStatus = 'OPTIMAL' | 'SATISFIED' | 'UNSATISFIABLE' | 'UNKNOWN' | 'ERROR';

/** Where a solver runs. A new backend (for example 'cp-sat') is one more name here. */
export type BackendName = 'embedded' | 'native';

/**
 * Why the run ended: `complete` (the solver finished its search: a proof, or a satisfying
 * solution of a satisfaction problem), `time_limit`, `cancelled` (the caller's AbortSignal),
 * `failed` (status ERROR), `search_limit` (the request's `failLimit` ended the search before
 * the time limit), `incomplete` (the solver stopped before its time limit without a proof:
 * it gave up), `unconfirmed` (the solver claimed UNSATISFIABLE or OPTIMAL on a model class
 * where its claims are not trusted, and no second backend confirmed the claim in time: see
 * src/engine/trust/).
 */
export type StopReason = 'complete' | 'time_limit' | 'cancelled' | 'failed' | 'search_limit' | 'incomplete' | 'unconfirmed';

/** A solution as it streams in, before the run ends. */
export interface SolutionEvent {
  solution: Record<string, unknown>;
  objective: number | null;
  elapsedMs: number;
}

export interface SolveRequest {
  /** Path of a .mzn file, absolute or relative to the engine's project root. */
  model: string;
  /** MiniZinc JSON data: enums as {"e": "NAME"}, sets as {"set": [...]}. */
  data: Record<string, unknown>;
  /** 'gecode' | 'chuffed' | 'cbc' | 'highs' | 'cp-sat', optionally pinned: 'native:gecode'. */
  solver: string;
  /** Wall-clock budget from the call, queue wait included; the result arrives by then. */
  timeLimitMs: number;
  /** Random seed, passed where the solver takes one (`-r`); default DEFAULT_SEED, so runs repeat. */
  seed?: number;
  /** Let the solver ignore the search annotations, where it can (`-f`). */
  freeSearch?: boolean;
  /**
   * Stop after this many search failures, where the solver has such a limit (Gecode); a run
   * cut by it repeats exactly, unlike one cut by the clock. Ignored by other solvers.
   */
  failLimit?: number;
  /**
   * `checked` (default): UNSATISFIABLE and OPTIMAL only where the solver is trusted on the
   * model's class, or a second backend confirmed the claim in the remaining time; otherwise the
   * result is demoted (stop `unconfirmed`). `raw`: the backend's own answer, unchecked (the
   * differential tests and the CLI's `--raw`). See src/engine/trust/.
   */
  proofs?: 'checked' | 'raw';
  /** Called with every improving solution as it arrives. */
  onSolution?: (event: SolutionEvent) => void;
  /** Aborting ends the run at once; the result keeps the best solution found so far. */
  signal?: AbortSignal;
}

export interface SolverIdentity {
  /** Short id: 'gecode', 'chuffed', 'cbc', 'highs', 'cp-sat'. */
  id: string;
  name: string;
  version: string;
}

export interface EngineErrorInfo {
  message: string;
  /** `file:line.column-...`, the file relative to the project root (or `data`). */
  location?: string;
}

/**
 * How a claim of UNSATISFIABLE or OPTIMAL was judged: `trusted` (the solver's answers on this
 * model class are covered cleanly by the differential suite), `confirmed` (a second backend
 * reached the same answer), `unconfirmed` (neither: the result was demoted), `refuted` (the
 * second backend found a solution, or a better one: the claim was false), `raw` (not judged:
 * the request asked for the backend's own answer).
 */
export type ProofBasis = 'trusted' | 'confirmed' | 'unconfirmed' | 'refuted' | 'raw';

export interface ProofRecord {
  claim: 'UNSATISFIABLE' | 'OPTIMAL';
  /** The claimed optimum (OPTIMAL only). */
  objective: number | null;
  /** `backend:id` of the solver that made the claim, e.g. `embedded:chuffed`. */
  provedBy: string;
  basis: ProofBasis;
  /** `backend:id` of the solver that re-solved the model to check the claim. */
  checkedBy?: string;
  /** The run's FlatZinc constraints outside the class trusted for its solver (why it was checked). */
  untrusted: string[];
  /** One sentence for evidence: who proved what, on which basis. */
  summary: string;
}

export interface SolveResult {
  status: SolveStatus;
  /** The model's output variables by name, as MiniZinc JSON (the best solution). */
  solution: Record<string, unknown> | null;
  objective: number | null;
  bestBound: number | null;
  statistics: Record<string, number | string>;
  solver: SolverIdentity;
  backend: BackendName;
  minizincVersion: string;
  elapsedMs: number;
  stop: StopReason;
  /** Set when status is ERROR. */
  error?: EngineErrorInfo;
  /** Set when the solver claimed UNSATISFIABLE or OPTIMAL: how the claim was judged. */
  proof?: ProofRecord;
  /** The FlatZinc constraint predicates of the run, when the backend can tell (the trust policy's model class). */
  flatzincConstraints?: string[];
}

export interface SolverInfo extends SolverIdentity {
  backend: BackendName;
  /** `backend:id`, the pinned form accepted by `solve`. */
  key: string;
  /** The MiniZinc solver configuration id passed to `--solver`. */
  minizincId: string;
  /** The MiniZinc standard flags the solver accepts (`-f`, `-r`, ...). */
  flags: string[];
}

export interface CompileRequest {
  model: string;
  data: Record<string, unknown>;
  /** Whose constraint library shapes the FlatZinc (default gecode). */
  solver?: string;
  /** A directory of .mzn files searched before the standard library (`-I`), e.g. redefinitions of globals. */
  libraryDir?: string;
  timeLimitMs: number;
  signal?: AbortSignal;
}

export interface CompileResult {
  /** FlatZinc as JSON (`--fzn-format json`), null when compilation failed or was stopped. */
  flatzinc: Record<string, unknown> | null;
  /** The output model (.ozn) that turns solver values into the model's output. */
  outputModel: string | null;
  statistics: Record<string, number | string>;
  minizincVersion: string;
  elapsedMs: number;
  error?: EngineErrorInfo;
}

/** A resolved solve handed to a backend: paths resolved, deadline fixed. */
export interface SolveJob {
  request: SolveRequest;
  modelPath: string;
  solver: SolverInfo;
  startedAt: number;
  deadlineAt: number;
}

export interface Backend {
  readonly name: BackendName;
  readonly minizincVersion: string;
  solvers(): SolverInfo[];
  solve(job: SolveJob): Promise<SolveResult>;
  close(): Promise<void>;
}

export interface EngineLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

export interface EngineOptions {
  /** Relative model paths resolve against it; error locations are named relative to it. Default: the working directory. */
  projectRoot?: string;
  /** Concurrent solves (embedded workers and native processes); default os.availableParallelism(). */
  workers?: number;
  /** Solves that may wait for a slot; beyond it `solve` rejects with planning_capacity_unavailable. Default 16. */
  queueLimit?: number;
  /** Native `minizinc` executable. Unset: `minizinc` on PATH, if any. */
  minizincBin?: string;
  /**
   * Backends to start, in order of preference for unpinned solver ids. Default
   * ['native', 'embedded'] when minizincBin is configured, else ['embedded', 'native'].
   */
  backends?: BackendName[];
  /** Solver ids that must exist; createEngine rejects otherwise. */
  requireSolvers?: string[];
  logger?: EngineLogger;
}
