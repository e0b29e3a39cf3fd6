import { expect } from 'chai';
import type { ValidatedDriver } from '../../../src/contract/index.ts';
import { checkHours, driverHoursStart, hoursWarnings } from '../../../src/planning/hours/index.ts';
import { london, minute, sequence } from './support.ts';

function driver(overrides: Partial<ValidatedDriver> = {}): ValidatedDriver {
  return {
    id: 'd-1',
    home_warehouse_id: 'wh-leeds',
    start_location_id: 'wh-leeds',
    availability: [{ start: '2026-03-02T07:00:00Z', end: '2026-03-02T19:00:00Z' }],
    qualifications: ['hgv_c', 'crane'],
    fleet_check_allowances: {
      observed_at: '2026-03-01T18:00:00Z',
      driving_today_minutes: 200,
      driving_this_week_minutes: 1000,
      driving_previous_week_minutes: 2000,
      driving_since_break_minutes: 200,
      working_since_break_minutes: 230,
    },
    future_allowance_refreshes: [],
    ...overrides,
  };
}

describe('drivers-hours starting state', () => {
  it('plans a driver without counters with zeros, rested, and says so', () => {
    const start = driverHoursStart(driver({ fleet_check_allowances: null }), london);
    expect(start).to.include({ allowancesMissing: true, dailyRestAssumed: false, rested: true, at: 0 });
    expect(start.counters).to.deep.equal({ drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, drivingThisWeek: 0, drivingPreviousWeek: 0 });
    expect(hoursWarnings([start])).to.deep.include({ code: 'driver_allowances_missing', message: hoursWarnings([start])[0]!.message, affected_ids: ['d-1'] });
  });

  it('assumes a daily rest when the driver is unavailable for 11 h or more after observed_at', () => {
    const start = driverHoursStart(driver(), london); // observed 18:00, available from 07:00: 13 h
    expect(start).to.include({ dailyRestAssumed: true, rested: true, at: minute('2026-03-01T18:00:00Z') });
    expect(start.counters).to.deep.equal({ drivingToday: 0, drivingSinceBreak: 0, workingSinceBreak: 0, drivingThisWeek: 1000, drivingPreviousWeek: 2000 });
    const [warning] = hoursWarnings([start]);
    expect(warning).to.include({ code: 'planning_assumption' });
    expect(warning!.affected_ids).to.deep.equal(['d-1']);
  });

  it('assumes the rest from exactly 660 min, not 659', () => {
    const observedAt = (iso: string) => driver({ fleet_check_allowances: { ...driver().fleet_check_allowances!, observed_at: iso } });
    expect(driverHoursStart(observedAt('2026-03-01T20:00:00Z'), london).dailyRestAssumed).to.equal(true);
    expect(driverHoursStart(observedAt('2026-03-01T20:01:00Z'), london).dailyRestAssumed).to.equal(false);
  });

  it('carries the counters into the first duty when observed inside an availability window', () => {
    const start = driverHoursStart(driver({ fleet_check_allowances: { ...driver().fleet_check_allowances!, observed_at: '2026-03-02T07:30:00Z' } }), london);
    expect(start).to.include({ dailyRestAssumed: false, rested: false, availableBeforeObservation: true });
    expect(start.counters).to.include({ drivingToday: 200, drivingSinceBreak: 200, workingSinceBreak: 230 });
    // Available from 07:00, observed 07:30 (after the period starts): nothing is planned before 07:30, and the warning says so.
    expect(hoursWarnings([start]).map((warning) => [warning.code, ...warning.affected_ids, /observed after the planning period started/.test(warning.message)])).to.deep.equal([
      ['planning_assumption', 'd-1', true],
    ]);
    // 70 more minutes of driving reach 270 since the break; the 71st is a D1 violation.
    const rules = checkHours(start, sequence(minute('2026-03-02T08:00:00Z'), ['drive', 71]), london).map((v) => v.rule);
    expect(rules).to.deep.equal(['D1']);
  });

  it('rolls weekly counters observed in the previous week (counters read on Sunday, plan on Monday)', () => {
    const start = driverHoursStart(
      driver({ fleet_check_allowances: { ...driver().fleet_check_allowances!, driving_this_week_minutes: 3300, driving_previous_week_minutes: 0 } }),
      london,
    );
    // Sunday's 3300 become the previous week: 2100 left for Monday's fortnight, far above a day's driving.
    const monday = sequence(minute('2026-03-02T07:00:00Z'), ['drive', 270], ['break', 45], ['drive', 270]);
    expect(checkHours(start, monday, london)).to.deep.equal([]);
  });

  it('orders future refreshes by effective_at in planner minutes', () => {
    const refresh = (effective_at: string, driving_today_minutes: number) => ({
      effective_at,
      driving_today_minutes,
      driving_since_break_minutes: 0,
      working_since_break_minutes: 0,
      driving_this_week_minutes: null,
    });
    const start = driverHoursStart(driver({ future_allowance_refreshes: [refresh('2026-03-04T06:00:00Z', 5), refresh('2026-03-03T06:00:00Z', 7)] }), london);
    expect(start.refreshes.map((r) => [r.at, r.drivingToday, r.drivingThisWeek])).to.deep.equal([
      [minute('2026-03-03T06:00:00Z'), 7, null],
      [minute('2026-03-04T06:00:00Z'), 5, null],
    ]);
  });
});
