/**
 * Restrictions the exact model no longer makes (models/horizon.mzn's header).
 * - Lifted in the model: a small snapshot (test/planning/exact/cases/) that a hand-written witness
 *   plan serves in full, which the validator passes and which the model rejected while the
 *   restriction stood. On Gecode and Chuffed: the witness, fixed in the model, is accepted; the
 *   model plans the case in full, with a plan the validator passes; and a near-miss of the witness
 *   that the validator rejects is rejected by the model too (the lift did not drop the rule).
 * - Shown to lose no plan (the header's argument): the planner's plans made to fit the argument's
 *   premise (handlings written longer than their minutes) still pass the validator and are
 *   accepted by the model.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { generate, toJson } from '../../../data-gen/index.ts';
import type { Engine } from '../../../src/engine/index.ts';
import { checkPlanExact, solveExact } from '../../../src/planning/exact/index.ts';
import type { Plan, PlanStop, StopActivity } from '../../../src/planning/plan/types.ts';
import type { PlanningProblem } from '../../../src/planning/problem/index.ts';
import { planManifests, planValidator } from '../../../src/planning/solve/index.ts';
import { caseOf, differentialSnapshot, exactEngine, HEURISTIC, releaseExactEngine, type Case } from './support.ts';

const LIMIT_MS = 120_000;
const CASES = join(import.meta.dirname, 'cases');
/** The planning corpus (test/cases). */
const CORPUS = join(import.meta.dirname, '..', '..', 'cases');

const engine: Engine = await exactEngine();
const solvers = ['gecode', 'chuffed'].filter((id) => engine.solvers().some((solver) => solver.id === id));

const caseBody = (name: string) => JSON.parse(readFileSync(join(CASES, `${name}.json`), 'utf8')) as Record<string, unknown>;

/**
 * night-under-a-break (W3 judged on working time, not on the duty's span): a driver 400 min into
 * a duty at 17:30 (counters, no daily rest since) takes two Nuggets from Leeds to York in the
 * evening and, after a break at York from 20:47 to 04:15 that covers local 00:00-04:00, one back
 * to Leeds. Its drivers'-hours duty has 719 min of working time (over W3's 600) but none of it at
 * night, so W3 does not apply; the span (17:30-06:17) meets the night, which the model read as
 * night work. `breakEnd` cuts the break short: the wait after it until 04:15 is then night work.
 */
function nightUnderABreak(problem: PlanningProblem, breakEnd: number): Plan {
  const [leeds, york] = ['wh-leeds', 'cust-york'].map((id) => problem.places.find((place) => place.id === id)!.index) as [number, number];
  const units = (legId: string) => problem.units.filter((unit) => problem.legs[unit.leg]!.id === legId);
  const nuggetIds = (unit: PlanningProblem['units'][number]) => unit.nuggets.map((nugget) => problem.nuggets[nugget]!.id);
  const [first, second] = units('evening') as [PlanningProblem['units'][number], PlanningProblem['units'][number]];
  const [back] = units('early') as [PlanningProblem['units'][number]];
  const drive = problem.travelMinutes[leeds]![york]!;
  expect(drive, 'the journey the witness is timed for').to.equal(62);
  return {
    duties: [
      {
        driver: 0,
        lorry: 0,
        start: 0,
        end: 767,
        stops: [
          {
            place: leeds,
            arrive: 0,
            depart: 75,
            enRouteBreaks: [],
            activities: [
              { kind: 'service', start: 0, end: 15 },
              { kind: 'pickup', unit: first.index, nuggetIds: nuggetIds(first), start: 15, end: 45 },
              { kind: 'pickup', unit: second.index, nuggetIds: nuggetIds(second), start: 45, end: 75 },
            ],
          },
          {
            place: york,
            arrive: 137,
            depart: 675,
            enRouteBreaks: [],
            activities: [
              { kind: 'delivery', unit: first.index, nuggetIds: nuggetIds(first), start: 137, end: 167 },
              { kind: 'delivery', unit: second.index, nuggetIds: nuggetIds(second), start: 167, end: 197 },
              { kind: 'break', start: 197, end: breakEnd },
              { kind: 'pickup', unit: back.index, nuggetIds: nuggetIds(back), start: 645, end: 675 },
            ],
          },
          {
            place: leeds,
            arrive: 737,
            depart: 767,
            enRouteBreaks: [],
            activities: [{ kind: 'delivery', unit: back.index, nuggetIds: nuggetIds(back), start: 737, end: 767 }],
          },
        ],
      },
    ],
    unplanned: [],
  };
}

/**
 * collections-carried-on (a deliver_empty takes some of its empties from collections, not only
 * when it needs exactly one): a deliver_empty of two empties, not split across lorries, to
 * Harrogate by 10:30, and a collect_empty of an off-hire Nugget at York from 08:30. One empty is
 * at Leeds. The witness loads it at Leeds (its own pickup), collects the York Nugget and hands
 * both over at Harrogate at 09:30. Unloading the collected Nugget at Leeds and loading both there
 * (what the model could do before) reaches Harrogate at 10:37, too late.
 */
