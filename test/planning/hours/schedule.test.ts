import { expect } from 'chai';
import fc from 'fast-check';
import { checkHours, scheduleBlocks, type ScheduleBlock, type SchedulePiece } from '../../../src/planning/hours/index.ts';
import { london, minute, startState } from './support.ts';

const at8 = minute('2026-03-02T08:00:00Z');
const shape = (pieces: SchedulePiece[]) => pieces.map((piece) => `${piece.kind} ${piece.end - piece.start}`);
const drive = (minutes: number, extra: Partial<ScheduleBlock> = {}): ScheduleBlock => ({ kind: 'drive', minutes, ...extra });
const work = (minutes: number, extra: Partial<ScheduleBlock> = {}): ScheduleBlock => ({ kind: 'work', minutes, ...extra });

function schedule(blocks: ScheduleBlock[], start = startState(), readyAt = at8) {
  const result = scheduleBlocks(start, london, blocks, { readyAt });
  if (result.ok) {
    // Whatever it builds passes the checker.
    const activities = result.pieces.map((piece) => ({ kind: piece.kind, start: piece.start, end: piece.end }));
    expect(checkHours(start, activities, london)).to.deep.equal([]);
  }
  return result;
}

describe('drivers-hours scheduler', () => {
  it('needs no break for a short route', () => {
    const result = schedule([work(15), drive(60), work(10)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['work 15', 'drive 60', 'work 10']);
    expect(result.ok && [result.start, result.end]).to.deep.equal([at8, at8 + 85]);
  });

  it('cuts a long drive with a 45-minute en-route break at 270 min', () => {
    const result = schedule([drive(500)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['drive 270', 'break 45', 'drive 230']);
  });

  it('takes 15 for W1, then only 30 for D1 (15+30 in that order)', () => {
    // 100 min of work then driving: working reaches 360 after 260 min of driving.
    const result = schedule([work(100), drive(300)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['work 100', 'drive 260', 'break 15', 'drive 10', 'break 30', 'drive 30']);
  });

  it('puts a break before an atomic work block that would pass W1, topped up to what W2 needs', () => {
    const result = schedule([work(350), work(20)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['work 350', 'break 30', 'work 20']);
  });

  it('settles W2 with the breaks D1 asks for anyway when they suffice', () => {
    // W1 asks for 15 at 360 working; the D1 break later (30, completing the split) brings W2 to 45.
    const result = schedule([work(300), drive(100), drive(200), work(10)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['work 300', 'drive 60', 'break 15', 'drive 40', 'drive 170', 'break 30', 'drive 30', 'work 10']);
  });

  it('puts the break W2 still misses before the last block', () => {
    const result = schedule([work(200), drive(150), work(20)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['work 200', 'drive 150', 'break 30', 'work 20']);
  });

  it('turns a wait for a window into a break that earns credit', () => {
    const result = schedule([drive(200), work(10, { earliest: at8 + 260 }), drive(270)]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['drive 200', 'break 60', 'work 10', 'drive 270']);
  });

  it('keeps a wait shorter than 15 min as a wait', () => {
    const result = schedule([drive(100), work(10, { earliest: at8 + 110 })]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['drive 100', 'wait 10', 'work 10']);
  });

  it('merges a needed break with the wait before a block', () => {
    const result = schedule([drive(270), drive(60, { earliest: at8 + 290 })]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['drive 270', 'break 45', 'drive 60']);
  });

  it('starts with a break when carried counters need one', () => {
    const start = startState({ counters: { drivingSinceBreak: 270, drivingToday: 270, workingSinceBreak: 270 }, rested: false });
    const result = schedule([drive(30)], start);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['break 45', 'drive 30']);
  });

  it('says D2 when the day has not enough driving left', () => {
    const result = schedule([drive(270), work(10), drive(271)]);
    expect(result).to.include({ ok: false, rule: 'D2', block: 2 });
  });

  it('says R1 when the duty would span more than 13 h', () => {
    const result = schedule([work(200), work(15, { earliest: at8 + 850 })]);
    expect(result).to.include({ ok: false, rule: 'R1', block: 1 });
  });

  it('says W3 for a long duty with night work', () => {
    const result = schedule([work(300), drive(200), drive(101)], startState(), minute('2026-03-03T02:00:00Z'));
    expect(result).to.include({ ok: false, rule: 'W3' });
  });

  it('says window when a block cannot start by its latest, proven when no break was to blame', () => {
    expect(schedule([drive(300), work(10, { latest: at8 + 310 })])).to.include({ ok: false, rule: 'window', block: 1, proven: false });
    expect(schedule([drive(300), work(10, { latest: at8 + 299 })])).to.include({ ok: false, rule: 'window', block: 1, proven: true });
  });

  it('leaves a gap of 11 h or more before a block as a daily rest that starts a new duty', () => {
    const result = schedule([drive(270), drive(270, { earliest: at8 + 270 + 660 })]);
    expect(result.ok && shape(result.pieces)).to.deep.equal(['drive 270', 'drive 270']);
  });

  it('continues from a previous schedule', () => {
    const first = scheduleBlocks(startState(), london, [drive(200)], { readyAt: at8, endsDuty: false });
    if (!first.ok) throw new Error(first.message);
    const second = scheduleBlocks(startState(), london, [drive(100)], { readyAt: first.end, tracker: first.tracker });
    expect(second.ok && shape(second.pieces)).to.deep.equal(['drive 70', 'break 45', 'drive 30']);
  });

  it('builds only schedules the checker accepts, keeping every block whole and in its window', () => {
    const block = fc.record({
      kind: fc.constantFrom<'drive' | 'work'>('drive', 'work'),
      minutes: fc.integer({ min: 0, max: 200 }),
      earliestOffset: fc.option(fc.integer({ min: 0, max: 900 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), (raw, since, today) => {
        const blocks: ScheduleBlock[] = raw.map((b) => ({ kind: b.kind, minutes: b.minutes, ...(b.earliestOffset === undefined ? {} : { earliest: at8 + b.earliestOffset }) }));
        const start = startState({ counters: { drivingSinceBreak: Math.min(since, today), drivingToday: today, workingSinceBreak: since }, rested: false });
        const result = schedule(blocks, start);
        if (!result.ok) return;
        blocks.forEach((b, index) => {
          const own = result.pieces.filter((piece) => piece.block === index && piece.kind === (b.kind === 'drive' ? 'drive' : 'work'));
          expect(own.reduce((sum, piece) => sum + piece.end - piece.start, 0)).to.equal(b.minutes);
          if (own.length > 0 && b.earliest !== undefined) expect(own[0]!.start).to.be.at.least(b.earliest);
        });
        result.pieces.slice(1).forEach((piece, index) => expect(piece.start).to.be.at.least(result.pieces[index]!.end));
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
