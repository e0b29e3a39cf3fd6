/**
 * The engine (src/engine) as the planner's `ModelSolver`: model files resolved under models/,
 * statuses passed through, the solver's identity kept for evidence.
 */
import type { SolveRequest, SolveResult } from '../../engine/types.ts';
import { modelPath, type ModelOutcome, type ModelRun, type ModelSolver } from './model-solver.ts';

/** What the planner calls on the engine (`createEngine(...)` returns it). */
export interface SolvingEngine {
  solve(request: SolveRequest): Promise<SolveResult>;
}

/**
 * The engine passes `failLimit` on to Gecode (a run it cuts repeats exactly); other solvers
 * take the wall-clock limit only, so a run they cut may differ between runs. `cutByClock` tells
 * which happened (the orchestration reports `timing_dependent`).
 */
export function modelSolverOf(engine: SolvingEngine): ModelSolver {
  return {
    failLimits: true,
    async solve(run: ModelRun): Promise<ModelOutcome> {
      const result = await engine.solve({
        model: modelPath(run.model),
        data: run.data,
        solver: run.solver,
        timeLimitMs: run.timeLimitMs,
        seed: run.seed,
        ...(run.failLimit == null ? {} : { failLimit: run.failLimit }),
        ...(run.signal === undefined ? {} : { signal: run.signal }),
      });
      const failLimited = run.failLimit != null && result.solver.id === 'gecode';
      return {
        cutByClock: result.stop === 'time_limit' && (!failLimited || result.elapsedMs >= 0.85 * run.timeLimitMs),
        status: result.status,
        solution: result.solution,
        objective: result.objective,
        solverName: `${result.solver.name} ${result.solver.version} (${result.backend})`,
        minizincVersion: result.minizincVersion,
        ...(result.proof === undefined ? {} : { proof: result.proof.summary }),
        ...(result.error === undefined ? {} : { error: `${result.error.message}${result.error.location ? ` at ${result.error.location}` : ''}` }),
      };
    },
  };
}
