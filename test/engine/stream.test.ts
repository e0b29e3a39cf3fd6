import { expect } from 'chai';
import { StreamCollector, type Finish } from '../../src/engine/stream.ts';
import type { SolverInfo } from '../../src/engine/types.ts';

const CHUFFED: SolverInfo = { id: 'chuffed', name: 'Chuffed', version: '0.14.0', backend: 'embedded', key: 'embedded:chuffed', minizincId: 'org.chuffed.chuffed', flags: [] };
const EXITED: Finish = { ending: 'exited', elapsedMs: 10, timeLimitReached: false };

function collect(messages: object[], finish: Finish = EXITED) {
  const collector = new StreamCollector((name) => name, undefined, () => 0);
  for (const message of messages) collector.accept(message as never);
  return collector.finish(finish, CHUFFED, '2.10.0');
}

describe('engine: JSON stream collector', () => {
  it('reads a proof that arrives as printed text on stdout (the embedded Chuffed)', () => {
    const result = collect([
      { type: 'statistics', statistics: { method: 'satisfy' } },
      { type: 'stdout', value: '=====UNSATISFIABLE=====\n' },
      { type: 'stdout', value: '% Top level failure!\n' },
    ]);
    expect(result).to.include({ status: 'UNSATISFIABLE', stop: 'complete' });
  });

  it('reads a printed end of search as OPTIMAL after an optimisation\'s solutions', () => {
    const result = collect([
      { type: 'statistics', statistics: { method: 'minimize' } },
      { type: 'solution', output: { json: { x: 3, _objective: 3 } } },
      { type: 'stdout', value: '==========\n' },
    ]);
    expect(result).to.include({ status: 'OPTIMAL', objective: 3, stop: 'complete' });
  });

  it('prefers a status message to printed text, and reports a printed ERROR with the text around it', () => {
    expect(collect([{ type: 'stdout', value: '=====UNSATISFIABLE=====\n' }, { type: 'status', status: 'UNKNOWN' }])).to.include({ status: 'UNKNOWN', stop: 'incomplete' });
    const failed = collect([{ type: 'stdout', value: 'Cannot handle non-sign-fixed vars\n=====ERROR=====\n' }]);
    expect(failed).to.include({ status: 'ERROR', stop: 'failed' });
    expect(failed.error?.message).to.contain('Cannot handle non-sign-fixed vars');
  });

  it('calls a stop without a word before the time limit incomplete, and at the limit a time-out', () => {
    expect(collect([{ type: 'status', status: 'UNKNOWN' }])).to.include({ status: 'UNKNOWN', stop: 'incomplete' });
    expect(collect([{ type: 'status', status: 'UNKNOWN' }], { ...EXITED, timeLimitReached: true })).to.include({ status: 'UNKNOWN', stop: 'time_limit' });
  });
});
