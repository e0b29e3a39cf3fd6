import { expect } from 'chai';
import { createEngine, UnknownSolverError, type Engine, type SolutionEvent, type SolveResult } from '../../src/engine/index.ts';
import { ASSIGNMENT_DATA, EMBEDDED_SOLVERS, MODELS } from './support/models.ts';

/** Generous: these runs finish in well under a second on an idle machine. */
const AMPLE_MS = 30_000;

describe('engine: embedded MiniZinc', function () {
  this.timeout(60_000);
  let engine: Engine;

  before(async () => {
    engine = await createEngine({ projectRoot: MODELS, workers: 2, backends: ['embedded'] });
  });
  after(() => engine.close());

  it('lists Gecode, Chuffed, COIN-BC, HiGHS and CP-SAT with their versions', () => {
    const listed = engine.solvers().map((solver) => [solver.key, solver.name, solver.version]);
    expect(listed.map(([key]) => key)).to.deep.equal([...EMBEDDED_SOLVERS, 'cp-sat'].map((id) => `embedded:${id}`));
    expect(listed.map(([, name]) => name)).to.deep.equal(['Gecode', 'Chuffed', 'COIN-BC', 'HiGHS', 'OR-Tools CP-SAT (or-tools-wasm)']);
    for (const [, , version] of listed) expect(version).to.match(/^\d+\.\d+/);
  });

  describe('proofs of infeasibility', () => {
    // Started together, so that both workers are busy; each test checks its own solver.
    const proofs = new Map<string, Promise<SolveResult>>();
    before(() => {
      for (const solver of EMBEDDED_SOLVERS) proofs.set(solver, engine.solve({ model: 'pigeonhole.mzn', data: { n: 4 }, solver, timeLimitMs: AMPLE_MS }));
    });

    for (const solver of EMBEDDED_SOLVERS) {
      it(`${solver} proves the pigeonhole problem UNSATISFIABLE`, async () => {
        const result = await proofs.get(solver)!;
        expect(result).to.include({ status: 'UNSATISFIABLE', stop: 'complete', solution: null, backend: 'embedded', minizincVersion: '2.10.0' });
        expect(result.solver.id).to.equal(solver);
      });
    }

    // 8 pigeons, 7 holes, one `alldifferent`: Chuffed's proof arrives as printed text
    // (`=====UNSATISFIABLE=====` on stdout), once lost as "UNKNOWN, time_limit" (issue 20).
    for (const solver of [...EMBEDDED_SOLVERS, 'cp-sat']) {
      it(`${solver} proves 8 pigeons in 7 holes (alldifferent) UNSATISFIABLE`, async () => {
        const result = await engine.solve({ model: 'pigeonhole-alldifferent.mzn', data: { n: 7 }, solver, timeLimitMs: AMPLE_MS });
        expect(result, JSON.stringify(result.error)).to.include({ status: 'UNSATISFIABLE', stop: 'complete', solution: null });
        expect(result.solver.id).to.equal(solver);
      });
    }
  });

  describe('membership constraints (FlatZinc set_in, set_in_reif, set_in_imp)', () => {
    // The embedded Gecode's and Chuffed's own handling of these is wrong
    // (src/engine/embedded/workarounds/): without the engine's workarounds the first case is
    // "UNSATISFIABLE" on both, the second gives x = 5, and the reified one b = true with x = 0.
    const cases = [
      { model: 'set-in.mzn', data: { n: 54, allowed: { set: [23, 24, 30] } }, solution: { x: 30, required: true } },
      { model: 'set-in.mzn', data: { n: 5, allowed: { set: [0, 1] } }, solution: { x: 1, required: true } },
      { model: 'set-in-reified.mzn', data: {}, solution: { x: 1, b: true, c: false } },
    ];
    for (const solver of [...EMBEDDED_SOLVERS, 'cp-sat']) {
      it(`${solver} keeps x within the allowed values, never a false proof`, async () => {
        for (const { model, data, solution } of cases) {
          const result = await engine.solve({ model, data, solver, timeLimitMs: AMPLE_MS });
          expect(result.status, `${solver} on ${model} ${JSON.stringify(data)}`).to.equal('OPTIMAL');
          expect(result.solution, `${solver} on ${model} ${JSON.stringify(data)}`).to.deep.equal(solution);
        }
      });
    }
  });

  it('reaches OPTIMAL and returns the output variables by name as typed JSON', async () => {
    const result = await engine.solve({ model: 'assignment.mzn', data: ASSIGNMENT_DATA, solver: 'chuffed', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'OPTIMAL', objective: 14, bestBound: 14, stop: 'complete' });
    expect(result.solution).to.deep.equal({
      worker: [{ e: 'cat' }, { e: 'bob' }, { e: 'ann' }],
      costly: { set: [{ e: 'ship' }] },
    });
    expect(result.statistics.method).to.equal('minimize');
    expect(result.elapsedMs).to.be.a('number').and.be.greaterThan(0);
  });

  it('stops a hard optimisation at its time limit, keeping the last streamed solution', async () => {
    const streamed: SolutionEvent[] = [];
    const timeLimitMs = 2000;
    const started = performance.now();
    const result = await engine.solve({
      model: 'hard-optimisation.mzn',
      data: { n: 12 },
      solver: 'gecode',
      timeLimitMs,
      onSolution: (event) => streamed.push(event),
    });
    const wallMs = performance.now() - started;
    expect(wallMs).to.be.at.least(timeLimitMs / 2).and.below(AMPLE_MS);
    expect(result.stop).to.equal('time_limit');
    expect(result.status).to.be.oneOf(['SATISFIED', 'UNKNOWN']);
    if (result.status === 'SATISFIED') {
      expect(result.solution).to.deep.equal(streamed.at(-1)!.solution);
      expect(result.objective).to.equal(streamed.at(-1)!.objective);
    } else {
      expect(streamed).to.have.length(0);
    }
  });

  it('reports UNKNOWN, never UNSATISFIABLE, when the time limit ends an unfinished proof', async () => {
    const result = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 12 }, solver: 'gecode', timeLimitMs: 1500 });
    expect(result).to.include({ status: 'UNKNOWN', stop: 'time_limit', solution: null });
    // it ran to its limit (less the engine's reserve for rendering), not to the end of the proof;
    // no upper bound but the ample one: a busy machine may take longer to stop
    expect(result.elapsedMs).to.be.at.least(750).and.below(AMPLE_MS);
  });

  it('ends a run at once when its AbortSignal fires, and keeps serving', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const started = performance.now();
    const aborted = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 11 }, solver: 'gecode', timeLimitMs: AMPLE_MS, signal: controller.signal });
    // the abort ended it, not a limit: far sooner than the ample allowance
    expect(performance.now() - started).to.be.below(AMPLE_MS / 2);
    expect(aborted).to.include({ status: 'UNKNOWN', stop: 'cancelled' });
    const next = await engine.solve({ model: 'pigeonhole.mzn', data: { n: 3 }, solver: 'gecode', timeLimitMs: AMPLE_MS });
    expect(next.status).to.equal('UNSATISFIABLE');
  });

  it('reports a type error as ERROR with MiniZinc\'s message and location', async () => {
    const result = await engine.solve({ model: 'broken.mzn', data: {}, solver: 'gecode', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'ERROR', stop: 'failed', solution: null });
    expect(result.error).to.deep.equal({ message: "type error: undefined identifier `undefined_name'", location: 'broken.mzn:4.16-29' });
  });

  it('reports a failed data assertion as ERROR carrying the model\'s message', async () => {
    const data = { ...ASSIGNMENT_DATA, Worker: ['ann'], cost: [[9, 8, 6]] };
    const result = await engine.solve({ model: 'assignment.mzn', data, solver: 'highs', timeLimitMs: AMPLE_MS });
    expect(result.status).to.equal('ERROR');
    expect(result.error?.message).to.contain('assignment: fewer workers than tasks');
    expect(result.error?.location).to.match(/^assignment\.mzn:10\./);
  });

  it('reports a missing model file as ERROR', async () => {
    const result = await engine.solve({ model: 'no-such-model.mzn', data: {}, solver: 'gecode', timeLimitMs: AMPLE_MS });
    expect(result.status).to.equal('ERROR');
    expect(result.error?.message).to.equal('Model file not found: no-such-model.mzn');
  });

  it('refuses an unknown solver, naming the available ones', async () => {
    expect(() => engine.assertSolver('cplex')).to.throw(UnknownSolverError, /embedded:gecode, embedded:chuffed, embedded:cbc, embedded:highs/);
    await engine.solve({ model: 'pigeonhole.mzn', data: { n: 3 }, solver: 'native:gecode', timeLimitMs: AMPLE_MS }).then(
      () => expect.fail('an engine without a native backend must refuse native:gecode'),
      (error: unknown) => expect(error).to.be.instanceOf(UnknownSolverError),
    );
  });
});
