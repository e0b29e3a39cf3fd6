import { expect } from 'chai';
import { mapStatus, type RunOutcome } from '../../src/engine/status.ts';

const exited = (minizincStatus: string | undefined, solutions: number, optimisation = true): RunOutcome => ({
  ending: 'exited',
  minizincStatus,
  solutions,
  optimisation,
  failed: false,
});

describe('engine: status mapping', () => {
  it('says UNSATISFIABLE only when the solver did', () => {
    expect(mapStatus(exited('UNSATISFIABLE', 0))).to.deep.equal({ status: 'UNSATISFIABLE', stop: 'complete' });
    expect(mapStatus(exited('UNSAT_OR_UNBOUNDED', 0)).status).to.equal('UNKNOWN');
    expect(mapStatus(exited(undefined, 0)).status).to.equal('UNKNOWN');
    expect(mapStatus({ ...exited(undefined, 0), ending: 'time_limit' }).status).to.equal('UNKNOWN');
  });

  it('says OPTIMAL only with the solver\'s word and a solution', () => {
    expect(mapStatus(exited('OPTIMAL_SOLUTION', 3))).to.deep.equal({ status: 'OPTIMAL', stop: 'complete' });
    expect(mapStatus(exited('OPTIMAL_SOLUTION', 0))).to.deep.equal({ status: 'ERROR', stop: 'failed' });
  });

  it('turns a time-out into SATISFIED with a solution and UNKNOWN without', () => {
    expect(mapStatus({ ...exited(undefined, 2), ending: 'time_limit' })).to.deep.equal({ status: 'SATISFIED', stop: 'time_limit' });
    expect(mapStatus(exited('UNKNOWN', 0))).to.deep.equal({ status: 'UNKNOWN', stop: 'time_limit' });
    // MiniZinc sends no status when its own time limit ends an optimisation that found solutions.
    expect(mapStatus(exited(undefined, 1))).to.deep.equal({ status: 'SATISFIED', stop: 'time_limit' });
  });

  it('treats the first solution of a satisfaction problem as a complete run', () => {
    expect(mapStatus(exited(undefined, 1, false))).to.deep.equal({ status: 'SATISFIED', stop: 'complete' });
    expect(mapStatus(exited('ALL_SOLUTIONS', 4, false))).to.deep.equal({ status: 'SATISFIED', stop: 'complete' });
  });

  it('names a stop before the time limit without a proof for what it is, not a time-out', () => {
    expect(mapStatus({ ...exited('UNKNOWN', 0), timeLimitReached: false })).to.deep.equal({ status: 'UNKNOWN', stop: 'incomplete' });
    expect(mapStatus({ ...exited(undefined, 2), timeLimitReached: false })).to.deep.equal({ status: 'SATISFIED', stop: 'incomplete' });
    expect(mapStatus({ ...exited('UNKNOWN', 1), timeLimitReached: false, failLimited: true })).to.deep.equal({ status: 'SATISFIED', stop: 'search_limit' });
    expect(mapStatus({ ...exited('UNKNOWN', 0), timeLimitReached: true })).to.deep.equal({ status: 'UNKNOWN', stop: 'time_limit' });
  });

  it('keeps the caller\'s abort apart from a time-out', () => {
    expect(mapStatus({ ...exited(undefined, 1), ending: 'cancelled' })).to.deep.equal({ status: 'SATISFIED', stop: 'cancelled' });
  });

  it('says ERROR for reported errors and crashes, whatever came before', () => {
    expect(mapStatus({ ...exited('OPTIMAL_SOLUTION', 1), failed: true })).to.deep.equal({ status: 'ERROR', stop: 'failed' });
    expect(mapStatus({ ...exited(undefined, 1), ending: 'crashed' })).to.deep.equal({ status: 'ERROR', stop: 'failed' });
  });
});
