/**
 * The booking check's answers as a caller sees them: the response contract, requires_full_replan,
 * verified alternatives, `unknown` (never a proof) when the allowance is too short, determinism,
 * and model data that runs on its own.
 */
import { expect } from 'chai';
import { execa } from 'execa';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from 'typebox/value';
import { bookingModelData, checkBooking, type BookingCheckInput } from '../../src/booking/index.ts';
import { BookingCheckResponse } from '../../src/contract/index.ts';
import type { Engine } from '../../src/engine/index.ts';
import { buildPlanningProblem } from '../../src/planning/problem/index.ts';
import { bookingEngine, corpus, estimatedJourney, parseBooking, releaseBookingEngine, REPOSITORY, type CorpusCase } from './support.ts';

const engine: Engine = await bookingEngine();
const infeasible = new Map(corpus('infeasible').map((entry) => [entry.name, entry]));
const feasible = new Map(corpus('feasible').map((entry) => [entry.name, entry]));

async function check(body: Record<string, unknown>, options: Partial<BookingCheckInput> = {}) {
  const snapshot = parseBooking(body);
  return checkBooking({ snapshot, journey: await estimatedJourney(snapshot), engine, solver: 'chuffed', allowanceMs: 40_000, ...options });
}

const bodyOf = (entry: CorpusCase | undefined) => structuredClone(entry!.body) as Record<string, any>;

