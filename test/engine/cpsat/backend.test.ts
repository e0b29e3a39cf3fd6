/**
 * `--solver cp-sat` through the engine: listed beside the other embedded solvers, the same
 * optimum or the same UNSAT verdict as Chuffed on our small models, results shaped like any
 * embedded solver's, clear errors for what it cannot run, and its deadline kept.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createEngine, type Engine, type SolveResult } from '../../../src/engine/index.ts';
import { modelPath } from '../../../src/planning/solve/model-solver.ts';
import { evaluateSolution, pdptwData, pdptwRoutes, type RoutingInstance } from '../../../src/routing/index.ts';
import { ASSIGNMENT_DATA, nativeMinizincFound } from '../support/models.ts';
import { openRequest } from '../../routing/support.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const AMPLE_MS = 30_000;

async function data(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(`${ROOT}${path}`, 'utf8')) as Record<string, unknown>;
}

/** Model, data, and what both solvers must agree on. */
const DIFFERENTIAL = [
  // Its optimum is unique (test/engine/support/models.ts): the solutions must be equal, enums and sets included.
  { name: 'assignment (enums, a set): the same solution, as MiniZinc JSON', model: 'test/engine/models/assignment.mzn', data: async () => ASSIGNMENT_DATA, unique: true },
  { name: 'pigeonhole 6/5 (UNSAT)', model: 'test/engine/models/pigeonhole.mzn', data: async () => ({ n: 5 }) },
  { name: 'job-shop ft06 (disjunctive)', model: 'bench/models/jobshop.mzn', data: () => data('bench/models/jobshop-ft06.json') },
  { name: 'rcpsp 12x2 (cumulative)', model: 'bench/models/rcpsp.mzn', data: () => data('bench/models/rcpsp-small.json') },
  { name: 'tsp 10 (circuit)', model: 'bench/models/tsp.mzn', data: () => data('bench/models/tsp-10.json') },
  { name: 'vrptw 8x2 (circuit, time windows)', model: 'bench/models/vrptw.mzn', data: () => data('bench/models/vrptw-8.json') },
];

