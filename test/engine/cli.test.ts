import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run --silent solve -- ...` as a model author types it, from the project root. */
function solve(...args: string[]) {
  return execa('npm', ['run', '--silent', 'solve', '--', ...args], { cwd: ROOT, reject: false, env: { MINIZINC_BIN: '' } });
}

describe('engine: the solve command line', function () {
  // a hang guard, not a speed check: the pigeonhole test runs the command twice with 50 s limits
  this.timeout(240_000);

  it('prints one JSON object with status, solver, objective, solution and elapsed_ms', async () => {
    const run = await solve('test/engine/models/assignment.mzn', 'test/engine/models/assignment.json', '--solver', 'gecode', '--time-limit', '20000', '--seed', '7');
    expect(run.exitCode, run.stderr).to.equal(0);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(printed).to.include({ status: 'OPTIMAL', objective: 14 });
    expect(printed.solver).to.deep.include({ id: 'gecode', name: 'Gecode' });
    expect(printed.solution).to.deep.equal({ worker: [{ e: 'cat' }, { e: 'bob' }, { e: 'ann' }], costly: { set: [{ e: 'ship' }] } });
    expect(printed.elapsed_ms).to.be.a('number');
  });

  it('judges a proof by the trust policy, and shows the raw backend answer only under --raw', async () => {
    const model = ['test/engine/models/pigeonhole-alldifferent.mzn', 'test/engine/models/pigeonhole-4.json', '--solver', 'cbc', '--time-limit', '50000'];
    const checked = JSON.parse((await solve(...model)).stdout) as { status: string; proof: Record<string, unknown> };
    expect(checked.status).to.equal('UNSATISFIABLE');
    expect(checked.proof).to.include({ provedBy: 'embedded:cbc', basis: 'confirmed', checkedBy: 'embedded:gecode' });
    const raw = JSON.parse((await solve(...model, '--raw')).stdout) as { status: string; proof: Record<string, unknown> };
    expect(raw.status).to.equal('UNSATISFIABLE');
    expect(raw.proof).to.include({ provedBy: 'embedded:cbc', basis: 'raw' });
  });

  it("answers a solver that crashes with ERROR and the backend's message (exit 1), not a stack trace", async () => {
    const run = await solve('test/engine/models/deep-recursion.mzn', 'test/engine/models/empty.json', '--solver', 'gecode', '--time-limit', '30000');
    expect(run.exitCode, run.stderr).to.equal(1);
    const printed = JSON.parse(run.stdout) as { status: string; stop: string; error: { message: string } };
    expect(printed).to.include({ status: 'ERROR', stop: 'failed' });
    expect(printed.error.message).to.equal('MiniZinc crashed: Maximum call stack size exceeded');
  });

  it('exits 2 with a clear message on bad arguments', async () => {
    const missingData = await solve('test/engine/models/assignment.mzn');
    expect(missingData.exitCode).to.equal(2);
    expect(missingData.stderr).to.contain('expected exactly two arguments').and.contain('usage: npm run --silent solve');
    const badLimit = await solve('test/engine/models/assignment.mzn', 'test/engine/models/assignment.json', '--time-limit', 'soon');
    expect(badLimit.exitCode).to.equal(2);
    expect(badLimit.stderr).to.contain('--time-limit must be an integer >= 1, not "soon"');
    expect(badLimit.stdout).to.equal('');
  });

  it('exits 2 naming the available solvers when the solver does not exist', async () => {
    const run = await solve('test/engine/models/assignment.mzn', 'test/engine/models/assignment.json', '--solver', 'cplex');
    expect(run.exitCode).to.equal(2);
    expect(run.stderr).to.match(/Unknown solver "cplex": this engine offers embedded:gecode, embedded:chuffed/);
  });
});
