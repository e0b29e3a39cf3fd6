/**
 * The model neighbourhood of the large-neighbourhood search: models/horizon.mzn, the whole
 * problem stated exactly, re-plans a few duties of the day loop's plan together with legs the plan
 * left out (horizon-subproblem.ts), starting from those duties as they are (a warm start,
 * models/horizon/warm.mzn), so that what the TypeScript search cannot see (chains of legs on one
 * Nugget, place capacity over time, which lorry a driver takes) can still be repaired.
 *
 * One neighbourhood per left-out leg, in leg order: the duties able to serve it (a qualified
 * driver on a fitting lorry, at work when its windows are open), nearest first, and the duties
 * that handle its Nuggets; with them, the other left-out legs those duties could serve. Each
 * model run is ended by a failure limit (the same answer on any machine; the time limit is only a
 * safety net). A plan that serves more legs is taken only when the validator passes it whole.
 * The search stops after a run of neighbourhoods without a gain (issue 20: a model call earns its
 * time), at its call budget, or at the deadline. Budgets: `HORIZON_NEIGHBOURHOOD`
 * (search-parameters.ts).
 */
import { decodeSolution, exactData, ExactUnsupported, PlanShapeError, warmData, type HorizonSolution } from '../exact/index.ts';
import { drivingMinutes } from '../plan/driving.ts';
import type { Duty, Plan } from '../plan/types.ts';
import type { PlanningProblem } from '../problem/index.ts';
import type { ModelSolver } from './model-solver.ts';
import { dutyLegs, dutyNuggetIds, horizonSubproblem, type Neighbourhood } from './horizon-subproblem.ts';
import { HORIZON_NEIGHBOURHOOD } from './search-parameters.ts';

export interface HorizonSearchOptions {
  solver: ModelSolver;
  solverTag: string;
  /** Epoch milliseconds: no model run starts after it, each is cut at it. */
  deadline: number;
  seed: number;
  /** The validator, bound to the snapshot: a plan is taken only when it returns no violation. */
  validate: (plan: Plan) => unknown[];
  signal?: AbortSignal;
}

export interface HorizonSearchResult {
  plan: Plan;
  /** Model runs, runs whose plan was taken, and their time. */
  calls: number;
  improved: number;
  ms: number;
  /** A run was cut by the clock (the outcome may differ on another machine). */
  cutByClock: boolean;
  /** Driving minutes the plan gained (negative: it drives less). */
  drivingChange: number;
  notes: string[];
}

