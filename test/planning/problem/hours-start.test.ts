import { expect } from 'chai';
import { baseSnapshot, problemOf, window } from '../fixtures.ts';

/** The reading of the counters is the hours engine's (tested there); here: the problem carries it in its own minutes. */
describe('planning/problem: drivers-hours starting state', () => {
  it('gives each driver the engine reading of their counters, in minutes from the planning start', () => {
    const body = baseSnapshot();
    body.data_as_of = '2026-03-01T18:00:00Z';
    body.drivers[0].availability = [window('2026-03-02T02:00:00Z', '2026-03-02T19:00:00Z')];
    body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-01T18:00:00Z', driving_today_minutes: 200, driving_this_week_minutes: 2000 };
    body.drivers[0].future_allowance_refreshes = [{ effective_at: '2026-03-02T12:00:00Z', driving_this_week_minutes: 2500 }];
    body.drivers.push({ ...body.drivers[0], id: 'd-2', fleet_check_allowances: null, future_allowance_refreshes: [] });
    const { problem } = problemOf(body);
    const [counted, missing] = problem.drivers.map((driver) => driver.hours);
    expect(counted).to.deep.include({ driverId: 'd-1', at: -360, allowancesMissing: false, dailyRestAssumed: false });
    expect(counted!.counters).to.deep.include({ drivingToday: 200, drivingThisWeek: 2000 });
    expect(counted!.refreshes.map((refresh) => [refresh.at, refresh.drivingThisWeek])).to.deep.equal([[720, 2500]]);
    expect(missing).to.deep.include({ driverId: 'd-2', at: 0, allowancesMissing: true });
  });
});
