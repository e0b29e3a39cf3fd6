/**
 * The solver registry: which solvers each backend offers, under short ids, and which
 * backend a solver id picks. `gecode` picks the first backend (in preference order) that
 * offers Gecode; `native:gecode` pins the backend.
 */
import type { Backend, BackendName, SolverInfo } from './types.ts';

/** A solver configuration as `minizinc --solvers-json` lists it. */
export interface MinizincSolverConfig {
  id: string;
  name: string;
  version: string;
  stdFlags?: string[];
  requiredFlags?: string[];
  isGUIApplication?: boolean;
}

/** The solvers the service uses, by short id, with the MiniZinc configuration ids they ship under. */
const KNOWN_SOLVERS: Record<string, string[]> = {
  gecode: ['org.gecode.gecode', 'org.minizinc.gecode_presolver'],
  chuffed: ['org.chuffed.chuffed', 'org.minizinc.chuffed'],
  cbc: ['org.minizinc.mip.coin-bc'],
  highs: ['org.minizinc.mip.highs'],
  'cp-sat': ['com.google.ortools.sat', 'com.google.or-tools'],
};

export class UnknownSolverError extends Error {
  constructor(requested: string, available: SolverInfo[]) {
    const offered = available.map((solver) => solver.key).join(', ') || 'none';
    super(`Unknown solver "${requested}": this engine offers ${offered} (a bare id picks the preferred backend).`);
    this.name = 'UnknownSolverError';
  }
}

/**
 * The known solvers among a backend's configurations. A configuration that needs a flag to
 * find its library (CPLEX, Gurobi) or is a GUI (Gecode Gist) is not a solver we can run.
 */
export function knownSolvers(configs: MinizincSolverConfig[], backend: BackendName): SolverInfo[] {
  const usable = configs.filter((config) => config.isGUIApplication !== true && (config.requiredFlags ?? []).length === 0);
  return Object.entries(KNOWN_SOLVERS).flatMap(([id, minizincIds]) => {
    const config = usable.find((candidate) => minizincIds.includes(candidate.id));
    if (config === undefined) return [];
    return [{ id, name: config.name, version: config.version, backend, key: `${backend}:${id}`, minizincId: config.id, flags: config.stdFlags ?? [] }];
  });
}

export class SolverRegistry {
  /** @param backends in order of preference */
  constructor(private readonly backends: Backend[]) {}

  /** Every solver of every backend, preferred backend first. */
  all(): SolverInfo[] {
    return this.backends.flatMap((backend) => backend.solvers());
  }

  resolve(requested: string): { backend: Backend; solver: SolverInfo } {
    const [pinned, id] = requested.includes(':') ? requested.split(':', 2) : [undefined, requested];
    for (const backend of this.backends) {
      if (pinned !== undefined && backend.name !== pinned) continue;
      const solver = backend.solvers().find((candidate) => candidate.id === id);
      if (solver !== undefined) return { backend, solver };
    }
    throw new UnknownSolverError(requested, this.all());
  }
}
