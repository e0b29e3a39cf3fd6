/**
 * Independent restarts of the ruin and recreate (routing/algorithms/restarts.ts): a run that has
 * settled ends and another starts with another seed; the best of the runs is returned, the move
 * budget is shared, and the same seed gives the same runs.
 */
import { expect } from 'chai';
import { compareCost, construct, evaluateSolution, ruinAndRecreate, type RoutingCost, type RuinRecreateOptions, searchParameters } from '../../src/routing/index.ts';
import { ruinAndRecreateWithRestarts, runSeed } from '../../src/routing/algorithms/restarts.ts';
import { randomInstance } from './support.ts';

const options = (extra: Partial<RuinRecreateOptions> = {}): RuinRecreateOptions => {
  const parameters = searchParameters({ seed: 5, deadline: Date.now() + 60_000 }, { ruinRecreate: { maxIterations: 600, progress: 'iterations' } });
  return { ...parameters.ruinRecreate!, seed: parameters.seed, deadline: parameters.deadline, ...extra };
};

describe('routing/restarts', function () {
  this.timeout(60_000);
  const instance = { ...randomInstance(4, 12, false), vehiclesFirst: true };
  const start = construct(instance).solution;

  it('without restartAfter makes one run, the plain ruin and recreate', () => {
    const plain = ruinAndRecreate(instance, start, options({ restartAfter: null }));
    const restarted = ruinAndRecreateWithRestarts(instance, start, options({ restartAfter: null }));
    expect(restarted.runs).to.equal(1);
    expect(restarted.solution).to.deep.equal(plain.solution);
    expect(restarted.iterations).to.equal(plain.iterations);
  });

  it('a run ends when its travel phase has settled, and the next runs share the move budget', () => {
    const first = ruinAndRecreate(instance, start, options({ restartAfter: 1 }));
    expect(first.stoppedBy).to.equal('stall');
    expect(first.iterations).to.be.below(600);
    const result = ruinAndRecreateWithRestarts(instance, start, options({ restartAfter: 1 }));
    expect(result.runs).to.be.greaterThan(1);
    expect(result.iterations).to.be.at.most(600);
    const evaluated = evaluateSolution(instance, result.solution);
    expect(evaluated.ok, evaluated.ok ? '' : evaluated.reason).to.equal(true);
    if (!evaluated.ok) return;
    expect(evaluated.cost).to.deep.equal(result.cost);
    // the best of the runs: never worse than the first run alone
    expect(compareCost(instance, result.cost, first.cost)).to.be.at.most(0);
  });

  it('returns the best of its runs and reports only what improves on every run before', () => {
    const reported: RoutingCost[] = [];
    const result = ruinAndRecreateWithRestarts(instance, start, options({ restartAfter: 1, onImprovement: (cost) => reported.push(cost) }));
    for (let i = 1; i < reported.length; i += 1) expect(compareCost(instance, reported[i]!, reported[i - 1]!)).to.be.below(0);
    const runs = Array.from({ length: result.runs }, (_, run) => run);
    // replaying the runs one by one with their seeds and budgets gives the same best
    let used = 0;
    let best: RoutingCost | null = null;
    for (const run of runs) {
      const alone = ruinAndRecreate(instance, start, options({ restartAfter: 1, seed: runSeed(5, run), maxIterations: 600 - used }));
      used += alone.iterations;
      if (best === null || compareCost(instance, alone.cost, best) < 0) best = alone.cost;
    }
    expect(used).to.equal(result.iterations);
    expect(result.cost).to.deep.equal(best);
    expect(reported.at(-1)).to.deep.equal(result.cost);
  });

  it('gives the same routes for the same seed and move budget', () => {
    const a = ruinAndRecreateWithRestarts(instance, start, options({ restartAfter: 1, seed: 9 }));
    const b = ruinAndRecreateWithRestarts(instance, start, options({ restartAfter: 1, seed: 9 }));
    expect(b.solution).to.deep.equal(a.solution);
    expect(b.runs).to.equal(a.runs);
    expect(b.iterations).to.equal(a.iterations);
  });
});