function collectionsCarriedOn(problem: PlanningProblem): Plan {
  const [leeds, york, harrogate] = ['wh-leeds', 'cust-york', 'cust-harrogate'].map((id) => problem.places.find((place) => place.id === id)!.index) as [number, number, number];
  const unitOf = (legId: string) => problem.units.find((unit) => problem.legs[unit.leg]!.id === legId)!.index;
  const [deliver, collect] = [unitOf('deliver-harrogate'), unitOf('collect-york')];
  expect([problem.travelMinutes[leeds]![york], problem.travelMinutes[york]![harrogate]], 'the journeys the witness is timed for').to.deep.equal([62, 55]);
  return {
    duties: [
      {
        driver: 0,
        lorry: 0,
        start: 0,
        end: 160,
        stops: [
          {
            place: leeds,
            arrive: 0,
            depart: 20,
            enRouteBreaks: [],
            activities: [
              { kind: 'service', start: 0, end: 15 },
              { kind: 'pickup', unit: deliver, nuggetIds: ['n-warehouse'], start: 15, end: 20 },
            ],
          },
          { place: york, arrive: 82, depart: 95, enRouteBreaks: [], activities: [{ kind: 'pickup', unit: collect, nuggetIds: ['n-york'], start: 90, end: 95 }] },
          {
            place: harrogate,
            arrive: 150,
            depart: 160,
            enRouteBreaks: [],
            activities: [{ kind: 'delivery', unit: deliver, nuggetIds: ['n-warehouse', 'n-york'], start: 150, end: 160 }],
          },
        ],
      },
    ],
    unplanned: [],
  };
}

/**
 * break-at-the-end (a duty that does not drive back may idle after its last activity: a wait, a
 * break and a wait, as the hours rules read them): one Nugget from Leeds to York, delivered in a
 * window from 12:15. The witness waits for the window, takes a 15-min break on arrival (the split's
 * first part), delivers 12:15-12:45, waits, and ends its duty at York with a 15-min break and
 * `tailWait` minutes of waiting after it. Its working time is 365 min plus the last wait; W2 asks
 * for 30 min of breaks over 360, and the hours engine credits the last break only once working
 * time follows it: with a minute of waiting after it the duty passes, with none it fails W2. The
 * model used to end such a duty as its delivery ended.
 */
function breakAtTheEnd(problem: PlanningProblem, tailWait: number): Plan {
  const [leeds, york] = ['wh-leeds', 'cust-york'].map((id) => problem.places.find((place) => place.id === id)!.index) as [number, number];
  const unit = problem.units.find((candidate) => problem.legs[candidate.leg]!.id === 'to-york')!.index;
  expect(problem.travelMinutes[leeds]![york], 'the journey the witness is timed for').to.equal(62);
  const end = 395 + tailWait;
  return {
    duties: [
      {
        driver: 0,
        lorry: 0,
        start: 0,
        end,
        stops: [
          {
            place: leeds,
            arrive: 0,
            depart: 45,
            enRouteBreaks: [],
            activities: [
              { kind: 'service', start: 0, end: 15 },
              { kind: 'pickup', unit, nuggetIds: ['n-1'], start: 15, end: 45 },
            ],
          },
          {
            place: york,
            arrive: 107,
            depart: end,
            enRouteBreaks: [],
            activities: [
              { kind: 'break', start: 300, end: 315 },
              { kind: 'delivery', unit, nuggetIds: ['n-1'], start: 315, end: 345 },
              { kind: 'break', start: 380, end: 395 },
            ],
          },
        ],
      },
    ],
    unplanned: [],
  };
}

/**
 * empty-serves-two-legs (one empty serves two deliver_empty legs in turn): the only empty, e-1,
 * is at Leeds. d-1 takes it to Harrogate for deliver-harrogate at minute `delivered` (08:10 in
 * the witness); d-2 picks it up there at 12:00 and delivers it to York for deliver-york: as the
 * collect_empty that names it, carried on (`collected`), or, without that leg, as deliver-york's
 * own pickup where deliver-harrogate left it. The model used to let an empty serve one
 * deliver_empty only, loaded where it was at minute 0 or where a leg naming it left it.
 */
function emptyServesTwoLegs(problem: PlanningProblem, delivered: number, collected: boolean): Plan {
  const [leeds, york, harrogate] = ['wh-leeds', 'cust-york', 'cust-harrogate'].map((id) => problem.places.find((place) => place.id === id)!.index) as [number, number, number];
  const unitOf = (legId: string) => problem.units.find((unit) => problem.legs[unit.leg]!.id === legId)!.index;
  const there = problem.travelMinutes[leeds]![harrogate]!;
  expect([there, problem.travelMinutes[harrogate]![york]], 'the journeys the witness is timed for').to.deep.equal([45, 55]);
  const second = collected ? unitOf('collect-harrogate') : unitOf('deliver-york');
  return {
    duties: [
      {
        driver: 0,
        lorry: 0,
        start: 60,
        end: delivered + 5,
        stops: [
          {
            place: leeds,
            arrive: 60,
            depart: 80,
            enRouteBreaks: [],
            activities: [
              { kind: 'service', start: 60, end: 75 },
              { kind: 'pickup', unit: unitOf('deliver-harrogate'), nuggetIds: ['e-1'], start: 75, end: 80 },
            ],
          },
          {
            place: harrogate,
            arrive: 125,
            depart: delivered + 5,
            enRouteBreaks: [],
            activities: [{ kind: 'delivery', unit: unitOf('deliver-harrogate'), nuggetIds: ['e-1'], start: delivered, end: delivered + 5 }],
          },
        ],
      },
      {
        driver: 1,
        lorry: 1,
        start: 300,
        end: 425,
        stops: [
          { place: leeds, arrive: 300, depart: 315, enRouteBreaks: [], activities: [{ kind: 'service', start: 300, end: 315 }] },
          { place: harrogate, arrive: 360, depart: 365, enRouteBreaks: [], activities: [{ kind: 'pickup', unit: second, nuggetIds: ['e-1'], start: 360, end: 365 }] },
          { place: york, arrive: 420, depart: 425, enRouteBreaks: [], activities: [{ kind: 'delivery', unit: unitOf('deliver-york'), nuggetIds: ['e-1'], start: 420, end: 425 }] },
        ],
      },
    ],
    unplanned: [],
  };
}

