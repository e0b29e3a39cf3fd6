/**
 * Values the spec allows are planned, never refused (issue 17): drivers'-hours counters observed
 * after `data_as_of` (seconds, hours, after the period started), a `must_clear_by` before the
 * collection window opens, an arrival window closing before the pickup window opens, and a Nugget
 * reserved for a leg outside the snapshot. The real pipeline: parser, estimator, embedded or
 * native solvers, the independent validator.
 */
import { expect } from 'chai';
import { pino } from 'pino';
import type { ManifestPlanResponse } from '../../src/contract/index.ts';
import type { Engine } from '../../src/engine/index.ts';
import { createJourneyProvider } from '../../src/journey/index.ts';
import { planManifestsRequest } from '../../src/app/index.ts';
import { readExample } from '../support/service.ts';
import { parseSnapshot, type Body } from './fixtures.ts';
import { testEngine } from './solve/support.ts';

const EARLY_DRIVER = 'drv-manchester-02'; // available 05:30-14:00 on 2026-03-02

describe('planning: counters observed after data_as_of and other values the spec allows', function () {
  this.timeout(180_000);
  let engine: Engine;
  let plan: (body: Body) => Promise<ManifestPlanResponse>;

  before(async () => {
    engine = await testEngine();
    const dependencies = { engine, journey: createJourneyProvider({ provider: 'estimator' } as never), manifestSolver: 'gecode', bookingSolver: 'chuffed' };
    plan = (body) =>
      planManifestsRequest(
        parseSnapshot(body),
        {
          requestId: 'test',
          logger: pino({ level: 'silent' }),
          solveAllowanceMs: 10_000,
          signal: new AbortController().signal,
          chargeMatrixRelations: async () => undefined,
          count: () => undefined,
        },
        dependencies,
      );
  });
  after(async () => {
    await engine.close();
  });

  const observedAt = (body: Body, at: string) => {
    for (const driver of body.drivers) driver.fleet_check_allowances.observed_at = at;
    return body;
  };
  const plannedLegs = (response: ManifestPlanResponse) =>
    new Set(response.manifests.flatMap((manifest) => manifest.activities.map((activity) => activity.movement_id)).filter((id) => id != null));
  const reasonOf = (response: ManifestPlanResponse, legId: string) => response.unplanned_movements.find((leg) => leg.movement_id === legId)?.reason_code;

  it('plans counters observed seconds and hours after data_as_of (before the period) like counters observed at data_as_of', async () => {
    const atSnapshot = await plan(observedAt(readExample('tiny.json'), '2026-03-01T18:00:00Z'));
    for (const later of ['2026-03-01T18:00:05Z', '2026-03-01T23:30:00Z']) {
      const response = await plan(observedAt(readExample('tiny.json'), later));
      expect(response.evidence!.validation).to.equal('passed');
      expect(plannedLegs(response), later).to.deep.equal(plannedLegs(atSnapshot));
      expect(response.warnings!.filter((warning) => /observed after the planning period started/.test(warning.message))).to.deep.equal([]);
    }
  });

  it('plans nothing for a driver before counters observed during the period, and says so', async () => {
    const body = readExample('tiny.json');
    const driver = body.drivers.find((item: Body) => item.id === EARLY_DRIVER);
    driver.fleet_check_allowances.observed_at = '2026-03-02T09:00:00Z';
    const response = await plan(body);
    expect(response.evidence!.validation).to.equal('passed');
    expect(plannedLegs(response).size).to.be.greaterThan(0);
    const activities = response.manifests.find((manifest) => manifest.driver_id === EARLY_DRIVER)?.activities ?? [];
    expect(activities, 'the driver still works after observed_at').to.not.be.empty;
    for (const activity of activities) expect(Date.parse(activity.start), `${activity.type} at ${activity.start}`).to.be.at.least(Date.parse('2026-03-02T09:00:00Z'));
    const warning = response.warnings!.find((item) => /observed after the planning period started/.test(item.message));
    expect(warning?.code).to.equal('planning_assumption');
    expect(warning?.affected_ids).to.deep.equal([EARLY_DRIVER]);
  });

  it('plans without the driver when their counters were observed after the period ended', async () => {
    const body = observedAt(readExample('tiny.json'), '2026-03-04T00:00:00Z');
    const response = await plan(body);
    expect(response.manifests).to.deep.equal([]);
    expect(response.unplanned_movements.map((leg) => leg.movement_id).sort()).to.deep.equal(body.movements.map((leg: Body) => leg.id).sort());
  });

  it('returns a collection whose must_clear_by is before its window opens unplanned (window_unreachable), and plans the rest', async () => {
    const body = readExample('tiny.json');
    body.movements[2].must_clear_by = '2026-03-02T09:00:00Z'; // leg-00003, window 10:00-12:00
    const response = await plan(body);
    expect(reasonOf(response, 'leg-00003')).to.equal('window_unreachable');
    expect(plannedLegs(response).size).to.be.greaterThan(0);
  });

  it('returns a move whose arrival window closes before its pickup window opens unplanned (window_unreachable)', async () => {
    const body = readExample('tiny.json');
    body.movements[3].arrival_window = { start: '2026-03-02T10:00:00Z', end: '2026-03-02T12:00:00Z' }; // leg-00004, pickup from 13:00
    const response = await plan(body);
    expect(reasonOf(response, 'leg-00004')).to.equal('window_unreachable');
  });

  it('keeps a Nugget reserved for a leg outside the snapshot for that leg', async () => {
    const body = readExample('tiny.json');
    body.nuggets.find((nugget: Body) => nugget.id === 'ng-00003').reserved_for_movement_id = 'leg-next-month';
    const response = await plan(body);
    expect(reasonOf(response, 'leg-00006')).to.equal('nugget_reserved_for_other_leg');
  });
});
