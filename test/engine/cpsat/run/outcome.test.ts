/**
 * CP-SAT's answer read as the engine's status: the objective of an integer model is an integer
 * even when CP-SAT's scaled double says 161.00000000000003, so that a second backend's 161
 * confirms it (the trust layer compares objectives exactly).
 */
import { expect } from 'chai';
import { outcomeOf } from '../../../../src/engine/cpsat/run/outcome.ts';
import type { Translation } from '../../../../src/engine/cpsat/translate/index.ts';

function translation(objective: Translation['objective']): Translation {
  return { model: { variables: [{ domain: [0, 1000] }] } as Translation['model'], objective, outputs: {}, unbounded: [], ignoredAnnotations: [] };
}

function solved(response: Record<string, unknown>) {
  return { kind: 'solved', response: { solution: [161], ...response } } as Parameters<typeof outcomeOf>[0];
}

const limits = { timeLimitReached: false, failLimited: false };

describe('CP-SAT outcome', () => {
  it('reads an OPTIMAL objective scaled to a near-integer double as the integer it is', () => {
    const outcome = outcomeOf(solved({ status: 'OPTIMAL', objectiveValue: 161.00000000000003, bestObjectiveBound: 160.99999999999997 }), translation('minimize'), limits);
    expect(outcome).to.include({ status: 'OPTIMAL', objective: 161, bound: 161 });
  });

  it('rounds a bound towards the feasible side: up when minimising, down when maximising', () => {
    const minimising = outcomeOf(solved({ status: 'FEASIBLE', objectiveValue: 170.0000000001, bestObjectiveBound: 150.2 }), translation('minimize'), limits);
    expect(minimising).to.include({ status: 'SATISFIED', objective: 170, bound: 151 });
    const maximising = outcomeOf(solved({ status: 'FEASIBLE', objectiveValue: 149.9999999999, bestObjectiveBound: 160.7 }), translation('maximize'), limits);
    expect(maximising).to.include({ status: 'SATISFIED', objective: 150, bound: 160 });
  });

  it('takes an answer without a value for every variable for the backend failing, not for a solution', () => {
    const empty = outcomeOf(solved({ status: 'FEASIBLE', objectiveValue: 455, solution: [] }), translation('minimize'), limits);
    expect(empty).to.include({ status: 'ERROR', stop: 'failed', values: null, objective: null });
    expect(empty.error?.message).to.match(/FEASIBLE with 0 values for the model's 1 variables/);
    const claimed = outcomeOf(solved({ status: 'OPTIMAL', objectiveValue: 455, solution: [] }), translation('minimize'), limits);
    expect(claimed).to.include({ status: 'ERROR', stop: 'failed' });
  });

  it('takes the empty solution of a model without variables for a solution', () => {
    const none: Translation = { model: { variables: [] } as Translation['model'], objective: null, outputs: {}, unbounded: [], ignoredAnnotations: [] };
    expect(outcomeOf(solved({ status: 'OPTIMAL', solution: [] }), none, limits)).to.include({ status: 'SATISFIED', stop: 'complete' });
  });
});

