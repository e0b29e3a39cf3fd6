/**
 * The manifests path against the exact model, on seeded small snapshots (the `small` preset cut
 * to 1-3 drivers and 2-8 legs, winter and summer; `differentialSnapshot`), half on Gecode and
 * half on Chuffed:
 * - every plan of both passes the independent validator;
 * - where the exact model plans every leg the pre-checks let through, the planner leaves out
 *   only legs it says it did not plan within the allowance (never a proof);
 * - how often the planner then plans every leg too is printed (not asserted: the planner is a
 *   heuristic, and the model's plans have a shape of their own: neither bounds the other).
 * The exact model's UNSATISFIABLE or OPTIMAL is not a proof about all plans (it assumes a shape
 * of plan), so nothing here labels a leg proven from it.
 *
 * DIFFERENTIAL_SNAPSHOTS sets how many (default 40; issue 18 asks for 200 a run:
 * DIFFERENTIAL_SNAPSHOTS=200, 8.3 min at load 5-10 on 2 cores, nearly all of it the exact model,
 * which spends its whole 3 s on most snapshots; the planner runs beside it and the after hook
 * prints both times); DIFFERENTIAL_FIRST_SEED the first seed.
 */
import { expect } from 'chai';
import { REASON_CATALOGUE } from '../../../src/contract/reasons.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { solveExact } from '../../../src/planning/exact/index.ts';
import { precheckLegs } from '../../../src/planning/prechecks/index.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { testEngine } from '../solve/support.ts';
import { caseOf, differentialSnapshot } from './support.ts';

const SNAPSHOTS = Number(process.env.DIFFERENTIAL_SNAPSHOTS ?? 40);
const FIRST_SEED = Number(process.env.DIFFERENTIAL_FIRST_SEED ?? 1);
/** The planner's allowance: far above what it needs on these (it stops by its own budgets). */
const PLANNER = { timeLimitMs: 60_000, seed: 7, solver: 'gecode' };
/** The exact model's limit per snapshot: its best plan by then is compared (an unfinished search only counts less). */
const EXACT_MS = 3_000;
const SOLVERS = ['gecode', 'chuffed'] as const;

/** Native solvers where installed (Gecode: a tenth of the embedded one's time here), embedded otherwise (Chuffed). */
const engine: Engine = await testEngine();

interface Tally {
  snapshots: number;
  /** The exact model planned every leg the pre-checks let through. */
  exactFull: number;
  /** ... and so did the planner. */
  bothFull: number;
  /** The planner planned every leg while the exact model did not (unfinished, or its shape excludes the plan). */
  plannerOnlyFull: number;
  /** Seeds where the exact model planned every leg and the planner did not. */
  short: number[];
  legs: number;
  drivers: [number, number];
  /** Wall time spent in the planner and in the exact model (compile and solve), ms. */
  plannerMs: number;
  exactMs: number;
}

const tallies = new Map<string, Tally>(SOLVERS.map((solver) => [solver, { snapshots: 0, exactFull: 0, bothFull: 0, plannerOnlyFull: 0, short: [], legs: 0, drivers: [Infinity, 0], plannerMs: 0, exactMs: 0 }]));

