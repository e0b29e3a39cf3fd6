import { expect } from 'chai';
import { checkHours, createHoursCalendar, type HoursActivity } from '../../../src/planning/hours/index.ts';
import { drivingDays, london, minute, sequence, startState } from './support.ts';

const rulesOf = (activities: HoursActivity[], start = startState(), calendar = london) => checkHours(start, activities, calendar).map((violation) => violation.rule);
const at8 = minute('2026-03-02T08:00:00Z');

describe('drivers-hours checker', () => {
  it('accepts a legal day: 270 driving, 45 break, 270 driving', () => {
    expect(rulesOf(sequence(at8, ['work', 15], ['drive', 270], ['break', 45], ['drive', 255]))).to.deep.equal([]);
  });

  describe('D1 driving since the last qualifying break <= 270', () => {
    it('reports the minute the 271st minute starts and the activity', () => {
      const [violation, ...rest] = checkHours(startState(), sequence(at8, ['drive', 200], ['drive', 80]), london);
      expect(rest).to.deep.equal([]);
      expect(violation).to.include({ rule: 'D1', at: at8 + 270 });
      expect(violation!.ids).to.deep.equal(['a1']);
    });

    it('takes 15 then 30 as a qualifying split break', () => {
      expect(rulesOf(sequence(at8, ['drive', 200], ['break', 15], ['drive', 70], ['break', 30], ['drive', 270]))).to.deep.equal([]);
    });

    it('does not take 30 then 15 as a qualifying break', () => {
      expect(rulesOf(sequence(at8, ['drive', 200], ['break', 30], ['drive', 70], ['break', 15], ['drive', 10]))).to.deep.equal(['D1']);
    });

    it('does not take a 44-minute break as qualifying on its own', () => {
      expect(rulesOf(sequence(at8, ['drive', 270], ['break', 44], ['drive', 1]))).to.deep.equal(['D1']);
    });

    it('counts an unplanned gap of 45 min as a break and a daily rest as a reset', () => {
      expect(rulesOf(sequence(at8, ['drive', 270], ['gap', 45], ['drive', 30]))).to.deep.equal([]);
      expect(rulesOf(sequence(at8, ['drive', 270], ['gap', 660], ['drive', 270]))).to.deep.equal([]);
    });

    it('carries driving since break from the counters', () => {
      const start = startState({ counters: { drivingSinceBreak: 250, drivingToday: 250, workingSinceBreak: 250 }, rested: false });
      const [violation] = checkHours(start, sequence(at8, ['drive', 30]), london);
      expect(violation).to.include({ rule: 'D1', at: at8 + 20 });
    });

    it('is reported once per period, again after a qualifying break', () => {
      expect(rulesOf(sequence(at8, ['drive', 280], ['drive', 10], ['break', 45], ['drive', 271]))).to.deep.equal(['D1', 'D1', 'D2']);
    });
  });

  describe('D2 daily driving <= 540', () => {
    it('allows 540 and reports the 541st minute', () => {
      expect(rulesOf(sequence(at8, ['drive', 270], ['break', 45], ['drive', 270]))).to.deep.equal([]);
      const [violation] = checkHours(startState(), sequence(at8, ['drive', 270], ['break', 45], ['drive', 270], ['break', 45], ['drive', 1]), london);
      expect(violation).to.include({ rule: 'D2', at: at8 + 630 });
    });

    it('carries driving today until the next daily rest', () => {
      const start = startState({ counters: { drivingToday: 500 }, rested: false });
      expect(rulesOf(sequence(at8, ['drive', 41]), start)).to.deep.equal(['D2']);
      expect(rulesOf(sequence(at8, ['work', 10], ['gap', 660], ['drive', 41]), start)).to.deep.equal([]);
      expect(rulesOf(sequence(at8, ['work', 10], ['gap', 659], ['drive', 41]), start)).to.deep.equal(['D2']);
    });
  });

  describe('D3 weekly driving <= 3360 (fixed week from Monday 00:00 local)', () => {
    it('reports driving past the weekly total', () => {
      expect(rulesOf(sequence(at8, ['drive', 61]), startState({ counters: { drivingThisWeek: 3300 } }))).to.deep.equal(['D3']);
    });

    it('starts a new week at Monday 00:00 GMT in winter', () => {
      const sunday = minute('2026-03-08T23:00:00Z');
      const start = startState({ at: minute('2026-03-08T12:00:00Z'), counters: { drivingThisWeek: 3350 } });
      expect(rulesOf(sequence(sunday, ['drive', 30]), start)).to.deep.equal(['D3']);
      expect(rulesOf(sequence(sunday + 60, ['drive', 30]), start)).to.deep.equal([]);
    });

    it('starts a new week at Monday 00:00 BST (Sunday 23:00 UTC) in summer', () => {
      const summer = createHoursCalendar('Europe/London', Date.parse('2026-07-06T00:00:00Z'));
      const start = startState({ at: summer.minuteOf(Date.parse('2026-07-12T12:00:00Z')), counters: { drivingThisWeek: 3350 } });
      const sundayUtc = summer.minuteOf(Date.parse('2026-07-12T23:00:00Z'));
      expect(checkHours(start, sequence(sundayUtc, ['drive', 30]), summer)).to.deep.equal([]);
      expect(checkHours(start, sequence(sundayUtc - 30, ['drive', 30]), summer).map((v) => v.rule)).to.deep.equal(['D3']);
    });

    it('splits a drive that crosses the week boundary', () => {
      const observed = minute('2026-03-08T12:00:00Z');
      const lateSunday = sequence(minute('2026-03-08T23:50:00Z'), ['drive', 40]);
      expect(rulesOf(lateSunday, startState({ at: observed, counters: { drivingThisWeek: 3350 } }))).to.deep.equal([]);
      const [violation, ...rest] = checkHours(startState({ at: observed, counters: { drivingThisWeek: 3355 } }), lateSunday, london);
      expect(rest).to.deep.equal([]);
      expect(violation).to.include({ rule: 'D3', at: minute('2026-03-08T23:55:00Z') });
    });
  });

  describe('D4 driving in two consecutive fixed weeks <= 5400', () => {
    it('adds the previous week to this week', () => {
      expect(rulesOf(sequence(at8, ['drive', 1]), startState({ counters: { drivingThisWeek: 3300, drivingPreviousWeek: 2100 } }))).to.deep.equal(['D4']);
    });

    it('turns this week into the previous week when the plan crosses into a new week', () => {
      // Counters observed on Sunday: 3360 this week. From Monday only 2040 more fit in the fortnight.
      const start = startState({ at: minute('2026-03-08T12:00:00Z'), counters: { drivingThisWeek: 3360 } });
      const violations = checkHours(start, drivingDays(minute('2026-03-09T06:00:00Z'), 4), london);
      expect(violations.map((v) => v.rule)).to.deep.equal(['D4']);
      expect(violations[0]!.at).to.equal(minute('2026-03-12T06:00:00Z') + 270 + 45 + (2040 - 3 * 540 - 270));
    });

    it('forgets both weeks when the plan is two weeks later', () => {
      const start = startState({ at: minute('2026-02-22T12:00:00Z'), counters: { drivingThisWeek: 3360, drivingPreviousWeek: 2040 } });
      expect(rulesOf(drivingDays(at8, 4), start)).to.deep.equal([]);
    });
  });

  describe('W1 working <= 360 without a break of 15', () => {
    it('reports working past 360 since the last break', () => {
      expect(rulesOf(sequence(at8, ['work', 100], ['break', 30], ['work', 361]))).to.deep.equal(['W1']);
    });

    it('does not take a 14-minute break (it is working time)', () => {
      expect(rulesOf(sequence(at8, ['work', 100], ['break', 30], ['work', 200], ['break', 14], ['work', 150]))).to.deep.equal(['W1']);
    });

    it('takes a 15-minute break, which does not reset D1', () => {
      expect(rulesOf(sequence(at8, ['work', 100], ['break', 30], ['work', 300], ['break', 15], ['work', 100]))).to.deep.equal([]);
      expect(rulesOf(sequence(at8, ['drive', 200], ['break', 15], ['drive', 71]))).to.deep.equal(['D1']);
    });
  });

  describe('W2 breaks in a duty >= 30 above 360 working, >= 45 above 540', () => {
    it('needs 30 min of breaks above 360', () => {
      expect(rulesOf(sequence(at8, ['work', 200], ['break', 15], ['work', 200]))).to.deep.equal(['W2']);
      expect(rulesOf(sequence(at8, ['work', 200], ['break', 30], ['work', 200]))).to.deep.equal([]);
    });

    it('needs 45 min of breaks above 540', () => {
      expect(rulesOf(sequence(at8, ['work', 300], ['break', 30], ['work', 250]))).to.deep.equal(['W2']);
      expect(rulesOf(sequence(at8, ['work', 300], ['break', 45], ['work', 250]))).to.deep.equal([]);
    });

    it('does not count a break at the very start or end of a duty', () => {
      expect(rulesOf(sequence(at8, ['work', 200], ['break', 15], ['work', 170], ['break', 30]))).to.deep.equal(['W2']);
      expect(rulesOf(sequence(at8, ['break', 30], ['work', 200], ['break', 15], ['work', 170]))).to.deep.equal(['W2']);
    });

    it('credits breaks the counters prove (driving since break below driving today)', () => {
      const carried = startState({ counters: { drivingToday: 300, drivingSinceBreak: 30, workingSinceBreak: 30 }, rested: false });
      expect(rulesOf(sequence(at8, ['work', 100]), carried)).to.deep.equal([]);
      const noBreak = startState({ counters: { drivingToday: 250, drivingSinceBreak: 250, workingSinceBreak: 300 }, rested: false });
      expect(rulesOf(sequence(at8, ['work', 50], ['break', 15], ['work', 20]), noBreak)).to.deep.equal(['W2']);
    });
  });

  describe('W3 night work limits the duty to 600 working', () => {
    it('reports a duty with work between 00:00 and 04:00 and more than 600 working', () => {
      const night = minute('2026-03-03T02:00:00Z');
      expect(rulesOf(sequence(night, ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal(['W3']);
      expect(rulesOf(sequence(night + 240, ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal([]);
    });

    it('uses the local night on the 23-hour day (29 March 2026: 00:00-04:00 BST is 00:00-03:00 UTC)', () => {
      expect(rulesOf(sequence(minute('2026-03-29T02:59:00Z'), ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal(['W3']);
      expect(rulesOf(sequence(minute('2026-03-29T03:00:00Z'), ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal([]);
    });

    it('uses the local night on the 25-hour day (25 October 2026: 00:00 BST-04:00 GMT is 23:00-04:00 UTC)', () => {
      const endingAt = (iso: string) => minute(iso) - 646;
      expect(rulesOf(sequence(endingAt('2026-10-24T23:00:00Z'), ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal([]);
      expect(rulesOf(sequence(endingAt('2026-10-24T23:01:00Z'), ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal(['W3']);
      expect(rulesOf(sequence(minute('2026-10-25T03:59:00Z'), ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal(['W3']);
      expect(rulesOf(sequence(minute('2026-10-25T04:00:00Z'), ['work', 300], ['break', 45], ['work', 301]))).to.deep.equal([]);
    });
  });

  describe('R1 duty span <= 780, duties separated by >= 660', () => {
    it('reports a duty longer than 13 h, breaks and gaps included', () => {
      const [violation] = checkHours(startState(), sequence(at8, ['work', 100], ['break', 500], ['work', 200]), london);
      expect(violation).to.include({ rule: 'R1', at: at8 + 780 });
      expect(rulesOf(sequence(at8, ['work', 100], ['gap', 500], ['work', 200]))).to.deep.equal(['R1']);
    });

    it('makes a gap of 660 min a daily rest that starts a new duty', () => {
      expect(rulesOf(sequence(at8, ['work', 100], ['gap', 660], ['work', 200]))).to.deep.equal([]);
      expect(rulesOf(sequence(at8, ['work', 100], ['gap', 659], ['work', 22]))).to.deep.equal(['R1']);
    });
  });

  describe('future allowance refreshes', () => {
    const refresh = (iso: string, values: Partial<{ drivingToday: number; drivingSinceBreak: number; workingSinceBreak: number; drivingThisWeek: number | null; drivingPreviousWeek: number | null }>) => ({
      at: minute(iso),
      drivingToday: 0,
      drivingSinceBreak: 0,
      workingSinceBreak: 0,
      drivingThisWeek: null,
      drivingPreviousWeek: null,
      ...values,
    });

    it('replaces the derived counters at effective_at', () => {
      const start = startState({ refreshes: [refresh('2026-03-03T07:00:00Z', { drivingToday: 500, drivingSinceBreak: 0 })] });
      const day2 = minute('2026-03-03T08:00:00Z');
      expect(rulesOf([...sequence(at8, ['drive', 100]), ...sequence(day2, ['drive', 41])], start)).to.deep.equal(['D2']);
    });

    it('splits an activity at effective_at', () => {
      const start = startState({ refreshes: [refresh('2026-03-02T09:00:00Z', { drivingToday: 260, drivingSinceBreak: 260, workingSinceBreak: 260 })] });
      const [violation] = checkHours(start, sequence(at8, ['drive', 120]), london);
      expect(violation).to.include({ rule: 'D1', at: minute('2026-03-02T09:10:00Z') });
    });

    it('never makes earlier driving legal', () => {
      const start = startState({ refreshes: [refresh('2026-03-02T14:00:00Z', { drivingSinceBreak: 0 })] });
      expect(rulesOf(sequence(at8, ['drive', 280], ['gap', 100], ['drive', 10]), start)).to.deep.equal(['D1']);
    });

    it('keeps the derived weekly counter when the refresh gives null', () => {
      const start = startState({ counters: { drivingThisWeek: 3300 }, refreshes: [refresh('2026-03-03T07:00:00Z', { drivingThisWeek: null })] });
      expect(rulesOf(sequence(minute('2026-03-03T08:00:00Z'), ['drive', 61]), start)).to.deep.equal(['D3']);
      const reset = startState({ counters: { drivingThisWeek: 3300 }, refreshes: [refresh('2026-03-03T07:00:00Z', { drivingThisWeek: 100 })] });
      expect(rulesOf(sequence(minute('2026-03-03T08:00:00Z'), ['drive', 61]), reset)).to.deep.equal([]);
    });
  });
});
