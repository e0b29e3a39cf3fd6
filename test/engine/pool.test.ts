import { expect } from 'chai';
import { ServiceError } from '../../src/contract/errors.ts';
import { WorkerPool, type RunEnd } from '../../src/engine/embedded/pool.ts';
import { compiledModule, locateDistribution } from '../../src/engine/embedded/wasm.ts';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { ASSIGNMENT_DATA, MODELS } from './support/models.ts';

const AMPLE_MS = 30_000;

describe('engine: capacity, crashes and isolation (one worker, a queue of one)', function () {
  this.timeout(60_000);
  let engine: Engine;

  before(async () => {
    engine = await createEngine({ projectRoot: MODELS, workers: 1, queueLimit: 1, backends: ['embedded'] });
  });
  after(() => engine.close());

  it('refuses a solve beyond the queue with planning_capacity_unavailable and a Retry-After', async () => {
    const running = engine.solve({ model: 'pigeonhole.mzn', data: { n: 12 }, solver: 'gecode', timeLimitMs: 2000 });
    const queued = engine.solve({ model: 'pigeonhole.mzn', data: { n: 3 }, solver: 'gecode', timeLimitMs: AMPLE_MS });
    const refused = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 3 }, solver: 'gecode', timeLimitMs: AMPLE_MS }).then(
      () => expect.fail('a third solve must not fit'),
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(ServiceError);
    expect(refused).to.include({ code: 'planning_capacity_unavailable', status: 503 });
    expect((refused as ServiceError).retryAfterSeconds).to.be.within(1, 2);
    expect((await running).status).to.equal('UNKNOWN');
    expect((await queued).status).to.equal('UNSATISFIABLE');
  });

  it('lets an aborted solve leave the queue without waiting for a worker', async () => {
    const running = engine.solve({ model: 'pigeonhole.mzn', data: { n: 12 }, solver: 'gecode', timeLimitMs: 1500 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const left = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 3 }, solver: 'gecode', timeLimitMs: AMPLE_MS, signal: controller.signal });
    expect(left).to.include({ status: 'UNKNOWN', stop: 'cancelled', solution: null });
    // it left the queue when aborted, without waiting for the running solve's worker
    expect(performance.now() - started).to.be.below(AMPLE_MS / 2);
    await running;
  });

  it('reports a model that crashes MiniZinc as ERROR, and keeps serving', async () => {
    const crashed = await engine.solve({ model: 'deep-recursion.mzn', data: {}, solver: 'gecode', timeLimitMs: AMPLE_MS });
    expect(crashed).to.include({ status: 'ERROR', stop: 'failed' });
    expect(crashed.error?.message).to.equal('MiniZinc crashed: Maximum call stack size exceeded');
    const next = await engine.solve({ model: 'assignment.mzn', data: ASSIGNMENT_DATA, solver: 'gecode', timeLimitMs: AMPLE_MS });
    expect(next).to.include({ status: 'OPTIMAL', objective: 14 });
  });

  it('never lets one run\'s solver state reach the next run', async () => {
    // Chuffed keeps global state inside its WebAssembly instance: reused after proving one
    // model unsatisfiable, it calls the next one "optimal" with no solution.
    const unsatisfiable = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 4 }, solver: 'chuffed', timeLimitMs: AMPLE_MS });
    expect(unsatisfiable.status).to.equal('UNSATISFIABLE');
    const next = await engine.solve({ model: 'assignment.mzn', data: ASSIGNMENT_DATA, solver: 'chuffed', timeLimitMs: AMPLE_MS });
    expect(next).to.include({ status: 'OPTIMAL', objective: 14 });
    expect(next.solution).to.have.property('worker');
  });
});

describe('engine: the embedded worker pool', function () {
  this.timeout(60_000);
  let pool: WorkerPool;
  const version = (deadlineMs: number, args = ['--version']): Promise<RunEnd> =>
    pool.run({ request: { jsonStream: false, args }, deadlineAt: performance.now() + deadlineMs, onMessage: () => {} });

  before(async () => {
    const distribution = locateDistribution();
    pool = await WorkerPool.start({ size: 1, distribution, module: await compiledModule(distribution.wasm) });
  });
  after(() => pool.close());

  it('terminates a worker at its deadline and replaces it', async () => {
    const model = 'int: n = 12; array[1..n + 1] of var 1..n: h; constraint forall(i, j in 1..n + 1 where i < j)(h[i] != h[j]); solve satisfy;';
    const end = await pool.run({
      request: { jsonStream: true, files: { 'hard.mzn': model }, args: ['--solver', 'gecode', 'hard.mzn'] },
      deadlineAt: performance.now() + 1000,
      onMessage: () => {},
    });
    expect(end).to.deep.equal({ kind: 'time_limit' });
    expect(pool.stats()).to.include({ size: 1, died: 1, busy: 0 });
    const next = await version(AMPLE_MS);
    expect(next.kind).to.equal('exited');
    expect(next.kind === 'exited' && next.exit.stdout).to.contain('version 2.10');
  });

  it('gives every run a fresh worker, so it always keeps its size', async () => {
    for (let run = 0; run < 3; run += 1) expect((await version(AMPLE_MS)).kind).to.equal('exited');
    const { size, idle, starting, busy } = pool.stats();
    expect({ size, workers: idle + starting + busy }).to.deep.equal({ size: 1, workers: 1 });
  });
});