/** The case with one of its legs changed or left out. */
function withLeg(body: Record<string, unknown>, legId: string, change: ((leg: Record<string, unknown>) => void) | 'left out'): Record<string, unknown> {
  const copy = structuredClone(body) as { movements: Record<string, unknown>[] };
  if (change === 'left out') copy.movements = copy.movements.filter((leg) => leg.id !== legId);
  else change(copy.movements.find((leg) => leg.id === legId)!);
  return copy;
}

/**
 * load-carried-overnight (test/cases/feasible/planning; a load carried from one duty to the next):
 * d-1 delivers n-stock from Leeds to Burley on Monday, picks n-burley up there at 16:30 (minute
 * 630), the only time it may, and drives back to Leeds with it on board, ending at 11:16; on
 * Tuesday, after the walk-round check at Leeds at 07:00 (minute 1500), on lorry `tuesdayLorry`, it
 * delivers n-burley at Ilkley at 08:01, inside the arrival window 08:00-09:00. On l-1 (lorry 0),
 * the lorry it was loaded on, the witness; on l-2 (lorry 1, at Leeds too, in the body with l-2),
 * the near miss: n-burley is still on l-1.
 */
function loadCarriedOvernight(problem: PlanningProblem, tuesdayLorry: number): Plan {
  const placeOf = (id: string) => problem.places.find((place) => place.id === id)!.index;
  const legUnit = (legId: string) => problem.units.find((unit) => problem.legs[unit.leg]!.id === legId)!.index;
  const [leeds, burley, ilkley] = [placeOf('wh-leeds'), placeOf('cust-burley'), placeOf('cust-ilkley')];
  const [stock, overnight] = [legUnit('leeds-to-burley'), legUnit('burley-to-ilkley')];
  expect([problem.travelMinutes[leeds]![burley], problem.travelMinutes[leeds]![ilkley]], 'the journeys the witness is timed for').to.deep.equal([41, 46]);
  const stop = (place: number, arrive: number, depart: number, activities: StopActivity[]): PlanStop => ({ place, arrive, depart, enRouteBreaks: [], activities });
  const monday = [
    stop(leeds, 360, 380, [{ kind: 'service', start: 360, end: 375 }, { kind: 'pickup', unit: stock, nuggetIds: ['n-stock'], start: 375, end: 380 }]),
    stop(burley, 421, 635, [
      { kind: 'delivery', unit: stock, nuggetIds: ['n-stock'], start: 421, end: 426 },
      { kind: 'pickup', unit: overnight, nuggetIds: ['n-burley'], start: 630, end: 635 },
    ]),
    // the drive back to Leeds, n-burley on board
    stop(leeds, 676, 676, []),
  ];
  const tuesday = [
    stop(leeds, 1500, 1515, [{ kind: 'service', start: 1500, end: 1515 }]),
    stop(ilkley, 1561, 1566, [{ kind: 'delivery', unit: overnight, nuggetIds: ['n-burley'], start: 1561, end: 1566 }]),
  ];
  return {
    duties: [
      { driver: 0, lorry: 0, start: 360, end: 676, stops: monday },
      { driver: 0, lorry: tuesdayLorry, start: 1500, end: 1566, stops: tuesday },
    ],
    unplanned: [],
  };
}

/**
 * split-on-one-journey (a 15+30 split on one journey): a driver 310 min into a duty (counters, no
 * break since) takes one Nugget from Leeds at 06:15 sharp to Southampton by 12:57, 341 min of
 * driving. After the walk-round check and the pickup, W1 asks for a break within 20 min of
 * driving; one of 45 there leaves 321 min of driving after it (over D1's 270), and the window
 * leaves 46 min for breaks. The witness takes 16 min before driving and 30 min en route after
 * 270 min of driving (the split's second part); the model took one break per journey and had no
 * plan serving the leg (UNSATISFIABLE with the leg required, Gecode and Chuffed). `second` is the
 * en-route break's minutes: at 29 the split is not completed, a D1 violation; `enRouteParts`
 * writes it as break activities back to back (15 + 15: none completes the split, a D1 violation).
 */
