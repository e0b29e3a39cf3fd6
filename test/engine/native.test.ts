import { expect } from 'chai';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { execa } from 'execa';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { ASSIGNMENT_DATA, MODELS, nativeMinizincFound } from './support/models.ts';

const AMPLE_MS = 30_000;
const found = await nativeMinizincFound();

/**
 * The native runs of this file write their directories under a temporary directory of its own
 * (TMPDIR, read by each run), so that runs of other processes on a shared machine are not counted.
 */
let runsRoot = tmpdir();

/** Process groups whose leader runs MiniZinc on a data file in a native run's directory. */
async function nativeRunGroups(): Promise<Set<string>> {
  const { stdout } = await execa('ps', ['-eo', 'pgid=,args=']);
  return new Set(stdout.split('\n').filter((line) => line.includes('minizinc') && line.includes(join(runsRoot, 'mzn-native-'))).map((line) => line.trim().split(/\s+/)[0]!));
}

async function groupAlive(pgid: string): Promise<boolean> {
  const { stdout } = await execa('ps', ['-eo', 'pgid=']);
  return stdout.split('\n').some((line) => line.trim() === pgid);
}

async function nativeRunDirectories(): Promise<string[]> {
  return (await readdir(runsRoot)).filter((name) => name.startsWith('mzn-native-'));
}

describe('engine: native MiniZinc', function () {
  this.timeout(60_000);

  if (!found) {
    // CI installs Debian's minizinc (.ci/run): there, a missing executable is a failure.
    if (process.env.CI) it('finds a native minizinc on PATH', () => expect.fail('no `minizinc` on PATH; .ci/run installs it'));
    else it('is skipped: no `minizinc` on PATH');
    return;
  }

  let engine: Engine;
  const outerTmp = process.env.TMPDIR;
  before(async () => {
    runsRoot = await mkdtemp(join(tmpdir(), 'native-test-'));
    process.env.TMPDIR = runsRoot;
    engine = await createEngine({ projectRoot: MODELS, workers: 2, minizincBin: 'minizinc' });
  });
  after(async () => {
    await engine.close();
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
    await rm(runsRoot, { recursive: true, force: true });
  });

  it('lists the native solvers first when MINIZINC_BIN is configured, and picks them for bare ids', () => {
    const [first] = engine.solvers();
    expect(first).to.include({ key: 'native:gecode', name: 'Gecode', backend: 'native' });
    expect(engine.assertSolver('gecode').backend).to.equal('native');
    expect(engine.assertSolver('embedded:gecode').backend).to.equal('embedded');
  });

  it('proves the pigeonhole problem UNSATISFIABLE', async () => {
    const result = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 4 }, solver: 'native:gecode', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'UNSATISFIABLE', stop: 'complete', backend: 'native' });
    expect(result.minizincVersion).to.match(/^2\.\d+\.\d+$/);
  });

  it('proves 8 pigeons in 7 holes (alldifferent) UNSATISFIABLE', async () => {
    const result = await engine.solve({ model: 'pigeonhole-alldifferent.mzn', data: { n: 7 }, solver: 'native:gecode', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'UNSATISFIABLE', stop: 'complete', backend: 'native' });
  });

  it('reaches OPTIMAL with the same typed JSON as the embedded backend', async () => {
    const [native, embedded] = await Promise.all(
      ['native:gecode', 'embedded:gecode'].map((solver) => engine.solve({ model: 'assignment.mzn', data: ASSIGNMENT_DATA, solver, timeLimitMs: AMPLE_MS })),
    );
    expect(native!).to.include({ status: 'OPTIMAL', objective: 14, bestBound: 14 });
    expect(native!.solution).to.deep.equal(embedded!.solution);
  });

  it('stops at the time limit and removes its temporary directory', async () => {
    const before = await nativeRunDirectories();
    const result = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 13 }, solver: 'native:gecode', timeLimitMs: 1500 });
    expect(result).to.include({ status: 'UNKNOWN', stop: 'time_limit' });
    expect(result.elapsedMs).to.be.at.least(750).and.below(AMPLE_MS);
    expect(await nativeRunDirectories()).to.deep.equal(before);
  });

  it('kills MiniZinc and its solver process on abort', async () => {
    const controller = new AbortController();
    const solving = engine.solve({ model: 'pigeonhole.mzn', data: { n: 13 }, solver: 'native:gecode', timeLimitMs: AMPLE_MS, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const groups = await nativeRunGroups();
    expect(groups.size).to.equal(1);
    controller.abort();
    const result = await solving;
    expect(result).to.include({ status: 'UNKNOWN', stop: 'cancelled' });
    expect(result.elapsedMs).to.be.below(AMPLE_MS / 2);
    expect(await groupAlive([...groups][0]!)).to.equal(false);
  });

  it('reports a type error as ERROR with MiniZinc\'s message and location', async () => {
    const result = await engine.solve({ model: 'broken.mzn', data: {}, solver: 'native:gecode', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'ERROR', stop: 'failed' });
    expect(result.error).to.deep.equal({ message: "type error: undefined identifier `undefined_name'", location: 'broken.mzn:4.16-29' });
  });

  it('refuses to start when the configured executable cannot run', async () => {
    const error = await createEngine({ projectRoot: MODELS, workers: 1, minizincBin: '/nonexistent/minizinc', backends: ['native'] }).then(
      () => expect.fail('a configured executable that cannot run must stop the engine'),
      (failure: unknown) => failure as Error,
    );
    expect(error.message).to.match(/^The native MiniZinc "\/nonexistent\/minizinc" cannot be run/);
  });
});
