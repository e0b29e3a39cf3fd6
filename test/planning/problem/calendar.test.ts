import { expect } from 'chai';
import { buildCalendar } from '../../../src/planning/problem/calendar.ts';

const origin = (iso: string) => Date.parse(iso);

describe('planning/problem: calendar', () => {
  it('gives operating days of 23 and 25 hours across the London clock changes', () => {
    // Sunday 29 March 2026: clocks go forward at 01:00 GMT.
    const spring = buildCalendar(origin('2026-03-28T00:00:00Z'), 3 * 1440 - 61, 'Europe/London');
    expect(spring.days.map((day) => [day.localDate, day.end - day.start])).to.deep.equal([
      ['2026-03-28', 1440],
      ['2026-03-29', 1380],
      ['2026-03-30', 1440],
    ]);
    // Sunday 25 October 2026: clocks go back at 01:00 GMT.
    const autumn = buildCalendar(origin('2026-10-24T23:00:00Z'), 2 * 1440, 'Europe/London');
    expect(autumn.days.slice(0, 2).map((day) => [day.localDate, day.start, day.end - day.start])).to.deep.equal([
      ['2026-10-25', 0, 1500],
      ['2026-10-26', 1500, 1440],
    ]);
  });

  it('starts fixed weeks on Monday 00:00 local time, including a week that began before the period', () => {
    // Wednesday 4 March 2026 to Tuesday 10 March.
    const calendar = buildCalendar(origin('2026-03-04T00:00:00Z'), 7 * 1440 - 1, 'Europe/London');
    expect(calendar.weeks.map((week) => [week.localDate, week.start, week.end])).to.deep.equal([
      ['2026-03-02', -2 * 1440, 5 * 1440],
      ['2026-03-09', 5 * 1440, 12 * 1440],
    ]);
  });

  it('places the 00:00-04:00 night in local time (UTC+1 in summer)', () => {
    const calendar = buildCalendar(origin('2026-07-13T00:00:00Z'), 1439, 'Europe/London');
    // Local midnight 14 July is 23:00 UTC on the 13th; the night of the 13th began at 23:00 UTC on the 12th.
    expect(calendar.nights.map((night) => [night.localDate, night.start, night.end])).to.deep.equal([
      ['2026-07-13', -60, 180],
      ['2026-07-14', 1380, 1620],
    ]);
  });

  it('gives a 3-hour night on the spring-forward day', () => {
    const calendar = buildCalendar(origin('2026-03-29T00:00:00Z'), 600, 'Europe/London');
    expect(calendar.nights[0]).to.deep.equal({ localDate: '2026-03-29', start: 0, end: 180 });
  });
});
