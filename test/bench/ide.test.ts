/** The IDE bench's verdict per row (bench/ide.ts): issue 20's targets, with and without the warm start. */
import { expect } from 'chai';
import { meetsTarget, warmRun } from '../../bench/ide.ts';

const at = (seconds: number, objective = 100) => ({ ms: seconds * 1000, objective });

describe('npm run bench -- ide: the target of a row', () => {
  it('without the warm start: a first solution within 10 s', () => {
    expect(meetsTarget('model search', at(9.9), null, 'SATISFIED', null)).to.equal(true);
    expect(meetsTarget('model search', at(10.1), null, 'SATISFIED', null)).to.equal(false);
    expect(meetsTarget('model search', null, null, 'UNKNOWN', null)).to.equal(false);
  });

  it('with the warm start: a first solution within 2 s, then a better one or a proof that there is none', () => {
    expect(meetsTarget('warm start', at(1.5), at(4, 90), 'SATISFIED', null)).to.equal(true);
    expect(meetsTarget('warm start', at(1.5), null, 'OPTIMAL', null)).to.equal(true);
    expect(meetsTarget('warm start', at(1.5), null, 'SATISFIED', null)).to.equal(false);
    expect(meetsTarget('warm start', at(1.5), null, 'SATISFIED', 90)).to.equal(false);
    expect(meetsTarget('warm start', at(2.5), at(4, 90), 'SATISFIED', null)).to.equal(false);
    expect(meetsTarget('warm start', null, null, 'UNKNOWN', 100)).to.equal(false);
  });

  it('with the warm start: one already proven optimal on the day (in another row) cannot be improved on, and meets it', () => {
    expect(meetsTarget('warm start', at(1.5), null, 'SATISFIED', 100)).to.equal(true);
    expect(meetsTarget('warm start', at(2.5), null, 'SATISFIED', 100)).to.equal(false);
  });

  it('runs each warm start with the neighbourhood search its solver can run', () => {
    const data = { warm_succ: [2, 1] };
    expect(warmRun('native:gecode', data)).to.deep.equal({ model: 'pdptw.mzn', data: { ...data, lns_keep: 50 } });
    expect(warmRun('embedded:chuffed', data)).to.deep.equal({ model: 'pdptw-restart.mzn', data });
    expect(warmRun('embedded:gecode', data)).to.deep.equal({ model: 'pdptw-neighbourhoods.mzn', data });
    expect(warmRun('embedded:cp-sat', data)).to.deep.equal({ model: 'pdptw.mzn', data });
  });
});
