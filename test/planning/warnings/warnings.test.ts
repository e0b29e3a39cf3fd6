import { expect } from 'chai';
import type { DriverManifest, PlannedActivity, PlanningWarning } from '../../../src/contract/index.ts';
import { planningWarnings } from '../../../src/planning/warnings/index.ts';
import { baseSnapshot, problemOf, window, type Body } from '../fixtures.ts';

const journeyWarning: PlanningWarning = { code: 'routing_profile_provisional', message: 'estimated', affected_ids: [] };

function warningsOf(body: Body, manifests?: DriverManifest[]) {
  const { snapshot, problem } = problemOf(body);
  return planningWarnings({ snapshot, problem, journeyWarnings: [journeyWarning], manifests });
}
const summary = (warnings: PlanningWarning[]) => warnings.map((warning) => [warning.code, ...warning.affected_ids].join(' '));

/** Three drivers: d-1 (hgv_c), d-2 (hgv_ce, no counters), d-3 (hgv_c, no counters). */
function crew(): Body {
  const body = baseSnapshot();
  const base = body.drivers[0];
  body.drivers.push({ ...base, id: 'd-2', qualifications: ['hgv_ce', 'crane'], fleet_check_allowances: null });
  const third = { ...base, id: 'd-3' };
  delete third.fleet_check_allowances;
  body.drivers.push(third);
  return body;
}

const at = (hhmm: string) => `2026-03-02T${hhmm}:00+00:00`;
const activity = (type: PlannedActivity['type'], start: string, end: string): PlannedActivity => ({ type, start: at(start), end: at(end), lorry_id: 'l-1' });

describe('planning/warnings: planningWarnings', () => {
  it('passes journey warnings through first, then names drivers without counters, in snapshot order', () => {
    // d-1's counters were observed 13 h before its first availability: a daily rest is assumed.
    // d-1 and d-3 hold hgv_c only: they drive lorries taken as category C.
    expect(summary(warningsOf(crew()))).to.deep.equal([
      'routing_profile_provisional',
      'driver_allowances_missing d-2 d-3',
      'planning_assumption d-1',
      'planning_assumption d-1 d-3',
    ]);
  });

  it('says when a daily rest is assumed before the first availability', () => {
    const body = baseSnapshot();
    body.data_as_of = '2026-03-01T19:00:00Z';
    body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-01T19:00:00Z', driving_today_minutes: 400 };
    const warnings = warningsOf(body).filter((warning) => /daily rest was assumed/.test(warning.message));
    expect(summary(warnings)).to.deep.equal(['planning_assumption d-1']);
  });

  describe('operational_data_provisional', () => {
    const provisional = (dataAsOf: string) => {
      const body = baseSnapshot();
      body.data_as_of = dataAsOf;
      body.drivers[0].fleet_check_allowances = { observed_at: '2026-02-27T00:00:00Z' };
      return warningsOf(body).filter((warning) => warning.code === 'operational_data_provisional');
    };

    it('is given when the snapshot was read more than 24 h before the period starts', () => {
      expect(provisional('2026-02-28T23:59:00Z')).to.have.length(1);
      expect(provisional('2026-03-01T00:00:00Z')).to.have.length(0);
      expect(provisional('2026-03-01T23:00:00Z')).to.have.length(0);
    });

    it('is given when the snapshot was read after the period had started', () => {
      expect(provisional('2026-03-02T00:00:00Z')).to.have.length(0);
      const [warning] = provisional('2026-03-02T06:00:00Z');
      expect(warning!.message).to.match(/after the planning period had started/);
    });
  });

  describe('with manifests', () => {
    it('names only drivers who drive for the category C assumption, and drivers with waits or holds', () => {
      const manifests: DriverManifest[] = [
        { driver_id: 'd-1', activities: [activity('service', '07:00', '07:15'), activity('wait', '07:15', '08:00')] },
        { driver_id: 'd-2', activities: [activity('service', '07:00', '07:15'), activity('drive', '07:15', '08:00'), activity('hold', '08:00', '08:20')] },
        { driver_id: 'd-3', activities: [activity('service', '07:00', '07:15'), activity('drive', '07:15', '08:00')] },
      ];
      expect(summary(warningsOf(crew(), manifests))).to.deep.equal([
        'routing_profile_provisional',
        'driver_allowances_missing d-2 d-3',
        'planning_assumption d-1',
        'planning_assumption d-3',
        'planning_assumption d-1 d-2',
      ]);
    });

    it('names drivers whose daily driving, with what they had driven that day, came within an hour of 540 minutes', () => {
      const body = baseSnapshot();
      body.drivers[0].qualifications = ['hgv_ce', 'crane'];
      body.data_as_of = '2026-03-01T20:00:00Z';
      body.drivers[0].availability = [window('2026-03-02T05:00:00Z', '2026-03-02T19:00:00Z')];
      body.drivers[0].fleet_check_allowances = { observed_at: '2026-03-01T20:00:00Z', driving_today_minutes: 100 };
      const manifest = (driveEnd: string): DriverManifest[] => [{ driver_id: 'd-1', activities: [activity('service', '05:00', '05:15'), activity('drive', '05:15', driveEnd)] }];
      // 380 minutes driven plus 100 carried: 480, not more than 540 - 60.
      expect(summary(warningsOf(body, manifest('11:35')))).to.deep.equal(['routing_profile_provisional']);
      const warnings = warningsOf(body, manifest('11:36'));
      expect(summary(warnings)).to.deep.equal(['routing_profile_provisional', 'planning_assumption d-1']);
      expect(warnings[1]!.message).to.match(/capped at 540 minutes/);
    });
  });

  it('is deterministic', () => {
    expect(warningsOf(crew())).to.deep.equal(warningsOf(crew()));
  });
});