describe('booking check', function () {
  this.timeout(120_000);
  after(releaseBookingEngine);

  it('answers feasible within the contract, with no reason, when the new leg fits into the accepted plan unchanged', async () => {
    const response = await check(bodyOf(feasible.get('window-unreachable')));
    expect(Value.Check(BookingCheckResponse, response), JSON.stringify([...Value.Errors(BookingCheckResponse, response)].slice(0, 3))).to.equal(true);
    expect(response).to.include({ status: 'feasible', reason_code: null, reason: null, requires_full_replan: false, data_as_of: '2026-03-01T18:00:00Z' });
    expect(response.metadata.policy_version).to.equal('planner-manifest-v1');
    expect(response.evidence?.validation).to.equal('passed');
    // the driver's counters were observed before an 11-hour gap: the assumed daily rest is reported
    expect(response.warnings?.map((warning) => warning.code)).to.include('planning_assumption');
  });

  it('says requires_full_replan when the new leg fits only if an accepted leg moves to another crew', async () => {
    const body = bodyOf(feasible.get('missing-equipment'));
    // crew 2 can do crane work only; the accepted leg starts on crew 1, the forklift leg needs crew 1 at the same time
    body.drivers.push({ ...body.drivers[0], id: 'd-2', qualifications: ['hgv_c', 'crane'] });
    body.lorries.push({ ...body.lorries[0], id: 'l-2', equipment: ['crane'] });
    body.movements[0].pickup_window = { start: '2026-03-02T10:00:00Z', end: '2026-03-02T10:30:00Z' };
    body.movements[0].arrival_window = { start: '2026-03-02T10:30:00Z', end: '2026-03-02T11:30:00Z' };
    body.new_movements[0].window = { start: '2026-03-02T09:30:00Z', end: '2026-03-02T10:00:00Z' };
    body.new_movements[0].handling_minutes_per_nugget = 60;
    const response = await check(body);
    expect(response.status, response.reason ?? '').to.equal('feasible');
    expect(response.requires_full_replan).to.equal(true);
  });

  it('fits a new leg into a short duty that needs no break (a fresh driver owes none before 4.5 h of driving)', async () => {
    const body = bodyOf(feasible.get('missing-equipment'));
    body.movements = [];
    // 09:00-13:00: walk-round, 60 min loading, ~45 min to Harrogate, 60 min unloading, ~45 min back
    // leave about 20 minutes: no room for a 45-minute break, and none is due
    const shift = [{ start: '2026-03-02T09:00:00Z', end: '2026-03-02T13:00:00Z' }];
    body.drivers[0].availability = shift;
    body.lorries[0].availability = shift;
    body.new_movements[0].window = { start: '2026-03-02T10:30:00Z', end: '2026-03-02T12:00:00Z' };
    body.new_movements[0].handling_minutes_per_nugget = 60;
    const response = await check(body, { alternatives: false });
    expect(response.status, response.reason ?? '').to.equal('feasible');
    expect(response.requires_full_replan).to.equal(false);
  });

  it('offers alternatives for an unreachable window, each of them found feasible by the check itself', async () => {
    const response = await check(bodyOf(infeasible.get('window-unreachable')), { alternatives: true });
    expect(response.status).to.equal('infeasible_proven');
    expect(response.alternatives).to.have.length.greaterThan(0);
    for (const alternative of response.alternatives!) {
      const body = bodyOf(infeasible.get('window-unreachable'));
      const [leg] = alternative.movement_windows!;
      expect(leg!.movement_id).to.equal('new-1');
      const length = (window: { start: string; end: string }) => Date.parse(window.end) - Date.parse(window.start);
      expect(length(leg!.window)).to.equal(length(body.new_movements[0].window));
      expect(Date.parse(leg!.window.start)).to.be.greaterThan(Date.parse(body.new_movements[0].window.start));
      expect(alternative.proposed_window).to.deep.equal(leg!.window);
      body.new_movements[0].window = leg!.window;
      const again = await check(body, { alternatives: false });
      expect(again.status, again.reason ?? '').to.equal('feasible');
      expect(again.requires_full_replan).to.equal(alternative.requires_full_replan);
    }
  });

  it('offers combined and per-leg alternatives for a booking of two legs', async () => {
    const response = await check(bodyOf(infeasible.get('new-legs-overlap-combined')), { alternatives: true });
    expect(response.status).to.equal('infeasible_proven');
    expect(response.alternatives).to.have.length.greaterThan(0);
    for (const alternative of response.alternatives!) {
      expect(alternative.movement_windows!.map((entry) => entry.movement_id)).to.deep.equal(['new-1', 'new-2']);
      const starts = alternative.movement_windows!.map((entry) => Date.parse(entry.window.start));
      expect(Date.parse(alternative.proposed_window.start)).to.equal(Math.min(...starts));
    }
  });

  it('answers unknown, never infeasible, when the allowance is too short for the proof', async () => {
    const response = await check(bodyOf(infeasible.get('crew-busy-combined')), { allowanceMs: 150, alternatives: false });
    expect(response.status).to.equal('unknown');
    expect(response.reason_code).to.equal('check_inconclusive_within_allowance');
    expect(response.reason).to.match(/does not mean the booking is impossible/);
  });

  it('still proves a pre-check failure with no allowance at all', async () => {
    const response = await check(bodyOf(infeasible.get('nugget-destroyed')), { allowanceMs: 0 });
    expect(response).to.include({ status: 'infeasible_proven', reason_code: 'nugget_destroyed' });
    expect(response.reason).to.include('new-1');
  });

  it('gives the same answer to the same request', async () => {
    const body = bodyOf(infeasible.get('place-capacity-combined'));
    const strip = ({ metadata, evidence, ...rest }: Awaited<ReturnType<typeof check>>) => rest;
    const first = await check(body, { alternatives: true });
    const second = await check(body, { alternatives: true });
    expect(strip(second)).to.deep.equal(strip(first));
    expect(first.status).to.equal('infeasible_proven');
  });

  it('writes model data that MiniZinc runs on its own (the relaxation is UNSATISFIABLE for a combined case)', async function () {
    const found = await execa('minizinc', ['--version']).then(() => true, () => false);
    if (!found) this.skip();
    const entry = infeasible.get('crew-busy-combined')!;
    const snapshot = parseBooking(entry.body);
    const problem = buildPlanningProblem(snapshot, await estimatedJourney(snapshot));
    const legs = problem.legs.map((leg) => leg.index);
    const directory = await mkdtemp(join(tmpdir(), 'booking-data-'));
    try {
      const file = join(directory, 'crew-busy.json');
      await writeFile(file, JSON.stringify(bookingModelData(problem, legs)));
      const { stdout } = await execa('minizinc', ['--solver', 'gecode', join(REPOSITORY, 'models', 'booking-relaxation.mzn'), file], { reject: false });
      expect(stdout).to.include('=====UNSATISFIABLE=====');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
