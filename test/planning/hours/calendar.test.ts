import { expect } from 'chai';
import { createHoursCalendar } from '../../../src/planning/hours/index.ts';
import { london, minute } from './support.ts';

describe('drivers-hours calendar (Europe/London)', () => {
  it('starts fixed weeks on Monday 00:00 local time, GMT or BST', () => {
    expect(london.weekIndex(minute('2026-03-01T23:59:00Z'))).to.equal(-1);
    expect(london.weekIndex(minute('2026-03-02T00:00:00Z'))).to.equal(0);
    expect(london.nextWeekStart(0)).to.equal(minute('2026-03-09T00:00:00Z'));
    // The week of the spring change ends at Monday 00:00 BST = Sunday 23:00 UTC.
    expect(london.nextWeekStart(minute('2026-03-30T00:00:00Z') - 120)).to.equal(minute('2026-03-29T23:00:00Z'));
    expect(london.weekIndex(minute('2026-03-29T22:59:00Z'))).to.equal(3);
    expect(london.weekIndex(minute('2026-03-29T23:00:00Z'))).to.equal(4);
    // The week of the autumn change ends at Monday 00:00 GMT.
    expect(london.weekIndex(minute('2026-10-25T23:59:00Z')) + 1).to.equal(london.weekIndex(minute('2026-10-26T00:00:00Z')));
    expect(london.nextWeekStart(minute('2026-10-26T00:00:00Z')) - minute('2026-10-26T00:00:00Z')).to.equal(7 * 1440);
  });

  it('measures the night window 00:00-04:00 local on normal and DST days', () => {
    expect(london.touchesNight(minute('2026-03-03T03:59:00Z'), minute('2026-03-03T05:00:00Z'))).to.equal(true);
    expect(london.touchesNight(minute('2026-03-03T04:00:00Z'), minute('2026-03-03T23:59:00Z'))).to.equal(false);
    expect(london.touchesNight(minute('2026-03-29T02:59:00Z'), minute('2026-03-29T03:00:00Z'))).to.equal(true);
    expect(london.touchesNight(minute('2026-03-29T03:00:00Z'), minute('2026-03-29T22:00:00Z'))).to.equal(false);
    expect(london.touchesNight(minute('2026-10-24T22:00:00Z'), minute('2026-10-24T23:00:00Z'))).to.equal(false);
    expect(london.touchesNight(minute('2026-10-24T22:00:00Z'), minute('2026-10-24T23:01:00Z'))).to.equal(true);
    expect(london.touchesNight(minute('2026-10-25T03:59:00Z'), minute('2026-10-25T04:00:00Z'))).to.equal(true);
    expect(london.touchesNight(minute('2026-10-25T04:00:00Z'), minute('2026-10-25T23:00:00Z'))).to.equal(false);
    expect(london.touchesNight(100, 100)).to.equal(false);
  });

  it('answers in other timezones too', () => {
    const kolkata = createHoursCalendar('Asia/Kolkata', Date.parse('2026-03-02T00:00:00Z'));
    expect(kolkata.nextWeekStart(0)).to.equal(kolkata.minuteOf(Date.parse('2026-03-08T18:30:00Z')));
    expect(kolkata.touchesNight(kolkata.minuteOf(Date.parse('2026-03-02T22:00:00Z')), kolkata.minuteOf(Date.parse('2026-03-02T22:10:00Z')))).to.equal(true);
  });
});
