/**
 * CP-SAT's multi-worker path, run as the backend runs CP-SAT (its own process, presolve off):
 * in or-tools-wasm 0.9.1, `interleaveSearch` with more than one worker answers FEASIBLE with the
 * objective but no values, and read as a solution that threw "no value for variable" out of the
 * solve. The service runs one worker; whatever the workers, an answer is either a whole
 * solution, rendered for every output, or the backend's ERROR.
 */
import { expect } from 'chai';
import { outcomeOf } from '../../../../src/engine/cpsat/run/outcome.ts';
import { CpSatRun } from '../../../../src/engine/cpsat/run/process-run.ts';
import { solutionValues } from '../../../../src/engine/cpsat/run/values.ts';
import { translateFlatZinc } from '../../../../src/engine/cpsat/translate/index.ts';
import { flatzinc, type ConstraintSpec } from '../support.ts';

/** 12 queens, minimising the sum of row x column: a search a limit of 5 conflicts cuts after its first solution. */
function queens() {
  const n = 12;
  const columns = Array.from({ length: n }, (_, i) => `x${i + 1}`);
  const constraints: ConstraintSpec[] = [];
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      constraints.push(['int_ne', [columns[i]!, columns[j]!]], ['int_lin_ne', [[1, -1], [columns[i]!, columns[j]!], j - i]], ['int_lin_ne', [[1, -1], [columns[i]!, columns[j]!], i - j]]);
    }
  }
  constraints.push(['int_lin_eq', [[...columns.map((_, i) => i + 1), -1], [...columns, 'cost'], 0]]);
  const model = flatzinc({ ...Object.fromEntries(columns.map((name) => [name, [1, n] as const])), cost: [0, 1000] }, constraints);
  return translateFlatZinc({ ...model, solve: { method: 'minimize', objective: 'cost' } });
}

async function solveWith(workers: Record<string, unknown>) {
  const translation = queens();
  const run = new CpSatRun();
  try {
    const parameters = { cpModelPresolve: false, cpModelProbingLevel: 0, linearizationLevel: 0, randomSeed: 1, maxNumberOfConflicts: 5, maxTimeInSeconds: 30, ...workers };
    const end = await run.solve(translation.model, parameters, { hardDeadlineAt: performance.now() + 60_000 });
    return { translation, outcome: outcomeOf(end, translation, { timeLimitReached: false, failLimited: true }) };
  } finally {
    run.discard();
  }
}

describe('engine: CP-SAT with several workers', function () {
  this.timeout(120_000);

  it('one worker: the solution its conflict limit cut, with a value for every output', async () => {
    const { translation, outcome } = await solveWith({ numWorkers: 1 });
    expect(outcome).to.include({ status: 'SATISFIED', stop: 'search_limit' });
    const values = solutionValues(translation, outcome.values!);
    expect(Object.keys(values)).to.have.length(13);
    expect(values.cost).to.equal(outcome.objective);
  });

  it('interleaved workers: a whole solution or the backend ERROR, never a throw', async () => {
    for (const workers of [{ numWorkers: 2, interleaveSearch: true }, { numWorkers: 4, interleaveSearch: true }, { numWorkers: 2 }]) {
      const { translation, outcome } = await solveWith(workers);
      if (outcome.values === null) {
        expect(outcome, JSON.stringify(workers)).to.include({ status: 'ERROR', stop: 'failed' });
        expect(outcome.error?.message).to.match(/values for the model's 13 variables/);
      } else {
        expect(solutionValues(translation, outcome.values).cost, JSON.stringify(workers)).to.equal(outcome.objective);
      }
    }
  });
});