describe('engine: the CP-SAT backend', function () {
  this.timeout(120_000);
  let engine: Engine;

  before(async () => {
    engine = await createEngine({ projectRoot: ROOT, workers: 2, backends: ['embedded'] });
  });
  after(() => engine.close());

  it('is offered as an embedded solver', () => {
    const solver = engine.assertSolver('cp-sat');
    expect(solver).to.include({ id: 'cp-sat', key: 'embedded:cp-sat', backend: 'embedded', name: 'OR-Tools CP-SAT (or-tools-wasm)' });
    expect(engine.solvers().map((offered) => offered.key)).to.include.members(['embedded:gecode', 'embedded:chuffed', 'embedded:cp-sat']);
  });

  // The backends' own answers are compared (raw): whether the engine then trusts a claim is the
  // trust layer's concern (test/engine/trust.test.ts), and its second opinion needs time that a
  // busy machine may not leave within the limit.
  // Each instance settles in seconds on an idle machine; the limit leaves room for a busy one.
  describe('agrees with Chuffed', function () {
    this.timeout(300_000);
    for (const instance of DIFFERENTIAL) {
      it(instance.name, async () => {
        const request = { model: instance.model, data: await instance.data(), timeLimitMs: 4 * AMPLE_MS, proofs: 'raw' as const };
        const [cpSat, chuffed] = await Promise.all([engine.solve({ ...request, solver: 'cp-sat' }), engine.solve({ ...request, solver: 'chuffed' })]);
        expect(chuffed.status, 'Chuffed must settle it').to.be.oneOf(['OPTIMAL', 'UNSATISFIABLE']);
        expect(cpSat).to.deep.include({ status: chuffed.status, objective: chuffed.objective, bestBound: chuffed.bestBound, stop: 'complete', backend: 'embedded' });
        expect(cpSat.solver).to.deep.equal({ id: 'cp-sat', name: 'OR-Tools CP-SAT (or-tools-wasm)', version: engine.assertSolver('cp-sat').version });
        expect(cpSat.error).to.equal(undefined);
        if ('unique' in instance) expect(cpSat.solution).to.deep.equal(chuffed.solution);
        if (chuffed.solution === null) expect(cpSat.solution).to.equal(null);
        else expect(Object.keys(cpSat.solution!).sort()).to.deep.equal(Object.keys(chuffed.solution).sort());
      });
    }
  });

  it('agrees with Gecode on models/pdptw.mzn (a tiny day with a break to reserve), its routes accepted by the evaluator', async () => {
    const travel = Array.from({ length: 5 }, (_, a) => Array.from({ length: 5 }, (_, b) => 10 * Math.abs(a - b)));
    const request = (pickup: number, delivery: number, group: number) => openRequest(pickup, delivery, group, { pickupService: 5, deliveryService: 5, droppable: true });
    const vehicle = { startLocation: 0, endLocation: 0, window: { earliest: 0, latest: 200 }, capacity: 1, drivingDone: 0, drivingSinceBreak: 0 };
    const routing: RoutingInstance = {
      name: 'line',
      travel,
      horizon: 1000,
      requests: [request(1, 4, 1), request(2, 3, 2), request(3, 1, 3)],
      vehicles: [vehicle, { ...vehicle, startLocation: 4, endLocation: 4 }],
      hours: { maxDriving: 500, maxSpan: 1000, drivingBeforeBreak: 60, breakLength: 30 },
      vehiclesFirst: false,
    };
    const solve = async (solver: string) => {
      // raw: the backends' own answers are compared (trust is tested in test/engine/trust.test.ts)
      const result = await engine.solve({ model: modelPath('pdptw.mzn'), data: pdptwData(routing), solver, timeLimitMs: 4 * AMPLE_MS, seed: 1, proofs: 'raw' });
      expect(result.status, `${solver}: ${result.error?.message}`).to.equal('OPTIMAL');
      const evaluated = evaluateSolution(routing, pdptwRoutes(routing, result.solution as { succ: number[]; route: number[] }));
      if (!evaluated.ok) expect.fail(`the evaluator rejects ${solver}'s routes: ${evaluated.reason}`);
      return { objective: result.objective, cost: evaluated.cost };
    };
    const [cpSat, gecode] = await Promise.all([solve('cp-sat'), solve('gecode')]);
    expect(cpSat).to.deep.equal(gecode);
  });

  it('hands each solution over once as it has it, its first before the search ends, the last the answer', async () => {
    const events: { solution: Record<string, unknown>; objective: number | null }[] = [];
    const request = { model: 'bench/models/vrptw.mzn', data: await data('bench/models/vrptw-8.json'), solver: 'cp-sat', timeLimitMs: 4 * AMPLE_MS, proofs: 'raw' as const };
    const result = await engine.solve({ ...request, onSolution: (event) => events.push(event) });
    expect(result.status).to.equal('OPTIMAL');
    expect(events.length).to.be.at.least(1);
    expect(events.at(-1)).to.deep.include({ solution: result.solution, objective: result.objective });
    events.slice(1).forEach((event, i) => expect(event.objective).to.be.below(events[i]!.objective!));
  });

  it('gives a warm start back first and then the optimum, never taking the warm start for a proof', async () => {
    const events: { objective: number | null }[] = [];
    const result = await engine.solve({ model: 'test/engine/cpsat/models/warm-hint.mzn', data: {}, solver: 'cp-sat', timeLimitMs: AMPLE_MS, proofs: 'raw', onSolution: (event) => events.push(event) });
    expect(result).to.deep.include({ status: 'OPTIMAL', objective: 5, bestBound: 5, stop: 'complete', solution: { x: 5, y: 0 } });
    expect(events.map((event) => event.objective)).to.deep.equal([30, 5]);
  });

  it('solves a satisfaction problem: SATISFIED, complete, with 2D and Boolean arrays in their shapes', async () => {
    const result = await engine.solve({ model: 'test/engine/cpsat/models/colouring.mzn', data: {}, solver: 'cp-sat', timeLimitMs: AMPLE_MS });
    expect(result).to.deep.include({ status: 'SATISFIED', stop: 'complete', objective: null });
    const { colour, ends, red } = result.solution as { colour: number[]; ends: number[][]; red: boolean[] };
    expect(ends).to.have.length(5);
    colour.forEach((c, i) => {
      const next = colour[(i + 1) % 5]!;
      expect(c).to.not.equal(next);
      expect(ends[i]).to.deep.equal([c, next]);
      expect(red[i]).to.equal(c === 1);
    });
  });

  it('refuses a float model with an ERROR naming what it cannot translate', async () => {
    const result = await engine.solve({ model: 'test/engine/cpsat/models/float.mzn', data: {}, solver: 'cp-sat', timeLimitMs: AMPLE_MS });
    expect(result).to.deep.include({ status: 'ERROR', stop: 'failed', solution: null });
    expect(result.error?.message).to.match(/^CP-SAT backend: .*floats are not supported by the CP-SAT backend/);
  });

  it('reports a model error with its location, as the other solvers do', async () => {
    const result = await engine.solve({ model: 'test/engine/models/broken.mzn', data: {}, solver: 'cp-sat', timeLimitMs: AMPLE_MS });
    expect(result).to.deep.include({ status: 'ERROR', stop: 'failed' });
    expect(result.error).to.deep.equal({ message: "type error: undefined identifier `undefined_name'", location: 'test/engine/models/broken.mzn:4.16-29' });
  });

  it('keeps its time limit on a hard optimisation, without claiming optimality', async () => {
    const timeLimitMs = 4000;
    const result: SolveResult = await engine.solve({ model: 'test/engine/models/hard-optimisation.mzn', data: { n: 14 }, solver: 'cp-sat', timeLimitMs });
    expect(result.status).to.be.oneOf(['SATISFIED', 'UNKNOWN']);
    expect(result.stop).to.equal('time_limit');
    expect(result.elapsedMs).to.be.at.least(timeLimitMs / 2).and.below(AMPLE_MS);
    if (result.status === 'SATISFIED') expect(result.objective).to.be.a('number');
  });

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 2500);
    const result = await engine.solve({ model: 'test/engine/models/hard-optimisation.mzn', data: { n: 14 }, solver: 'cp-sat', timeLimitMs: AMPLE_MS, signal: controller.signal });
    // cancelled before its first solution it has none; after it, that first solution stands
    // (backend.ts), which on an idle machine comes within the 2.5 s: either way, no proof claimed
    expect(result.stop).to.equal('cancelled');
    if (result.status === 'UNKNOWN') expect(result.solution).to.equal(null);
    else expect(result.status).to.equal('SATISFIED');
    expect(performance.now() - started).to.be.below(AMPLE_MS / 2);
  });
});

