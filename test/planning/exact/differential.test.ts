/**
 * The manifests path against the exact model, on seeded small snapshots (the `small` preset cut
 * to 1-3 drivers and 2-8 legs, winter and summer; `differentialSnapshot`), three quarters on
 * native Gecode and a quarter on embedded Chuffed. On each, the planner plans first; the exact model then starts from the
 * planner's plan (a warm start, models/horizon/warm.mzn) and stops at its first plan serving every
 * leg the pre-checks let through (or at its limit):
 * - every plan of both passes the independent validator, and the model never answers ERROR;
 * - the model accepts the planner's plan (issue 18): the search tries the plan's values first and
 *   leaves them only once no solution has them (restarts or not, so this does not depend on the
 *   machine's speed), so a first solution that is another plan means the model rejects the plan.
 *   The planner's duties drive back to their base after their last activity, which the model
 *   states (`returns_to_base`). Allowed, and listed: the model found no solution by its limit,
 *   and the disagreements known (REJECTED_KNOWN); any other seed fails;
 * - where the exact model plans every leg and the planner does not, the planner leaves out only
 *   legs it says it did not plan within the allowance (never a proof);
 * - printed, not asserted: how often the model planned every leg, the planner too, and how often
 *   the model's search reached its limit (then only its best plan so far is compared: a limit is
 *   tallied, never failed, so nothing asserted depends on the machine's speed).
 * The same on two-day variants of the first seeds' snapshots (`carriedSnapshot`), where one
 * move_nugget is due the next morning and can only be carried overnight on a lorry; printed: the
 * seeds where the model's plan carries a load from one duty to a later one.
 * The exact model's UNSATISFIABLE or OPTIMAL is not a proof about all plans (it assumes a shape
 * of plan), so nothing here labels a leg proven from it.
 *
 * The two solvers' shares run at once (native Gecode in its processes, embedded Chuffed in the
 * engine's workers, the planner in this thread). DIFFERENTIAL_SNAPSHOTS sets how many (default
 * 200, issue 18: 2 min 38 s at load 5-6 on 2 cores, 3 min 20-33 s at load 9.5-15.7; it was 8.3-9.4 min
 * with the model searching cold for its whole 3 s beside the planner); DIFFERENTIAL_FIRST_SEED
 * the first seed.
 */
import { expect } from 'chai';
import { REASON_CATALOGUE } from '../../../src/contract/reasons.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { solveExact, type ExactResult } from '../../../src/planning/exact/index.ts';
import { precheckLegs } from '../../../src/planning/prechecks/index.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { testEngine } from '../solve/support.ts';
import type { Plan } from '../../../src/planning/plan/types.ts';
import { carriedSnapshot, caseOf, differentialSnapshot } from './support.ts';

const SNAPSHOTS = Number(process.env.DIFFERENTIAL_SNAPSHOTS ?? 200);
const FIRST_SEED = Number(process.env.DIFFERENTIAL_FIRST_SEED ?? 1);
/**
 * Two-day variants of the first seeds' snapshots where one move_nugget's arrival window is the
 * next morning (`carriedSnapshot`): its load can be delivered only by a later duty of the lorry
 * that picked it up (models/horizon/carry.mzn). DIFFERENTIAL_CARRIED sets how many (default 24).
 */
const CARRIED = Number(process.env.DIFFERENTIAL_CARRIED ?? 24);
/** The planner's allowance: far above what it needs on these (it stops by its own budgets). */
const PLANNER = { timeLimitMs: 60_000, seed: 7, solver: 'gecode' };
/**
 * The exact model's limit per snapshot, compile included: its best plan by then is compared (an
 * unfinished search only counts less). Where the planner plans every leg, the model stops well
 * inside it (native Gecode 0.15-0.7 s, embedded Chuffed 0.9-2.6 s at load 6); where the planner is
 * short, the model reaches it (it never served more legs than the planner's plan within 3 s there,
 * warm or cold, nor decided "every leg" UNSATISFIABLE beyond 2 legs). Chuffed's compile takes
 * 1-2.5 s of its limit (with 3 s it reached no solution on 7 of 48 at load 6-7, 25 at load 9-10);
 * its share ends before Gecode's all the same.
 */
