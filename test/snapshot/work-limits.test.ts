import { expect } from 'chai';
import { MAX_PLANNING_PERIOD_DAYS } from '../../src/snapshot/index.ts';
import { workLimitDetails } from '../../src/snapshot/work-limits.ts';
import { readExample } from '../support/service.ts';

describe('snapshot: limits on the work a request may ask for', () => {
  const withPeriod = (days: number, extraMinutes = 0) => {
    const snapshot = readExample('tiny.json');
    const start = Date.parse(snapshot.planning_period.start);
    snapshot.planning_period.end = new Date(start + days * 86_400_000 + extraMinutes * 60_000).toISOString();
    return snapshot as never;
  };

  it(`accepts a planning period of exactly ${MAX_PLANNING_PERIOD_DAYS} days`, () => {
    expect(workLimitDetails(withPeriod(MAX_PLANNING_PERIOD_DAYS))).to.deep.equal([]);
  });

  it('refuses one minute more, naming the planning period', () => {
    const details = workLimitDetails(withPeriod(MAX_PLANNING_PERIOD_DAYS, 1));
    expect(details.map((detail) => [detail.path, detail.code])).to.deep.equal([[['planning_period'], 'period_too_long']]);
    expect(details[0]!.message).to.include(`at most ${MAX_PLANNING_PERIOD_DAYS}`);
  });
});
