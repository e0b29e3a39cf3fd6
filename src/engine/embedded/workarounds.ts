/**
 * Model files added to every solve of an embedded solver whose FlatZinc interface gets a builtin
 * wrong (measured on MiniZinc 2.10 WebAssembly; each file's header says what and why). A body
 * given to a builtin predicate in a model file replaces the solver's own handling of it.
 */
import { readFileSync } from 'node:fs';

const file = (name: string): [string, string] => [`workaround-${name}`, readFileSync(new URL(`./workarounds/${name}`, import.meta.url), 'utf8')];

const SET_IN = file('set-in.mzn');
const SET_IN_REIFIED = file('set-in-reified.mzn');
const DIV_MOD = file('div-mod.mzn');

const BY_SOLVER: Record<string, [string, string][]> = {
  gecode: [SET_IN],
  chuffed: [SET_IN, SET_IN_REIFIED, DIV_MOD],
};

/** File name -> contents, to pass after the model, for the given embedded solver id. */
export function workaroundFiles(solverId: string): Record<string, string> {
  return Object.fromEntries(BY_SOLVER[solverId] ?? []);
}