describe('the manifests path against the exact model (differential, seeded)', function () {
  this.timeout(0);
  after(async () => {
    for (const [solver, tally] of tallies) {
      if (tally.snapshots === 0) continue;
      const share = tally.exactFull === 0 ? '-' : `${((100 * tally.bothFull) / tally.exactFull).toFixed(0)}%`;
      console.log(
        `      ${solver}: ${tally.snapshots} snapshots (${tally.legs} legs, ${tally.drivers[0]}-${tally.drivers[1]} drivers); the exact model planned every leg on ${tally.exactFull}, ` +
          `the planner too on ${tally.bothFull} of those (${share}); the planner alone planned every leg on ${tally.plannerOnlyFull}` +
          (tally.short.length > 0 ? `; planner short on seeds ${tally.short.join(', ')}` : '') +
          `; ${(tally.plannerMs / 1000).toFixed(1)} s in the planner, ${(tally.exactMs / 1000).toFixed(1)} s in the exact model`,
      );
    }
    await engine.close();
  });

  // shapes the planner once missed where the exact model planned every leg: the crane lorry went
  // by window overlap to a driver who starts too late for the morning's crane delivery (44); a
  // collect_empty whose only able duty is based at a handover point had nowhere to go (89)
  it('the planner plans every leg the exact model plans on seeds 44 and 89', async () => {
    for (const seed of [44, 89]) {
      const { snapshot, problem } = await caseOf(differentialSnapshot(seed));
      const validate = planValidator(snapshot, problem);
      const rejected = precheckLegs(problem);
      const planned = await planManifests(problem, engine, { ...PLANNER, rejected, validate });
      const exact = await solveExact(problem, engine, { solver: 'gecode', timeLimitMs: EXACT_MS, rejected, proofs: 'raw' });
      expect({ seed, validation: planned.evidence.validation, exact: exact.plan?.unplanned.length, planner: planned.plan.unplanned.length }).to.deep.equal({
        seed,
        validation: 'passed',
        exact: rejected.length,
        planner: rejected.length,
      });
    }
  });

  for (const [position, solver] of SOLVERS.entries()) {
    const seeds = Array.from({ length: SNAPSHOTS }, (_, index) => FIRST_SEED + index).filter((seed) => Math.floor(seed / 2) % 2 === position);
    it(`${seeds.length} snapshots on ${solver}: every plan valid, the planner short only without a proof`, async () => {
      const tally = tallies.get(solver)!;
      for (const seed of seeds) {
        const { snapshot, problem } = await caseOf(differentialSnapshot(seed));
        const validate = planValidator(snapshot, problem);
        const rejected = precheckLegs(problem);
        const bugs: unknown[] = [];
        const offered = problem.legs.filter((leg) => leg.origin === 'accepted').length - rejected.length;
        // the planner and the exact model side by side: the planner's search runs in this thread,
        // the model in the solver's process or worker (nothing offered: both plan nothing, and the
        // model has nothing to say)
        const timed = async <T>(work: () => Promise<T>, add: (ms: number) => void): Promise<T> => {
          const started = performance.now();
          try {
            return await work();
          } finally {
            add(performance.now() - started);
          }
        };
        const [planned, exact] = await Promise.all([
          timed(() => planManifests(problem, engine, { ...PLANNER, rejected, validate, logger: { error: (fields) => bugs.push(fields) } }), (ms) => (tally.plannerMs += ms)),
          timed(async () => (offered === 0 ? null : solveExact(problem, engine, { solver, timeLimitMs: EXACT_MS, rejected, proofs: 'raw' })), (ms) => (tally.exactMs += ms)),
        ]);
        expect({ seed, bugs, validation: planned.evidence.validation }).to.deep.equal({ seed, bugs: [], validation: 'passed' });
        if (exact?.plan != null) expect({ seed, violations: validate(exact.plan) }).to.deep.equal({ seed, violations: [] });
        const exactFull = offered === 0 || (exact?.plan != null && exact.stats.legsServed === offered);
        const plannerFull = planned.plan.unplanned.length === rejected.length;
        tally.snapshots += 1;
        tally.legs += problem.legs.length;
        tally.drivers = [Math.min(tally.drivers[0], problem.drivers.length), Math.max(tally.drivers[1], problem.drivers.length)];
        if (exactFull && plannerFull) tally.bothFull += 1;
        if (exactFull) tally.exactFull += 1;
        if (!exactFull && plannerFull) tally.plannerOnlyFull += 1;
        if (exactFull && !plannerFull) {
          tally.short.push(seed);
          // a leg some plan serves is never given a pre-check's proof, nor any proven code
          const left = planned.plan.unplanned.filter((entry) => !rejected.some((other) => other.leg === entry.leg));
          for (const entry of left) expect({ seed, kind: REASON_CATALOGUE[entry.reasonCode].kind }).to.deep.equal({ seed, kind: 'solver' });
        }
        // a proof that no plan serves more legs never stands beside a plan of the exact model that does
        if (exactFull) for (const entry of planned.plan.unplanned) expect(entry.reasonCode, `seed ${seed}`).to.not.match(/_proven$/);
      }
    });
  }
});
