/**
 * The real shapes of the work, planned by the manifests path (pre-checks, then the decomposed
 * search: planManifests) on the planning corpus (test/cases/{feasible,infeasible}/planning), in
 * winter and summer (same local clock times), alone and two at a time in one request:
 * - place capacity over time: a place full in the morning takes a delivery once a leg has
 *   taken a Nugget away;
 * - a deliver_empty then a collect_empty of the same Nugget, in that order;
 * - a duty across local midnight, planned whole;
 * - a load carried from one duty to the next on one lorry (alone only: SEARCH_CANNOT);
 * - a collected empty left on board at the end of the period (alone only: SEARCH_CANNOT).
 * Each feasible case is planned in full with the validator passed; each near-miss twin leaves
 * out the leg that cannot fit, with a reason that claims no proof it does not have.
 */
import { expect } from 'chai';
import { REASON_CATALOGUE, type ReasonCode, type ReasonKind } from '../../../src/contract/reasons.ts';
import type { PlanManifestsResult } from '../../../src/planning/solve/index.ts';
import { combined, inWinter, otherSeason, planningCases, type Body } from '../corpus.ts';
import { caseOf } from '../exact/support.ts';
import { suiteEngine, validPlan } from './support.ts';

const feasible = planningCases('feasible');
const infeasible = planningCases('infeasible');
const seasons: [label: string, of: (body: Body) => Body][] = [['as written', (body) => body], ['other season', otherSeason]];

/** What each twin must leave out (the rest planned): the leg ids, one of which is left out, the kind of its code, and the code where only one is true. */
const TWINS: Record<string, { oneOf: string[]; kind: ReasonKind; code?: ReasonCode }> = {
  // the delivery never fits: its handling ends by 09:35 (window end + 5 min), before the Nugget
  // there may leave (10:00), so Otley would hold 2; the relaxation proves it (a place full whenever
  // the delivery's Nugget could start to count there)
  'place-capacity-freed': { oneOf: ['deliver-otley'], kind: 'conflict' },
  // either leg fits alone; the relaxation proves that the only driver cannot serve both, so the
  // plan serves as many legs as any plan can
  'duty-across-midnight': { oneOf: ['before-midnight', 'after-midnight'], kind: 'conflict' },
  // the collection window closes (06:45) before the empty can be there (07:00), and no lorry can
  // be there either: Harrogate is 45 minutes away and nobody may drive before 06:15 (d-1 from
  // 06:00, walk-round check); a pre-check proves it (no driving allowance is spent: not the hours)
  'same-nugget-deliver-then-collect': { oneOf: ['collect-harrogate'], kind: 'precheck', code: 'window_unreachable' },
  // the Nugget loaded onto l-1 on Monday stays on l-1 until it is unloaded, and l-1 is not
  // available on Tuesday morning: no proof is found (the relaxation forgets which lorry carries
  // what), so the leg keeps the search's code
  'load-carried-overnight': { oneOf: ['burley-to-ilkley'], kind: 'solver', code: 'not_planned_within_allowance' },
  // the empty must leave York by 17:30 and every drive from York ends after d-1's availability
  'collected-left-on-board': { oneOf: ['collect-york'], kind: 'solver', code: 'not_planned_within_allowance' },
  // n-1 reaches Harrogate too late to be delivered at York as an empty after the move; the exact
  // model proves it (its certificate holds: one driver, one lorry, every journey within 270 min)
  'moved-nugget-delivered-as-empty': { oneOf: ['leeds-to-harrogate', 'deliver-york'], kind: 'conflict', code: 'left_out_proven_by_exact_model' },
};

/**
 * Cases the search alone leaves legs out of: a load carried from one duty to the next, a
 * collected empty left on board at the end of the period (the search's routes end empty, each in
 * its duty, a collected empty unloaded at a warehouse). Alone, the exact model plans each on the
 * manifests path (a small request, src/planning/solve/exact-request.ts); with another case in the
 * request (four legs) it may be too large for that, and the leg is left out, so they are in no pair.
 */
const SEARCH_CANNOT: ReadonlySet<string> = new Set(['load-carried-overnight', 'collected-left-on-board', 'moved-nugget-delivered-as-empty']);

describe('the manifests path plans the real shapes of the work', function () {
  this.timeout(0);
  const engineOf = suiteEngine();

  async function plan(body: Body): Promise<PlanManifestsResult & { ids: (leg: number) => string; legs: number; drivers: number }> {
    const { snapshot, problem } = await caseOf(body);
    const result = await validPlan(engineOf(), snapshot, problem);
    return { ...result, ids: (leg) => problem.legs[leg]!.id, legs: problem.legs.length, drivers: problem.drivers.length };
  }

  it('has each shape with its twin, 1-3 drivers and 2-8 legs', () => {
    expect(feasible.map((entry) => entry.name)).to.deep.equal(Object.keys(TWINS).sort());
    expect(infeasible.map((entry) => entry.name)).to.deep.equal(Object.keys(TWINS).sort());
  });

  for (const [season, of] of seasons) {
    describe(season, () => {
      for (const entry of feasible) {
        it(`${entry.name}: every leg planned, validation passed`, async () => {
          const result = await plan(of(entry.body));
          expect(result.plan.unplanned.map((left) => [result.ids(left.leg), left.reasonCode])).to.deep.equal([]);
          expect(result.drivers).to.be.within(1, 3);
          expect(result.legs).to.be.within(2, 8);
          // the night's work is one duty, whole across local midnight
          if (entry.name === 'duty-across-midnight') expect(result.plan.duties).to.have.length(1);
        });
      }
      for (const entry of infeasible) {
        it(`${entry.name} (twin): the leg that cannot fit is left out, with an honest reason`, async () => {
          const twin = TWINS[entry.name]!;
          const result = await plan(of(entry.body));
          expect(result.plan.unplanned, 'one leg left out').to.have.length(1);
          const [left] = result.plan.unplanned;
          expect(twin.oneOf).to.include(result.ids(left!.leg));
          const kind = REASON_CATALOGUE[left!.reasonCode as ReasonCode].kind;
          expect(kind).to.equal(twin.kind);
          if (twin.code !== undefined) expect(left!.reasonCode).to.equal(twin.code);
        });
      }
    });
  }

  // two shapes in one request (winter, and the same local times in summer): 3 drivers at most, 4 legs
  // (but SEARCH_CANNOT's)
  const paired = feasible.filter((entry) => !SEARCH_CANNOT.has(entry.name));
  const pairs = paired.flatMap((first, index) => paired.slice(index + 1).map((second) => [first, second] as const));
  for (const [first, second] of pairs) {
    for (const [season, of] of seasons) {
      it(`${first.name} with ${second.name} (${season === 'as written' ? 'winter' : 'summer'}): every leg planned`, async () => {
        const body = of(combined([inWinter(first.body), inWinter(second.body)]));
        const result = await plan(body);
        expect(result.plan.unplanned.map((left) => [result.ids(left.leg), left.reasonCode])).to.deep.equal([]);
        expect(result.drivers).to.be.within(1, 3);
      });
    }
  }
});