function splitOnOneJourney(problem: PlanningProblem, second: number, enRouteParts: number[] = [second]): Plan {
  const [leeds, southampton] = ['wh-leeds', 'cust-southampton'].map((id) => problem.places.find((place) => place.id === id)!.index) as [number, number];
  const unit = problem.units[0]!;
  const nuggetIds = unit.nuggets.map((nugget) => problem.nuggets[nugget]!.id);
  const drive = problem.travelMinutes[leeds]![southampton]!;
  expect(drive, 'the journey the witness is timed for').to.equal(341);
  const arrive = 46 + drive + second;
  return {
    duties: [
      {
        driver: 0,
        lorry: 0,
        start: 0,
        end: arrive + 15,
        stops: [
          {
            place: leeds,
            arrive: 0,
            depart: 46,
            enRouteBreaks: [],
            activities: [
              { kind: 'service', start: 0, end: 15 },
              { kind: 'pickup', unit: unit.index, nuggetIds, start: 15, end: 30 },
              { kind: 'break', start: 30, end: 46 },
            ],
          },
          {
            place: southampton,
            arrive,
            depart: arrive + 15,
            enRouteBreaks: enRouteParts.map((minutes, index) => {
              const start = 46 + 270 + enRouteParts.slice(0, index).reduce((sum, part) => sum + part, 0);
              return { start, end: start + minutes };
            }),
            activities: [{ kind: 'delivery', unit: unit.index, nuggetIds, start: arrive, end: arrive + 15 }],
          },
        ],
      },
    ],
    unplanned: [],
  };
}

/**
 * splitOnOneJourney's plan with a break of `minutes` on arrival at Southampton, before the delivery
 * (and, with `fourthAfter`, an en-route break of 15 min that many minutes of driving after the 30).
 */
function withArrivalBreak(plan: Plan, minutes: number, fourthAfter?: number): Plan {
  const duty = structuredClone(plan.duties[0]!);
  const last = duty.stops[duty.stops.length - 1]!;
  const second = last.enRouteBreaks[last.enRouteBreaks.length - 1]!;
  if (fourthAfter !== undefined) {
    last.enRouteBreaks.push({ start: second.end + fourthAfter, end: second.end + fourthAfter + 15 });
    last.arrive += 15;
  }
  const delivery = last.activities[0]!;
  const handling = delivery.end - delivery.start;
  delivery.start = last.arrive + minutes;
  delivery.end = delivery.start + handling;
  last.activities = [{ kind: 'break', start: last.arrive, end: last.arrive + minutes }, delivery];
  last.depart = delivery.end;
  duty.end = delivery.end;
  return { ...plan, duties: [duty] };
}

/**
 * On one solver: the witness (a plan of `solved`'s problem) is accepted by the model, the near miss
 * (a plan the validator rejects, of the same problem or of a twin) is rejected, and the model plans
 * `solved` in full with a plan the validator passes.
 */