/** Plans more of the left-out legs by re-planning a few duties at a time with the exact model. */
export async function improveWithHorizonModel(problem: PlanningProblem, start: Plan, candidates: ReadonlySet<number>, options: HorizonSearchOptions): Promise<HorizonSearchResult> {
  const started = Date.now();
  let plan = start;
  let calls = 0;
  let improved = 0;
  let stall = 0;
  let cutByClock = false;
  let drivingChange = 0;
  const notes: string[] = [];
  const tried = new Set<number>();
  for (;;) {
    if (calls >= HORIZON_NEIGHBOURHOOD.maxCalls || stall >= HORIZON_NEIGHBOURHOOD.stallCalls || options.signal?.aborted) break;
    if (options.deadline - Date.now() < HORIZON_NEIGHBOURHOOD.minRunMs) break;
    const leftOut = plan.unplanned.map((entry) => entry.leg).filter((leg) => candidates.has(leg) && !tried.has(leg));
    const target = leftOut[0];
    if (target === undefined) break;
    tried.add(target);
    const neighbourhood = chooseNeighbourhood(problem, plan, target, leftOut);
    if (neighbourhood === null) continue;
    const sub = horizonSubproblem(problem, plan, neighbourhood);
    let data: Record<string, unknown>;
    let layout;
    try {
      const instance = exactData(sub.problem, { legs: sub.legs, slotsPerWindow: 1 });
      layout = instance.layout;
      let warm: Record<string, number[]> = {};
      try {
        warm = warmData(sub.problem, instance, sub.warm);
      } catch (error) {
        if (!(error instanceof PlanShapeError)) throw error;
        notes.push(`leg ${target}: no warm start (${error.message})`);
      }
      data = { ...instance.data, ...warm };
    } catch (error) {
      if (!(error instanceof ExactUnsupported)) throw error;
      notes.push(`leg ${target}: ${error.message}`);
      continue;
    }
    calls += 1;
    const outcome = await options.solver.solve({
      model: 'horizon.mzn',
      data,
      solver: options.solverTag,
      timeLimitMs: Math.max(1, Math.min(HORIZON_NEIGHBOURHOOD.timeLimitMs, options.deadline - Date.now())),
      seed: options.seed + calls,
      failLimit: HORIZON_NEIGHBOURHOOD.failLimit,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (outcome.cutByClock === true) cutByClock = true;
    const before = servedLegs(problem, plan);
    let taken = false;
    if (outcome.solution !== null && (outcome.status === 'SATISFIED' || outcome.status === 'OPTIMAL')) {
      const decoded = decodeSolution(sub.problem, layout, outcome.solution as unknown as HorizonSolution);
      const duties = [...sub.background, ...decoded.duties].sort((a, b) => a.driver - b.driver || a.start - b.start);
      const candidate = withUnplanned(problem, plan, duties);
      if (servedLegs(problem, candidate) > before && options.validate(candidate).length === 0) {
        drivingChange += drivingMinutes(problem, decoded.duties) - drivingMinutes(problem, sub.warm.duties);
        plan = candidate;
        taken = true;
      }
    }
    notes.push(`leg ${target}: ${neighbourhood.freed.length} duties, ${neighbourhood.idleDrivers.length} idle drivers, ${sub.legs.length} legs: ${outcome.status}${taken ? `, ${servedLegs(problem, plan) - before} more legs` : ''}`);
    if (taken) {
      improved += 1;
      stall = 0;
    } else {
      stall += 1;
    }
  }
  return { plan, calls, improved, ms: Date.now() - started, cutByClock, drivingChange, notes };
}

/**
 * The duties re-planned around a left-out leg: those handling its Nuggets, then those whose
 * driver and lorry could serve it and who are at work while its windows are open, nearest to its
 * places first; an idle qualified driver besides. Null when no duty or driver could serve it.
 */
function chooseNeighbourhood(problem: PlanningProblem, plan: Plan, target: number, leftOut: readonly number[]): Neighbourhood | null {
  const firstDuty = new Map<number, number>();
  plan.duties.forEach((duty, index) => {
    const known = firstDuty.get(duty.driver);
    if (known === undefined || plan.duties[known]!.start > duty.start) firstDuty.set(duty.driver, index);
  });
  // a driver's hours start from the period's state: only their first duty can be freed
  // a leg is re-planned whole: a duty sharing a leg with another duty stays;
  const dutiesOfLeg = new Map<number, number>();
  for (const duty of plan.duties) for (const leg of dutyLegs(problem, duty)) dutiesOfLeg.set(leg, (dutiesOfLeg.get(leg) ?? 0) + 1);
  // and a Nugget another duty also handles (a chain) would be seen where it was at minute 0
  const dutiesOfNugget = new Map<string, number>();
  for (const duty of plan.duties) for (const id of dutyNuggetIds(duty)) dutiesOfNugget.set(id, (dutiesOfNugget.get(id) ?? 0) + 1);
  const freeable = (index: number) => {
    const duty = plan.duties[index]!;
    return firstDuty.get(duty.driver) === index && dutyLegs(problem, duty).every((leg) => dutiesOfLeg.get(leg) === 1) && [...dutyNuggetIds(duty)].every((id) => dutiesOfNugget.get(id) === 1);
  };
  const units = problem.legs[target]!.units.map((unit) => problem.units[unit]!);
  const nuggetIds = new Set(units.flatMap((unit) => unit.nuggets.map((nugget) => problem.nuggets[nugget]!.id)));
  const chained = plan.duties.flatMap((duty, index) => ([...dutyNuggetIds(duty)].some((id) => nuggetIds.has(id)) ? [index] : []));
  if (chained.some((index) => !freeable(index))) return null;
  const able = plan.duties
    .map((duty, index) => ({ duty, index }))
    .filter(({ duty, index }) => freeable(index) && !chained.includes(index) && units.every((unit) => canServe(unit, duty)))
    .map(({ duty, index }) => ({ index, distance: distanceTo(problem, duty, units) }))
    .sort((a, b) => a.distance - b.distance || a.index - b.index)
    .map((entry) => entry.index);
  const freed = [...chained, ...able].slice(0, HORIZON_NEIGHBOURHOOD.duties);
  const busy = new Set(plan.duties.map((duty) => duty.driver));
  const idleDrivers = problem.drivers
    .filter((driver) => !busy.has(driver.index) && units.every((unit) => unit.eligibleDrivers.includes(driver.index)) && driver.availability.some((window) => units.every((unit) => window.start <= unit.pickupWindow.end && unit.deliveryWindow.start <= window.end)))
    .slice(0, HORIZON_NEIGHBOURHOOD.idleDrivers)
    .map((driver) => driver.index);
  if (freed.length === 0 && idleDrivers.length === 0) return null;
  const freedDuties = freed.map((index) => plan.duties[index]!);
  // other left-out legs the freed duties could serve (their units and Nuggets in no background duty)
  const others = leftOut.filter((leg) => leg !== target && problem.legs[leg]!.units.every((unit) => freedDuties.some((duty) => canServe(problem.units[unit]!, duty))));
  const legs = [...new Set([target, ...others.slice(0, HORIZON_NEIGHBOURHOOD.leftOutLegs - 1), ...freedDuties.flatMap((duty) => dutyLegs(problem, duty))])].sort((a, b) => a - b);
  return { freed: freed.sort((a, b) => a - b), idleDrivers, legs };
}

/** The duty's driver and lorry may serve the unit, and the duty is under way while its windows are open. */
function canServe(unit: PlanningProblem['units'][number], duty: Duty): boolean {
  return unit.eligibleDrivers.includes(duty.driver) && unit.eligibleLorries.includes(duty.lorry) && duty.start <= unit.pickupWindow.end && unit.deliveryWindow.start <= duty.end;
}

/** Driving minutes from the duty's nearest stop to the units' pickup and delivery places. */
function distanceTo(problem: PlanningProblem, duty: Duty, units: readonly PlanningProblem['units'][number][]): number {
  const places = units.flatMap((unit) => [...unit.pickupPlaces.slice(0, 1), ...(unit.deliveryPlace === null ? [] : [unit.deliveryPlace])]);
  return Math.min(...duty.stops.map((stop) => Math.min(...places.map((place) => problem.travelMinutes[stop.place]![place]!))));
}

/** Legs every unit of which some activity handles. */
function servedLegs(problem: PlanningProblem, plan: Plan): number {
  const units = new Set(plan.duties.flatMap((duty) => duty.stops.flatMap((stop) => stop.activities.flatMap((activity) => 'unit' in activity && activity.unit !== null ? [activity.unit] : []))));
  return problem.legs.filter((leg) => leg.units.length > 0 && leg.units.every((unit) => units.has(unit))).length;
}

/** The plan with these duties: legs they serve whole leave the unplanned list, those they no longer serve join it. */
function withUnplanned(problem: PlanningProblem, plan: Plan, duties: Duty[]): Plan {
  const served = new Set(duties.flatMap((duty) => dutyLegs(problem, duty)));
  const before = new Set(plan.duties.flatMap((duty) => dutyLegs(problem, duty)));
  const unplanned = [
    ...plan.unplanned.filter((entry) => !served.has(entry.leg)),
    ...[...before].filter((leg) => !served.has(leg)).map((leg) => ({ leg, reasonCode: 'not_planned_within_allowance' as const })),
  ].sort((a, b) => a.leg - b.leg);
  return { duties, unplanned };
}
