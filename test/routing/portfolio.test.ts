/**
 * The portfolio (routing/algorithms/portfolio.ts): one search per worker thread, each on a seed
 * of its own, the best routes kept. With a counted budget each thread's search is exactly the
 * in-process one on its seed, so the threads add seeds, not another search.
 */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { compareCost, evaluateSolution, memberSeed, Portfolio, searchMember, searchParameters } from '../../src/routing/index.ts';
import { randomInstance } from './support.ts';

const source = new URL('../../src/', import.meta.url);
const worker = { filename: fileURLToPath(new URL('workers/tsx-worker.mjs', source)), workerData: { entry: new URL('routing/portfolio-worker.ts', source).href } };

describe('routing/portfolio', function () {
  this.timeout(120_000);
  const instance = { ...randomInstance(6, 12, false), vehiclesFirst: true };
  const parameters = searchParameters({ seed: 11, deadline: Date.now() + 600_000 }, { ruinRecreate: { maxIterations: 300, progress: 'iterations' } });
  let portfolio: Portfolio;

  before(() => {
    portfolio = new Portfolio(2, worker);
  });
  after(async () => {
    await portfolio.close();
  });

  it('runs on each thread the in-process search of that member\'s seed and keeps the best', async () => {
    const outcome = await portfolio.solve(instance, parameters.ruinRecreate!, 11, parameters.deadline);
    expect(outcome.members).to.have.length(2);
    expect(memberSeed(11, 0)).to.equal(11);
    expect(memberSeed(11, 1)).to.not.equal(11);
    outcome.members.forEach((member, index) => {
      const alone = searchMember({ instance, ruinRecreate: parameters.ruinRecreate!, seed: memberSeed(11, index), deadline: parameters.deadline });
      expect(member.solution).to.deep.equal(alone.solution);
      expect(member.iterations).to.equal(alone.iterations);
    });
    for (const member of outcome.members) expect(compareCost(instance, outcome.cost, member.cost)).to.be.at.most(0);
    expect(outcome.solution).to.deep.equal(outcome.members[outcome.member]!.solution);
    const evaluated = evaluateSolution(instance, outcome.solution);
    expect(evaluated.ok, evaluated.ok ? '' : evaluated.reason).to.equal(true);
    if (evaluated.ok) expect(evaluated.cost).to.deep.equal(outcome.cost);
  });

  it('reports each member\'s improvements in time order, ending at its best', async () => {
    const outcome = await portfolio.solve(instance, parameters.ruinRecreate!, 12, parameters.deadline);
    for (const member of outcome.members) {
      const times = member.improvements.map((improvement) => improvement.at);
      expect(times).to.deep.equal([...times].sort((a, b) => a - b));
      expect(member.improvements.at(-1)!.cost).to.deep.equal(member.cost);
    }
  });

  it('answers an error of a thread\'s search as a rejection, and the threads keep serving', async () => {
    const broken = { ...instance, travel: [] };
    let failure: unknown = null;
    await portfolio.solve(broken, parameters.ruinRecreate!, 11, parameters.deadline).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    const outcome = await portfolio.solve(instance, parameters.ruinRecreate!, 11, parameters.deadline);
    expect(outcome.cost.dropped).to.equal(0);
  });
});
