/**
 * Differential tests of the exact model (models/horizon.mzn) against the independent validator:
 * on 200 seeded small snapshots (1-3 legs of the `tiny` preset, winter and summer), the plan of
 * the model's best solution passes the validator, on Gecode and on Chuffed; where both prove
 * optimality they agree on the optimum (legs, driving, duties), and a plan's check direction
 * (its variables fixed) is accepted by the model.
 */
import { expect } from 'chai';
import type { Engine } from '../../../src/engine/index.ts';
import { checkPlanExact, solveExact, type ExactResult } from '../../../src/planning/exact/index.ts';
import { planValidator } from '../../../src/planning/solve/index.ts';
import { caseOf, exactEngine, releaseExactEngine, smallSnapshot } from './support.ts';

const SNAPSHOTS = 200;
/** Generous: protects against a hang, never expected (the snapshots solve in well under a second of CPU). */
const LIMIT_MS = 60_000;

const engine: Engine = await exactEngine();
const solvers = ['gecode', 'chuffed'].filter((id) => engine.solvers().some((solver) => solver.id === id));

describe('exact model: differential against the validator', function () {
  this.timeout(0);
  after(releaseExactEngine);

  it('runs on Gecode and Chuffed', () => expect(solvers).to.deep.equal(['gecode', 'chuffed']));

  const outcomes = new Map<number, Map<string, ExactResult>>();
  for (const solver of solvers) {
    it(`on ${solver}: the model's plan passes the validator on ${SNAPSHOTS} small snapshots`, async () => {
      const failures: string[] = [];
      let optimal = 0;
      for (let seed = 1; seed <= SNAPSHOTS; seed++) {
        const { snapshot, problem } = await caseOf(smallSnapshot(seed, 1 + (seed % 3)));
        const result = await solveExact(problem, engine, { solver, timeLimitMs: LIMIT_MS });
        if (!outcomes.has(seed)) outcomes.set(seed, new Map());
        outcomes.get(seed)!.set(solver, result);
        if (result.plan === null) {
          failures.push(`seed ${seed}: ${result.status} ${result.error ?? ''}`);
          continue;
        }
        if (result.provenOptimal) optimal++;
        const violations = planValidator(snapshot, problem)(result.plan);
        if (violations.length > 0) failures.push(`seed ${seed}: ${violations.map((violation) => `${violation.rule}: ${violation.message}`).join('; ')}`);
      }
      expect(failures).to.deep.equal([]);
      expect(optimal, 'proven optimal').to.equal(SNAPSHOTS);
    });
  }

  it('Gecode and Chuffed prove the same optimum', () => {
    const disagreements: string[] = [];
    for (const [seed, bySolver] of outcomes) {
      const values = [...bySolver.values()].filter((result) => result.provenOptimal).map((result) => result.stats.objective);
      if (new Set(values).size > 1) disagreements.push(`seed ${seed}: ${values.join(' vs ')}`);
    }
    expect(disagreements).to.deep.equal([]);
  });

  it("accepts its own plans with every variable of the plan fixed (the check direction)", async () => {
    const rejected: string[] = [];
    for (let seed = 1; seed <= SNAPSHOTS; seed += 10) {
      const result = outcomes.get(seed)?.get(solvers[0]!);
      if (result?.plan == null) continue;
      const { problem } = await caseOf(smallSnapshot(seed, 1 + (seed % 3)));
      const check = await checkPlanExact(problem, result.plan, engine, { solver: solvers[0]!, timeLimitMs: LIMIT_MS });
      if (check.accepted !== true) rejected.push(`seed ${seed}: ${check.status} ${check.shape ?? ''}`);
    }
    expect(rejected).to.deep.equal([]);
  });
});
