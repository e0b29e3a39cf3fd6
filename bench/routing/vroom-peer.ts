/**
 * VROOM beside our solver: `../shared/peers/vroom/compare.mjs` (a static VROOM v1.14.0 binary and
 * its runner, see its README) when it is present. Loaded only when asked for, so a run without
 * it pays nothing; its types are stated here for the two functions used, so the project
 * typechecks where `../shared` is absent (the Docker image).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const COMPARE = fileURLToPath(new URL('../../../shared/peers/vroom/compare.mjs', import.meta.url));

/** What the benchmark reads of compare.mjs's `VroomRow`. */
export interface VroomResult {
  vehicles: number;
  distance: number;
  wallSeconds: number;
  feasible: boolean;
  unassigned: number;
}

export interface VroomPeer {
  label: string;
  solve(instancePath: string): Promise<VroomResult>;
}

interface CompareModule {
  solveWithVroom(instancePath: string, options: { explore: number; threads: number }): Promise<VroomResult>;
}

/** VROOM at exploration level `explore` on `threads` threads, or null when the peer is not there. */
export async function vroomPeer(explore: number, threads: number): Promise<VroomPeer | null> {
  if (!existsSync(COMPARE)) return null;
  const compare = (await import(COMPARE)) as CompareModule;
  return {
    label: `vroom -x ${explore}`,
    solve: (instancePath) => compare.solveWithVroom(instancePath, { explore, threads }),
  };
}