describe('engine: the CP-SAT backend compiling with the native MiniZinc', function () {
  this.timeout(300_000);
  let engine: Engine;

  before(async function () {
    if (!(await nativeMinizincFound())) this.skip();
    engine = await createEngine({ projectRoot: ROOT, workers: 2, backends: ['native', 'embedded'] });
  });
  after(() => engine?.close());

  for (const instance of DIFFERENTIAL.filter((candidate) => /assignment|pigeonhole|vrptw/.test(candidate.name))) {
    it(`agrees with Chuffed: ${instance.name}`, async () => {
      const request = { model: instance.model, data: await instance.data(), timeLimitMs: 4 * AMPLE_MS, proofs: 'raw' as const };
      const [cpSat, chuffed] = await Promise.all([engine.solve({ ...request, solver: 'cp-sat' }), engine.solve({ ...request, solver: 'chuffed' })]);
      expect(cpSat.statistics.flatCompiler, 'compiled by the native MiniZinc').to.not.equal(`MiniZinc ${cpSat.minizincVersion}`);
      expect(cpSat).to.deep.include({ status: chuffed.status, objective: chuffed.objective, bestBound: chuffed.bestBound, stop: 'complete' });
      if ('unique' in instance) expect(cpSat.solution).to.deep.equal(chuffed.solution);
    });
  }

  it('reports a model error with its location as the embedded compilation does', async () => {
    const result = await engine.solve({ model: 'test/engine/models/broken.mzn', data: {}, solver: 'cp-sat', timeLimitMs: AMPLE_MS });
    expect(result).to.deep.include({ status: 'ERROR', stop: 'failed' });
    expect(result.error).to.deep.equal({ message: "type error: undefined identifier `undefined_name'", location: 'test/engine/models/broken.mzn:4.16-29' });
  });
});
