/**
 * The MiniZinc engine: runs models on embedded (WebAssembly) or native MiniZinc solvers
 * under hard time limits, with faithful statuses. It knows nothing of the domain.
 */
export { createEngine, type Engine } from './engine.ts';
export { UnknownSolverError } from './registry.ts';
export { compiledModule, locateDistribution, shareCompiledModule } from './embedded/wasm.ts';
export type {
  BackendName,
  CompileRequest,
  CompileResult,
  EngineErrorInfo,
  EngineLogger,
  EngineOptions,
  ProofBasis,
  ProofRecord,
  SolutionEvent,
  SolveRequest,
  SolveResult,
  SolveStatus,
  SolverIdentity,
  SolverInfo,
  StopReason,
} from './types.ts';
