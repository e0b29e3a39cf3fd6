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
 * The engine takes a wall-clock limit only: `failLimit` cannot be passed on, so a subproblem cut
 * by its time limit may differ between runs (the orchestration reports `timing_dependent`).
 */
export function modelSolverOf(engine: SolvingEngine): ModelSolver {
  return {
    async solve(run: ModelRun): Promise<ModelOutcome> {
      const result = await engine.solve({
        model: modelPath(run.model),
        data: run.data,
        solver: run.solver,
        timeLimitMs: run.timeLimitMs,
        seed: run.seed,
        ...(run.signal === undefined ? {} : { signal: run.signal }),
      });
      return {
        status: result.status,
        solution: result.solution,
        objective: result.objective,
        solverName: `${result.solver.name} ${result.solver.version} (${result.backend})`,
        minizincVersion: result.minizincVersion,
        ...(result.error === undefined ? {} : { error: `${result.error.message}${result.error.location ? ` at ${result.error.location}` : ''}` }),
      };
    },
  };
}
