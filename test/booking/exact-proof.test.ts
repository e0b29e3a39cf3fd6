/**
 * A booking check proven infeasible by the exact model (models/horizon.mzn) where the relaxation
 * cannot prove it: lorry load along the route, which the relaxation forgets. Its UNSATISFIABLE is
 * a proof only where the exactness certificate holds and a second backend agrees, also on a full
 * shift where W1 may ask for a break (the corpus case lorry-load-full-shift: every journey is at
 * most 270 min, so three breaks per journey lose no plan); on a twin where a restriction of the
 * model may bite (a window of 13 h 30 min, which may hold a daily rest between two duties that one
 * duty could not replace) the same UNSATISFIABLE is no proof and the answer stays `unknown`. Real
 * embedded solvers throughout.
 */
import { expect } from 'chai';
import { checkBooking } from '../../src/booking/index.ts';
import type { Engine } from '../../src/engine/index.ts';
import { exactness } from '../../src/planning/exact/exactness.ts';
import { solveExact } from '../../src/planning/exact/index.ts';
import { precheckContext } from '../../src/planning/prechecks/context.ts';
import { buildPlanningProblem } from '../../src/planning/problem/index.ts';
import { runRelaxation } from '../../src/planning/relaxation/run.ts';
import { bookingEngine, corpus, estimatedJourney, parseBooking, releaseBookingEngine } from './support.ts';

const engine: Engine = await bookingEngine();
/** Generous: the proof must not depend on a busy machine. */
const ALLOWANCE_MS = 90_000;

const caseBody = (name: string) => structuredClone(corpus('infeasible').find((entry) => entry.name === name)!.body) as Record<string, any>;
const infeasibleCase = () => caseBody('lorry-load-along-route');

/** The same check with the driver available 06:00-19:30: still no plan (the load), but the window may hold a daily rest between two duties (longer than R1's 13 h), which the model's one slot per window and its breaks argument do not cover. */
function longWindowTwin(): Record<string, any> {
  const body = infeasibleCase();
  body.drivers[0].availability = [{ start: '2026-03-02T06:00:00Z', end: '2026-03-02T19:30:00Z' }];
  return body;
}

async function prepared(body: Record<string, any>) {
  const snapshot = parseBooking(body);
  const journey = await estimatedJourney(snapshot);
  return { snapshot, journey, problem: buildPlanningProblem(snapshot, journey) };
}

describe('booking check proven by the exact model', function () {
  this.timeout(3 * ALLOWANCE_MS);
  after(releaseBookingEngine);

  it('the relaxation over both legs admits a plan: it cannot prove this check', async () => {
    const { problem } = await prepared(infeasibleCase());
    const run = await runRelaxation(engine, problem, precheckContext(problem), [0, 1], { solver: 'chuffed', timeLimitMs: ALLOWANCE_MS });
    expect(run.outcome, run.status).to.equal('satisfiable');
  });

  it('answers infeasible_proven with exact_model_infeasible, the exact model UNSATISFIABLE and confirmed by a second backend', async () => {
    const { snapshot, journey, problem } = await prepared(infeasibleCase());
    expect(exactness(problem, { legs: [0, 1] })).to.deep.equal({ exact: true });
    const response = await checkBooking({ snapshot, journey, engine, solver: 'chuffed', allowanceMs: ALLOWANCE_MS, alternatives: false });
    expect({ status: response.status, reason_code: response.reason_code }, response.reason ?? '').to.deep.equal({ status: 'infeasible_proven', reason_code: 'exact_model_infeasible' });
    expect(response.reason).to.match(/1 accepted leg\(s\) the plan of the accepted legs serves and the new legs; confirmed by /);
    const engineEvidence = response.evidence!.planning_engine;
    expect(engineEvidence.models).to.deep.equal(['horizon.mzn']);
    expect(engineEvidence.status).to.equal('UNSATISFIABLE');
    // a second backend agreed: the engine's confirmation, or the raw re-solve after a trusted claim
    expect(engineEvidence.proof).to.match(/confirmed by|also UNSATISFIABLE/);
  });

  it('on a full shift (07:00-17:00, nearer stops, unsplit legs) the certificate holds, though W1 may ask for a break: infeasible_proven', async () => {
    const { snapshot, journey, problem } = await prepared(caseBody('lorry-load-full-shift'));
    expect(exactness(problem, { legs: [0, 1] })).to.deep.equal({ exact: true });
    const run = await runRelaxation(engine, problem, precheckContext(problem), [0, 1], { solver: 'chuffed', timeLimitMs: ALLOWANCE_MS });
    expect(run.outcome, run.status).to.equal('satisfiable');
    const response = await checkBooking({ snapshot, journey, engine, solver: 'chuffed', allowanceMs: ALLOWANCE_MS, alternatives: false });
    expect({ status: response.status, reason_code: response.reason_code }, response.reason ?? '').to.deep.equal({ status: 'infeasible_proven', reason_code: 'exact_model_infeasible' });
  });

  it('stays unknown on the twin where a restriction may bite, though the exact model is UNSATISFIABLE there too', async () => {
    const { snapshot, journey, problem } = await prepared(longWindowTwin());
    const certificate = exactness(problem, { legs: [0, 1] });
    expect(!certificate.exact && certificate.mayBite.map((entry) => entry.restriction)).to.deep.equal(['breaks_per_journey']);
    const exact = await solveExact(problem, engine, { solver: 'chuffed', timeLimitMs: ALLOWANCE_MS, legs: [0, 1], required: [0, 1] });
    expect(exact.status).to.equal('UNSATISFIABLE');
    const response = await checkBooking({ snapshot, journey, engine, solver: 'chuffed', allowanceMs: ALLOWANCE_MS, alternatives: false });
    expect({ status: response.status, reason_code: response.reason_code }, response.reason ?? '').to.deep.equal({ status: 'unknown', reason_code: 'check_inconclusive_within_allowance' });
  });
});
