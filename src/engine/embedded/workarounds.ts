/**
 * Model files added to every solve of a solver whose FlatZinc interface gets a builtin wrong
 * (measured on MiniZinc 2.10 WebAssembly and on Debian's native 2.6.4 with Gecode 6.2; each
 * file's header says what and why). A body given to a builtin predicate in a model file replaces
 * the solver's own handling of it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const WORKAROUNDS = new URL('./workarounds/', import.meta.url);
const file = (name: string): [string, string] => [`workaround-${name}`, readFileSync(new URL(name, WORKAROUNDS), 'utf8')];

const SET_IN = file('set-in.mzn');
const SET_IN_REIFIED = file('set-in-reified.mzn');
const DIV_MOD = file('div-mod.mzn');
const SET_ORDER = 'set-order.mzn';

const BY_SOLVER: Record<string, [string, string][]> = {
  gecode: [SET_IN, file(SET_ORDER)],
  chuffed: [SET_IN, SET_IN_REIFIED, DIV_MOD],
};

/** Native solvers (by MiniZinc solver id) and the workaround files they take. */
const NATIVE_BY_SOLVER: Record<string, string[]> = {
  gecode: [SET_ORDER],
};

/** File name -> contents, to pass after the model, for the given embedded solver id. */
export function workaroundFiles(solverId: string): Record<string, string> {
  return Object.fromEntries(BY_SOLVER[solverId] ?? []);
}

/** Paths of the workaround files to pass after the model to a native `minizinc`, for the given solver id. */
export function nativeWorkaroundPaths(solverId: string): string[] {
  return (NATIVE_BY_SOLVER[solverId] ?? []).map((name) => fileURLToPath(new URL(name, WORKAROUNDS)));
}