const EXACT_MS: Record<Solver, number> = { gecode: 2_000, chuffed: 4_000 };
/**
 * Seeds whose planner's plan the model rejects: disagreements to fix (issue 18), none today. Seed 80 was one from 70468f9 to the
 * change that put a kept break on arrival (idle-time.ts): a 168-min wait before a 15-min break
 * ahead of a pickup, where the model's break on arrival starts as the drive ends.
 */
const REJECTED_KNOWN: readonly number[] = [];

/**
 * On Gecode, after its first plan the model searches large neighbourhoods of its best plan (each
 * restart keeps this share of its successors): where the planner is short, the complete search
 * from the planner's plan served no more legs within 3 s on the 7 seeds measured, this one
 * served every leg on one of them (40, at 1.3 s).
 */
const LNS_KEEP = 80;
const SOLVERS = ['gecode', 'chuffed'] as const;
type Solver = (typeof SOLVERS)[number];

/** Native solvers where installed (Gecode: a tenth of the embedded one's time here), embedded otherwise (Chuffed). */
const engine: Engine = await testEngine();

interface Tally {
  snapshots: number;
  legs: number;
  drivers: [number, number];
  /** Snapshots with a leg offered to the model, and those where the planner's plan was the model's first solution. */
  offered: number;
  accepted: number;
  /** Seeds where the model's first solution was another plan (known disagreements), where it had none, where the plan has a shape the model cannot state. */
  rejected: number[];
  unreached: number[];
  shape: number[];
  /** The exact model planned every leg the pre-checks let through. */
  exactFull: number;
  /** ... and so did the planner. */
  bothFull: number;
  /** The planner planned every leg while the exact model did not (unfinished, or its shape excludes the plan). */
  plannerOnlyFull: number;
  /** Seeds where the exact model planned every leg and the planner did not. */
  short: number[];
  /** Seeds where the model's search reached its limit. */
  limit: number[];
  /** Seeds where the exact model's plan carries a load from one duty to a later one. */
  carries: number[];
  /** Wall time spent in the planner and in the exact model (compile and solve), and of the whole half, ms. */
  plannerMs: number;
  exactMs: number;
  wallMs: number;
  /** What went wrong, by seed (asserted empty). */
  failures: { seed: number; failure: string }[];
}

/**
 * A quarter of the seeds on Chuffed, the rest on Gecode: a snapshot costs embedded Chuffed three
 * times native Gecode's time (2.6 s against 0.85 s, its compile alone 0.8-1 s), and the two
 * shares run at once, so they end together. Seeds go in blocks of six (each block has the three
 * driver counts, and the blocks of one solver every leg count, winter and summer).
 */
const solverOf = (seed: number): Solver => (Math.floor(seed / 6) % 4 === 3 ? 'chuffed' : 'gecode');
const seedsOf = (solver: Solver) => Array.from({ length: SNAPSHOTS }, (_, index) => FIRST_SEED + index).filter((seed) => solverOf(seed) === solver);
const carriedSeedsOf = (solver: Solver) => Array.from({ length: CARRIED }, (_, index) => FIRST_SEED + index).filter((seed) => solverOf(seed) === solver);

/** Whether a Nugget the plan loads in one duty is unloaded in another. */
function carriesLoad(plan: Plan): boolean {
  const loadedIn = new Map<string, number>();
  let carried = false;
  plan.duties.forEach((duty, index) => {
    for (const stop of duty.stops) {
      for (const activity of stop.activities) {
        if (activity.kind === 'pickup') for (const nugget of activity.nuggetIds) loadedIn.set(nugget, index);
        if (activity.kind === 'delivery' || activity.kind === 'yard_work') for (const nugget of activity.nuggetIds) carried ||= (loadedIn.get(nugget) ?? index) !== index;
      }
    }
  });
  return carried;
}

const timed = async <T>(work: () => Promise<T>, add: (ms: number) => void): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    add(performance.now() - started);
  }
};

