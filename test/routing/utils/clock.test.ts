/**
 * The routing core's clock (routing/utils/clock.ts): deadlines are read on it, so a benchmark
 * that switches it to CPU time gets a search bounded by CPU time. A clock that advances one
 * millisecond per reading makes the deadline a count of readings: the same run on any machine.
 */
import { expect } from 'chai';
import { construct, now, ruinAndRecreate, searchParameters, useClock } from '../../../src/routing/index.ts';
import { randomInstance } from '../support.ts';

describe('routing/utils/clock', function () {
  this.timeout(60_000);
  const instance = { ...randomInstance(4, 12, false), vehiclesFirst: true };
  const start = construct(instance).solution;

  function runOn(clock: () => number) {
    const previous = useClock(clock);
    try {
      const parameters = searchParameters({ seed: 3, deadline: now() + 400 }, { ruinRecreate: { maxIterations: 1_000_000 } });
      return ruinAndRecreate(instance, start, { ...parameters.ruinRecreate!, seed: parameters.seed, deadline: parameters.deadline });
    } finally {
      useClock(previous);
    }
  }

  function counter(): () => number {
    let readings = 0;
    return () => (readings += 1);
  }

  it('bounds the search by the deadline read on the switched clock', () => {
    const result = runOn(counter());
    expect(result.stoppedBy).to.equal('deadline');
    expect(result.iterations).to.be.greaterThan(0);
  });

  it('gives the same search for the same readings, however long they take', () => {
    const first = runOn(counter());
    const second = runOn(counter());
    expect(second.iterations).to.equal(first.iterations);
    expect(second.solution).to.deep.equal(first.solution);
  });

  it('is the wall clock again once switched back', () => {
    const before = Date.now();
    expect(now()).to.be.within(before, Date.now());
  });
});
