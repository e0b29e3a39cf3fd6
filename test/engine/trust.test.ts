/**
 * No UNSATISFIABLE or OPTIMAL on trust (src/engine/trust/): a claim on a model class its solver
 * is trusted on stands; any other is confirmed by a second backend or demoted.
 */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { judgeClaim } from '../../src/engine/trust/confirm.ts';
import { MODELS } from './support/models.ts';

const AMPLE_MS = 60_000;
const REGRESSIONS = fileURLToPath(new URL('./differential/regressions/', import.meta.url));

describe('engine: proofs are judged, not taken on trust', function () {
  this.timeout(3 * AMPLE_MS);
  let engine: Engine;

  before(async () => {
    engine = await createEngine({ projectRoot: MODELS, workers: 2, backends: ['embedded'] });
  });
  after(() => engine.close());

  it('keeps a proof made on a model class the solver is trusted on, and says so', async () => {
    const result = await engine.solve({ model: 'pigeonhole-alldifferent.mzn', data: { n: 4 }, solver: 'chuffed', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'UNSATISFIABLE', stop: 'complete' });
    expect(result.proof).to.include({ claim: 'UNSATISFIABLE', provedBy: 'embedded:chuffed', basis: 'trusted' });
    expect(result.proof?.untrusted).to.deep.equal([]);
    expect(result.proof?.summary).to.match(/^UNSATISFIABLE proven by Chuffed [\d.]+ \(embedded\), trusted/);
  });

  it('has a claim of a never-trusted solver (COIN-BC) confirmed by a second backend', async () => {
    const result = await engine.solve({ model: 'pigeonhole-alldifferent.mzn', data: { n: 4 }, solver: 'cbc', timeLimitMs: AMPLE_MS });
    expect(result).to.include({ status: 'UNSATISFIABLE', stop: 'complete' });
    expect(result.proof).to.include({ provedBy: 'embedded:cbc', basis: 'confirmed', checkedBy: 'embedded:gecode' });
    expect(result.proof?.summary).to.match(/proven by COIN-BC .* and confirmed by Gecode/);
  });

  it('demotes a claim no second backend confirmed in time to UNKNOWN, stop unconfirmed', async () => {
    const request = { model: 'pigeonhole-alldifferent.mzn', data: { n: 4 }, solver: 'cbc', timeLimitMs: AMPLE_MS, proofs: 'raw' as const };
    const claim = await engine.solve(request);
    expect(claim.status).to.equal('UNSATISFIABLE');
    // Judged as if its time were up: no check can run, so the claim stays a claim.
    const judged = await judgeClaim(request, claim, { deadlineAt: performance.now(), solvers: engine.solvers(), solveRaw: (check) => engine.solve(check) });
    expect(judged).to.include({ status: 'UNKNOWN', stop: 'unconfirmed', solution: null, bestBound: null });
    expect(judged.proof).to.include({ provedBy: 'embedded:cbc', basis: 'unconfirmed' });
    expect(judged.proof?.summary).to.match(/claimed UNSATISFIABLE outside its trusted class: .*; no time left to check it/);
  });

  it('returns the backend\'s own answer, unjudged, when asked for it raw', async () => {
    const result = await engine.solve({ model: 'pigeonhole-alldifferent.mzn', data: { n: 4 }, solver: 'cbc', timeLimitMs: AMPLE_MS, proofs: 'raw' });
    expect(result.status).to.equal('UNSATISFIABLE');
    expect(result.proof).to.include({ basis: 'raw', provedBy: 'embedded:cbc' });
    expect(result.proof).to.not.have.property('checkedBy');
  });

  describe('the false UNSATISFIABLE and OPTIMAL of issue 23 (Chuffed\'s div of negative numbers)', () => {
    for (const solver of ['gecode', 'chuffed', 'cp-sat']) {
      it(`${solver}: the satisfiable model is satisfied, its minimisation twin optimal at -36`, async () => {
        const [satisfied, minimised] = await Promise.all(
          ['chuffed-div-unsat.mzn', 'chuffed-div-optimal.mzn'].map((model) => engine.solve({ model: `${REGRESSIONS}${model}`, data: {}, solver, timeLimitMs: AMPLE_MS })),
        );
        expect(satisfied!.status).to.equal('SATISFIED');
        expect(minimised!.objective).to.equal(-36);
        expect(minimised!.status).to.be.oneOf(['OPTIMAL', 'SATISFIED']);
      });
    }

    it('chuffed: -7 div 3 is -2 and -7 mod 3 is -1, as MiniZinc defines them', async () => {
      const result = await engine.solve({ model: `${REGRESSIONS}chuffed-div-signs.mzn`, data: {}, solver: 'chuffed', timeLimitMs: AMPLE_MS });
      expect(result.solution).to.deep.include({ q: [-2, 2, 2, -2, -2, -1, 0, 0], r: [-1, 1, -1, 1, 0, 2, 0, -1] });
    });
  });
});