/** One snapshot: the planner, then the exact model from the planner's plan; the checks throw. */
async function compare(seed: number, solver: Solver, tally: Tally, body: (seed: number) => Record<string, unknown>): Promise<void> {
  const { snapshot, problem } = await caseOf(body(seed));
  const validate = planValidator(snapshot, problem);
  const rejected = precheckLegs(problem);
  const bugs: unknown[] = [];
  const offered = problem.legs.filter((leg) => leg.origin === 'accepted').length - rejected.length;
  const planned = await timed(() => planManifests(problem, engine, { ...PLANNER, rejected, validate, logger: { error: (fields) => bugs.push(fields) } }), (ms) => (tally.plannerMs += ms));
  expect({ seed, bugs, validation: planned.evidence.validation }).to.deep.equal({ seed, bugs: [], validation: 'passed' });
  // nothing offered: both plan nothing, and the model has nothing to say
  const exact: ExactResult | null =
    offered === 0
      ? null
      : await timed(
          () =>
            solveExact(problem, engine, {
              solver,
              timeLimitMs: EXACT_MS[solver],
              rejected,
              proofs: 'raw',
              stopWhenAllServed: true,
              ...(solver === 'gecode' ? { neighbourhoodKeepPercent: LNS_KEEP } : {}),
              ...(planned.plan.duties.length > 0 ? { warmStart: planned.plan } : {}),
            }),
          (ms) => (tally.exactMs += ms),
        );
  expect({ seed, status: exact?.status, error: exact?.error }).to.not.deep.include({ status: 'ERROR' });
  if (exact?.plan != null) expect({ seed, violations: validate(exact.plan) }).to.deep.equal({ seed, violations: [] });
  if (exact?.plan != null && carriesLoad(exact.plan)) tally.carries.push(seed);
  const exactFull = offered === 0 || (exact?.plan != null && exact.stats.legsServed === offered);
  const plannerFull = planned.plan.unplanned.length === rejected.length;
  tally.snapshots += 1;
  tally.legs += problem.legs.length;
  tally.drivers = [Math.min(tally.drivers[0], problem.drivers.length), Math.max(tally.drivers[1], problem.drivers.length)];
  if (exact !== null) {
    tally.offered += 1;
    const warm = exact.stats.warmStart;
    if (warm === 'first') tally.accepted += 1;
    else if (warm === 'other') {
      // the model rejects the planner's plan: a disagreement to look into, unless known
      expect({ seed, rejectedByTheModel: REJECTED_KNOWN.includes(seed) }).to.deep.equal({ seed, rejectedByTheModel: true });
      tally.rejected.push(seed);
    }
    else if (warm === 'unreached') tally.unreached.push(seed);
    else if (warm.startsWith('shape')) tally.shape.push(seed);
    if (exact.stats.stop === 'time_limit') tally.limit.push(seed);
  }
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

/** Every seed of one solver's half in turn; a failed check is recorded with its seed, and the half goes on. */
async function half(solver: Solver, seeds: number[], body: (seed: number) => Record<string, unknown>): Promise<Tally> {
  const tally: Tally = { snapshots: 0, legs: 0, drivers: [Infinity, 0], offered: 0, accepted: 0, rejected: [], unreached: [], shape: [], exactFull: 0, bothFull: 0, plannerOnlyFull: 0, short: [], limit: [], carries: [], plannerMs: 0, exactMs: 0, wallMs: 0, failures: [] };
  const started = performance.now();
  for (const seed of seeds) {
    try {
      await compare(seed, solver, tally, body);
    } catch (error) {
      // the whole of what was found (chai's message elides it)
      const { message, actual } = error as Error & { actual?: unknown };
      tally.failures.push({ seed, failure: actual === undefined ? message : JSON.stringify(actual) });
    }
  }
  tally.wallMs = performance.now() - started;
  return tally;
}

const seeds = (list: number[]) => (list.length === 0 ? 'none' : list.join(', '));

function report(solver: Solver, tally: Tally, kind = ''): string {
  const share = tally.exactFull === 0 ? '-' : `${((100 * tally.bothFull) / tally.exactFull).toFixed(0)}%`;
  return (
    `      ${solver}: ${tally.snapshots} ${kind}snapshots (${tally.legs} legs, ${tally.drivers[0]}-${tally.drivers[1]} drivers); ` +
    `the planner's plan was the model's first solution on ${tally.accepted} of ${tally.offered} (another plan first (known) on ${seeds(tally.rejected)}; none by the limit on ${seeds(tally.unreached)}; a shape the model cannot state on ${seeds(tally.shape)}); ` +
    `the exact model planned every leg on ${tally.exactFull}, the planner too on ${tally.bothFull} of those (${share}); the planner alone planned every leg on ${tally.plannerOnlyFull}` +
    `; planner short on seeds ${seeds(tally.short)}; the model's plan carries a load to a later duty on seeds ${seeds(tally.carries)}; the model's ${EXACT_MS[solver] / 1000} s limit reached on ${tally.limit.length} (seeds ${seeds(tally.limit)})` +
    `; ${(tally.plannerMs / 1000).toFixed(1)} s in the planner, ${(tally.exactMs / 1000).toFixed(1)} s in the exact model, ${(tally.wallMs / 1000).toFixed(1)} s for the half`
  );
}

describe('the manifests path against the exact model (differential, seeded)', function () {
  this.timeout(0);
  // per solver, the snapshots and then their two-day variants (carriedSnapshot)
  const halves = new Map<Solver, Promise<{ plain: Tally; carried: Tally }>>();
  before(() => {
    for (const solver of SOLVERS) {
      halves.set(solver, (async () => {
        const plain = await half(solver, seedsOf(solver), differentialSnapshot);
        return { plain, carried: await half(solver, carriedSeedsOf(solver), carriedSnapshot) };
      })());
    }
  });
  after(async () => {
    for (const [solver, promise] of halves) {
      const { plain, carried } = await promise;
      if (plain.snapshots > 0) console.log(report(solver, plain));
      if (carried.snapshots > 0) console.log(report(solver, carried, 'two-day (carriedSnapshot) '));
    }
    await engine.close();
  });

  // shapes the planner once missed where the exact model planned every leg: the crane lorry went
  // by window overlap to a driver who starts too late for the morning's crane delivery (44); a
  // collect_empty whose only able duty is based at a handover point had nowhere to go (89). The
  // model searches on its own here (no warm start), until it serves every leg (0.3 s: the limit
  // only ends a run that never gets there).
  it('the planner plans every leg the exact model plans on seeds 44 and 89', async () => {
    for (const seed of [44, 89]) {
      const { snapshot, problem } = await caseOf(differentialSnapshot(seed));
      const validate = planValidator(snapshot, problem);
      const rejected = precheckLegs(problem);
      const planned = await planManifests(problem, engine, { ...PLANNER, rejected, validate });
      const exact = await solveExact(problem, engine, { solver: 'gecode', timeLimitMs: 60_000, rejected, proofs: 'raw', stopWhenAllServed: true });
      expect({ seed, validation: planned.evidence.validation, exact: exact.plan?.unplanned.length, planner: planned.plan.unplanned.length }).to.deep.equal({
        seed,
        validation: 'passed',
        exact: rejected.length,
        planner: rejected.length,
      });
    }
  });

  for (const solver of SOLVERS) {
    it(`${seedsOf(solver).length} snapshots on ${solver}: every plan valid, the planner short only without a proof`, async () => {
      const { plain: tally } = await halves.get(solver)!;
      expect(tally.failures).to.deep.equal([]);
      expect(tally.snapshots).to.equal(seedsOf(solver).length);
    });
    it(`${carriedSeedsOf(solver).length} two-day snapshots with a delivery the next morning on ${solver}: the same`, async () => {
      const { carried: tally } = await halves.get(solver)!;
      expect(tally.failures).to.deep.equal([]);
      expect(tally.snapshots).to.equal(carriedSeedsOf(solver).length);
    });
  }
});