async function witnessAcceptedNearMissRejected(solver: string, solved: Case, witness: Plan, nearMiss: { problem: PlanningProblem; plan: Plan }): Promise<void> {
  const options = { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' as const };
  const accepted = await checkPlanExact(solved.problem, witness, engine, options);
  expect({ accepted: accepted.accepted, shape: accepted.shape ?? null }, accepted.status).to.deep.equal({ accepted: true, shape: null });
  const rejected = await checkPlanExact(nearMiss.problem, nearMiss.plan, engine, options);
  expect({ accepted: rejected.accepted, shape: rejected.shape ?? null }, rejected.status).to.deep.equal({ accepted: false, shape: null });
  const result = await solveExact(solved.problem, engine, options);
  expect(result.plan?.unplanned ?? null, result.status).to.deep.equal([]);
  expect(planValidator(solved.snapshot, solved.problem)(result.plan!)).to.deep.equal([]);
}

/**
 * A lift whose near miss is another plan of the same case: the validator passes the witness and
 * finds only `rule` in the near miss (once or more); on each solver, witnessAcceptedNearMissRejected.
 */
function describeLift(title: string, lift: { caseName: string; witness: (problem: PlanningProblem) => Plan; nearMiss: (problem: PlanningProblem) => Plan; rule: string }): void {
  describe(title, () => {
    it(`the witness passes the validator; the near miss, ${lift.rule} only`, async () => {
      const { snapshot, problem } = await caseOf(caseBody(lift.caseName));
      const validate = planValidator(snapshot, problem);
      expect(validate(lift.witness(problem))).to.deep.equal([]);
      expect([...new Set(validate(lift.nearMiss(problem)).map((violation) => violation.rule))]).to.deep.equal([lift.rule]);
    });

    for (const solver of solvers) {
      it(`${solver}: the witness is accepted, its near miss rejected, and the model plans the case in full`, async () => {
        const solved = await caseOf(caseBody(lift.caseName));
        await witnessAcceptedNearMissRejected(solver, solved, lift.witness(solved.problem), { problem: solved.problem, plan: lift.nearMiss(solved.problem) });
      });
    }
  });
}

const HANDLING: ReadonlySet<string> = new Set(['pickup', 'delivery', 'yard_work']);

const IDLE: ReadonlySet<string> = new Set(['wait', 'hold']);

/**
 * The plan with every pickup, delivery and yard_work written longer than its handling where idle
 * time follows it at its stop (uncovered minutes, and the waits and holds that follow it): to the
 * start of the next other activity there, or to the stop's departure when the duty drives on from
 * there (the argument's premise; the last activity of a duty that ends at its stop is left, the
 * shape's end). Returns how many got longer.
 */
function longerHandling(plan: Plan): { plan: Plan; lengthened: number } {
  const longer = structuredClone(plan);
  let lengthened = 0;
  for (const duty of longer.duties) {
    duty.stops.forEach((stop, position) => {
      const ordered = [...stop.activities].sort((a, b) => a.start - b.start || a.end - b.end);
      const kept = ordered.filter((activity, index) => {
        if (!HANDLING.has(activity.kind)) return true;
        let after = index + 1;
        while (after < ordered.length && IDLE.has(ordered[after]!.kind)) after++;
        const until = ordered[after]?.start ?? (position < duty.stops.length - 1 ? stop.depart : activity.end);
        if (until > activity.end) {
          activity.end = until;
          lengthened += 1;
        }
        return true;
      });
      // the waits and holds now inside a longer handling are gone
      stop.activities = kept.filter((activity) => !IDLE.has(activity.kind) || !kept.some((other) => HANDLING.has(other.kind) && other.start <= activity.start && activity.end <= other.end));
    });
  }
  return { plan: longer, lengthened };
}

describe('exact model: restrictions lifted (issue 18), plans it rejected before', function () {
  this.timeout(0);
  after(releaseExactEngine);

  it('runs on Gecode and Chuffed', () => expect(solvers).to.deep.equal(['gecode', 'chuffed']));

  describeLift('W3 on working time: a night covered by a break is no night work', {
    caseName: 'night-under-a-break',
    witness: (problem) => nightUnderABreak(problem, 645),
    // the break ends at 03:30 (minute 600): 04:15-03:30 of waiting, 30 min of it before 04:00
    nearMiss: (problem) => nightUnderABreak(problem, 600),
    rule: 'W3',
  });

  describe('a deliver_empty takes some of its empties as collections carry them on', () => {
    const warehouseOnly = (body: Record<string, unknown>) => withLeg(body, 'deliver-harrogate', (leg) => (leg.empty_source = 'warehouse_only'));

    it('the witness passes the validator; with the leg warehouse_only, the validator finds nugget_source and nothing else', async () => {
      const body = caseBody('collections-carried-on');
      const { snapshot, problem } = await caseOf(body);
      expect(planValidator(snapshot, problem)(collectionsCarriedOn(problem))).to.deep.equal([]);
      const strict = await caseOf(warehouseOnly(body));
      expect(planValidator(strict.snapshot, strict.problem)(collectionsCarriedOn(strict.problem)).map((violation) => violation.rule)).to.deep.equal(['nugget_source']);
    });

    for (const solver of solvers) {
      it(`${solver}: the witness is accepted, its warehouse_only twin rejected, and the model plans the case in full`, async () => {
        const body = caseBody('collections-carried-on');
        const solved = await caseOf(body);
        const strict = await caseOf(warehouseOnly(body));
        await witnessAcceptedNearMissRejected(solver, solved, collectionsCarriedOn(solved.problem), { problem: strict.problem, plan: collectionsCarriedOn(strict.problem) });
      });
    }
  });

  describeLift('a duty that does not drive back idles after its last activity (a wait, a break, a wait)', {
    caseName: 'break-at-the-end',
    witness: (problem) => breakAtTheEnd(problem, 1),
    // ending on its break: the hours engine does not credit it for W2
    nearMiss: (problem) => breakAtTheEnd(problem, 0),
    rule: 'W2',
  });

  describe('one empty serves two deliver_empty legs in turn', () => {
    // collected by the leg that names it and carried on to the second delivery
    describeLift('delivered, collected, carried on to another deliver_empty', {
      caseName: 'empty-serves-two-legs',
      witness: (problem) => emptyServesTwoLegs(problem, 130, true),
      // delivered at 12:02, after the collection at 12:00 took it (from a lorry it was still on)
      nearMiss: (problem) => emptyServesTwoLegs(problem, 362, true),
      rule: 'nugget_location',
    });

    // no leg names it: the second deliver_empty loads it where the first left it
    const passedOn = () => withLeg(caseBody('empty-serves-two-legs'), 'collect-harrogate', 'left out');
    const warehouseOnlyTwin = () => withLeg(passedOn(), 'deliver-york', (leg) => (leg.empty_source = 'warehouse_only'));
    it('passed on where it was delivered: the witness passes the validator; with the second leg warehouse_only, the validator finds nugget_source and nothing else', async () => {
      const { snapshot, problem } = await caseOf(passedOn());
      expect(planValidator(snapshot, problem)(emptyServesTwoLegs(problem, 130, false))).to.deep.equal([]);
      const strict = await caseOf(warehouseOnlyTwin());
      expect(planValidator(strict.snapshot, strict.problem)(emptyServesTwoLegs(strict.problem, 130, false)).map((violation) => violation.rule)).to.deep.equal(['nugget_source']);
    });

    for (const solver of solvers) {
      it(`passed on where it was delivered, ${solver}: the witness is accepted, its warehouse_only twin rejected, and the model plans the case in full`, async () => {
        const solved = await caseOf(passedOn());
        const strict = await caseOf(warehouseOnlyTwin());
        await witnessAcceptedNearMissRejected(solver, solved, emptyServesTwoLegs(solved.problem, 130, false), { problem: strict.problem, plan: emptyServesTwoLegs(strict.problem, 130, false) });
      });
    }
  });

  describe('a load carried from one duty to a later duty of the same lorry', () => {
    const corpusCase = () => JSON.parse(readFileSync(join(CORPUS, 'feasible', 'planning', 'load-carried-overnight.json'), 'utf8')) as { lorries: Record<string, unknown>[] };
    // a second lorry at Leeds, free on both days: the near miss takes it on Tuesday
    const withSecondLorry = () => {
      const body = corpusCase();
      body.lorries.push({ ...structuredClone(body.lorries[0]!), id: 'l-2' });
      return body as unknown as Record<string, unknown>;
    };
    it('the witness passes the validator; the near miss (Tuesday on l-2), nugget_location only', async () => {
      const { snapshot, problem } = await caseOf(withSecondLorry());
      const validate = planValidator(snapshot, problem);
      expect(validate(loadCarriedOvernight(problem, 0))).to.deep.equal([]);
      expect([...new Set(validate(loadCarriedOvernight(problem, 1)).map((violation) => violation.rule))]).to.deep.equal(['nugget_location']);
    });

    for (const solver of solvers) {
      it(`${solver}: the witness is accepted, its near miss rejected, and the model plans the case in full`, async () => {
        const solved = await caseOf(withSecondLorry());
        await witnessAcceptedNearMissRejected(solver, solved, loadCarriedOvernight(solved.problem, 0), { problem: solved.problem, plan: loadCarriedOvernight(solved.problem, 1) });
      });
    }
  });

  // collected-overnight: the empty at York may be collected only at 17:00-17:15 on Monday; d-1's
  // Monday ends at 18:00, 62 min from Leeds (the only warehouse), so the lorry stays at York with
  // it on board and Tuesday's duty (07:00) takes it to Leeds. must_clear_by (Tuesday 08:30) is
  // met by the lorry's first drive on Tuesday; at Monday 17:30 it never is.
  describe('a collected empty carried overnight, must_clear_by met in the lorry\'s next duty', () => {
    const clearBy = (instant: string) => withLeg(caseBody('collected-overnight'), 'collect-york', (leg) => (leg.must_clear_by = instant));
    for (const solver of solvers) {
      it(`${solver}: planned in full with the empty on board overnight, validation passed, the plan accepted when fixed; with must_clear_by on Monday, UNSATISFIABLE and the plan rejected by the validator`, async () => {
        const solved = await caseOf(caseBody('collected-overnight'));
        const result = await solveExact(solved.problem, engine, { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' });
        expect(result.plan?.unplanned ?? null, result.status).to.deep.equal([]);
        expect(planValidator(solved.snapshot, solved.problem)(result.plan!)).to.deep.equal([]);
        const yardWork = result.plan!.duties.findIndex((duty) => duty.stops.some((stop) => stop.activities.some((activity) => activity.kind === 'yard_work')));
        const pickup = result.plan!.duties.findIndex((duty) => duty.stops.some((stop) => stop.activities.some((activity) => activity.kind === 'pickup')));
        expect(yardWork, 'unloaded in a later duty').to.not.equal(pickup);
        expect((await checkPlanExact(solved.problem, result.plan!, engine, { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' })).accepted, 'its plan, fixed').to.equal(true);
        const monday = await caseOf(clearBy('2026-03-02T17:30:00Z'));
        const legs = monday.problem.legs.map((leg) => leg.index);
        expect((await solveExact(monday.problem, engine, { solver, timeLimitMs: LIMIT_MS, legs, required: legs, rejected: [], proofs: 'raw' })).status).to.equal('UNSATISFIABLE');
        expect(planValidator(monday.snapshot, monday.problem)(result.plan!).map((violation) => violation.rule)).to.deep.equal(['must_clear_by']);
      });
    }
  });

  // collected-left-on-board (test/cases/feasible/planning): the empty at York may be collected
  // only at 17:00-17:15 on Monday and d-1's only duty ends at 18:00, 62 min from Leeds (the only
  // warehouse): every plan leaves it on board of l-1 to the period's end (20:00). Its
  // must_clear_by, when given, is still read on the lorry's next drive after the pickup: none
  // breaks it, one at 17:30 or one after the period's end (21:00) alike.
  describe('a collected empty left on board at the end of the period', () => {
    const corpusCase = () => JSON.parse(readFileSync(join(CORPUS, 'feasible', 'planning', 'collected-left-on-board.json'), 'utf8')) as Record<string, unknown>;
    const clearBy = (instant: string) => withLeg(corpusCase(), 'collect-york', (leg) => (leg.must_clear_by = instant));
    for (const solver of solvers) {
      it(`${solver}: planned in full with the empty never unloaded, validation passed, the plan accepted when fixed; with a must_clear_by at 17:30 or after the period, rejected by the validator (must_clear_by only) and by the model`, async () => {
        const solved = await caseOf(corpusCase());
        const options = { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' as const };
        const result = await solveExact(solved.problem, engine, options);
        expect(result.plan?.unplanned ?? null, result.status).to.deep.equal([]);
        expect(planValidator(solved.snapshot, solved.problem)(result.plan!)).to.deep.equal([]);
        const kinds = result.plan!.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities.map((activity) => activity.kind)));
        expect(kinds.filter((kind) => kind === 'pickup' || kind === 'delivery' || kind === 'yard_work'), 'no yard work').to.deep.equal(['pickup', 'delivery', 'pickup']);
        const fixed = await checkPlanExact(solved.problem, result.plan!, engine, options);
        expect({ accepted: fixed.accepted, shape: fixed.shape ?? null }, fixed.status).to.deep.equal({ accepted: true, shape: null });
        for (const instant of ['2026-03-02T17:30:00Z', '2026-03-02T21:00:00Z']) {
          const strict = await caseOf(clearBy(instant));
          expect(planValidator(strict.snapshot, strict.problem)(result.plan!).map((violation) => violation.rule), instant).to.deep.equal(['must_clear_by']);
          const check = await checkPlanExact(strict.problem, result.plan!, engine, options);
          expect({ instant, accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ instant, accepted: false, shape: null });
        }
      });
    }
  });

  // An empty is any Nugget in service, off-hire and reserved for no other leg (the validator,
  // eligibility.ts), one a move_nugget names (test/cases/feasible/planning/moved-nugget-delivered-as-empty)
  // or, for a warehouse_only leg, one a collect_empty names, loaded at a warehouse.
  // collected-then-warehouse-only: e-1, the only Nugget, is collected at York at 07:00-08:00;
  // the warehouse_only delivery to Harrogate (10:00-15:00) takes it after its yard work at Leeds.
  // The near miss: a delivery at 08:00-08:45, reachable only by carrying e-1 from York straight on
  // (loaded at York, not a warehouse: nugget_source); any_available, that plan passes.
  describe('a warehouse_only deliver_empty takes a collected Nugget once it is unloaded at a warehouse', () => {
    const early = (source: string) => withLeg(caseBody('collected-then-warehouse-only'), 'deliver-harrogate', (leg) => {
      leg.window = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T08:45:00Z' };
      leg.empty_source = source;
    });
    for (const solver of solvers) {
      it(`${solver}: planned in full through the warehouse, validation passed, the plan accepted when fixed; the near miss UNSATISFIABLE, its any_available plan rejected by the validator (nugget_source) when warehouse_only`, async () => {
        const options = { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' as const };
        const solved = await caseOf(caseBody('collected-then-warehouse-only'));
        const result = await solveExact(solved.problem, engine, options);
        expect(result.plan?.unplanned ?? null, result.status).to.deep.equal([]);
        expect(planValidator(solved.snapshot, solved.problem)(result.plan!)).to.deep.equal([]);
        const leeds = solved.problem.places.find((place) => place.id === 'wh-leeds')!.index;
        const atLeeds = result.plan!.duties.flatMap((duty) => duty.stops.filter((stop) => stop.place === leeds).flatMap((stop) => stop.activities.map((activity) => activity.kind)));
        expect(atLeeds, 'unloaded, then loaded again, at Leeds').to.include.members(['yard_work', 'pickup']);
        const fixed = await checkPlanExact(solved.problem, result.plan!, engine, options);
        expect({ accepted: fixed.accepted, shape: fixed.shape ?? null }, fixed.status).to.deep.equal({ accepted: true, shape: null });

        const strict = await caseOf(early('warehouse_only'));
        const legs = strict.problem.legs.map((leg) => leg.index);
        expect((await solveExact(strict.problem, engine, { ...options, legs, required: legs, rejected: [] })).status).to.equal('UNSATISFIABLE');
        const open = await caseOf(early('any_available'));
        const direct = await solveExact(open.problem, engine, options);
        expect(direct.plan?.unplanned ?? null, direct.status).to.deep.equal([]);
        expect(planValidator(open.snapshot, open.problem)(direct.plan!)).to.deep.equal([]);
        expect(planValidator(strict.snapshot, strict.problem)(direct.plan!).map((violation) => violation.rule)).to.deep.equal(['nugget_source']);
      });
    }
  });

  describeLift('two breaks on one journey: the 15+30 split', {
    caseName: 'split-on-one-journey',
    witness: (problem) => splitOnOneJourney(problem, 30),
    // a 29 min second part does not complete the split
    nearMiss: (problem) => splitOnOneJourney(problem, 29),
    rule: 'D1',
  });

  describe('three breaks on one journey (a W1 break, a D1 break and one on arrival) are written by the bridge (fix.ts) and taken by the model', () => {
    // split-on-one-journey with the arrival window to 13:30: room for a break on arrival after the split
    const body = () => {
      const longer = caseBody('split-on-one-journey') as Record<string, any>;
      longer.movements[0].arrival_window.end = '2026-03-03T13:30:00Z';
      return longer;
    };
    it('16 min before driving, 30 en route after 270 min of driving, 15 on arrival: the validator passes it and the model accepts it on Gecode and Chuffed; with a fourth en route the bridge refuses its shape', async () => {
      const { snapshot, problem } = await caseOf(body());
      const witness = withArrivalBreak(splitOnOneJourney(problem, 30), 15);
      expect(planValidator(snapshot, problem)(witness)).to.deep.equal([]);
      for (const solver of solvers) {
        const check = await checkPlanExact(problem, witness, engine, { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' });
        expect({ solver, accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ solver, accepted: true, shape: null });
      }
      // a 29 min second part does not complete the split: D1, rejected by both
      const nearMiss = withArrivalBreak(splitOnOneJourney(problem, 29), 15);
      expect(planValidator(snapshot, problem)(nearMiss).map((violation) => violation.rule)).to.deep.equal(['D1']);
      const rejected = await checkPlanExact(problem, nearMiss, engine, { solver: solvers[0]!, timeLimitMs: LIMIT_MS, proofs: 'raw' });
      expect({ accepted: rejected.accepted, shape: rejected.shape ?? null }, rejected.status).to.deep.equal({ accepted: false, shape: null });
      // a fourth break, 15 min after 30 more min of driving: a shape the model cannot state
      const four = withArrivalBreak(splitOnOneJourney(problem, 30), 15, 30);
      expect(planValidator(snapshot, problem)(four)).to.deep.equal([]);
      const refused = await checkPlanExact(problem, four, engine, { solver: solvers[0]!, timeLimitMs: LIMIT_MS, proofs: 'raw' });
      expect({ accepted: refused.accepted, shape: refused.shape ?? null }).to.deep.include({ accepted: false });
      expect(refused.shape).to.match(/4 breaks .*up to three per journey/);
    });
  });

  describe('a run of break activities back to back is one break of the model, held to what its own parts do', () => {
    it('the 30 min written as 15 + 15 back to back: rejected by the validator (D1) and by the model on Gecode and Chuffed', async () => {
      const { snapshot, problem } = await caseOf(caseBody('split-on-one-journey'));
      const parts = splitOnOneJourney(problem, 30, [15, 15]);
      expect(planValidator(snapshot, problem)(parts).map((violation) => violation.rule)).to.deep.equal(['D1']);
      for (const solver of solvers) {
        const check = await checkPlanExact(problem, parts, engine, { solver, timeLimitMs: LIMIT_MS, proofs: 'raw' });
        expect({ solver, accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ solver, accepted: false, shape: null });
      }
    });
  });

  describe('handling written longer than its minutes: no plan lost (the wait after it is in the model)', () => {
    // the planner packs its duties: few of its handlings are followed by idle time (none on the tiny preset)
    it("the planner's plans with longer handlings (small seed 1, differential snapshots 1-16) pass the validator and are accepted on Gecode", async () => {
      const bodies = [JSON.parse(toJson(generate({ preset: 'small', seed: 1 }).snapshot)), ...Array.from({ length: 16 }, (_, index) => differentialSnapshot(index + 1))];
      let lengthened = 0;
      for (const body of bodies) {
        const { snapshot, problem } = await caseOf(body);
        const validate = planValidator(snapshot, problem);
        const { plan } = await planManifests(problem, engine, { ...HEURISTIC, validate });
        const longer = longerHandling(plan);
        if (longer.lengthened === 0) continue;
        lengthened += longer.lengthened;
        expect(validate(longer.plan)).to.deep.equal([]);
        const check = await checkPlanExact(problem, longer.plan, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw' });
        expect({ accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ accepted: true, shape: null });
      }
      expect(lengthened, 'handlings written longer').to.be.above(0);
    });

    // the converse: the model checks a plan's activity ends too (fixed_end), not only its starts and departures
    it("a handling written one minute shorter (the planner's plan on tiny seed 1, a 1-min wait after it) is rejected by the validator and by the model on Gecode", async () => {
      const { snapshot, problem } = await caseOf(JSON.parse(toJson(generate({ preset: 'tiny', seed: 1 }).snapshot)));
      const validate = planValidator(snapshot, problem);
      const { plan } = await planManifests(problem, engine, { ...HEURISTIC, validate });
      const shorter = structuredClone(plan);
      const pickup = shorter.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities.map((activity) => ({ stop, activity }))))
        .find(({ activity }) => activity.kind === 'pickup' && activity.end - activity.start > 1);
      expect(pickup, 'a pickup in the plan').to.not.equal(undefined);
      const { stop, activity } = pickup!;
      activity.end -= 1;
      stop.activities.push({ kind: 'wait', start: activity.end, end: activity.end + 1 });
      expect(validate(shorter).map((violation) => violation.rule)).to.include('handling_duration');
      const check = await checkPlanExact(problem, shorter, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw' });
      expect({ accepted: check.accepted, shape: check.shape ?? null }, check.status).to.deep.equal({ accepted: false, shape: null });
      const original = await checkPlanExact(problem, plan, engine, { solver: 'gecode', timeLimitMs: LIMIT_MS, proofs: 'raw' });
      expect({ accepted: original.accepted, shape: original.shape ?? null }, original.status).to.deep.equal({ accepted: true, shape: null });
    });
  });
});
