/**
 * The manifest planner: from the normalised problem to a `Plan` (src/planning/plan/types.ts).
 *
 * 1. Legs the pre-checks prove unplannable are left out with their reason.
 * 2. Decomposition by operating day, in order (the day loop, day-loop.ts, which the booking
 *    check's plans share): an operating day is a set of duties that overlap (a local date, its
 *    cut moved back from midnight to the start of a run of overlapping duties across it), each whole (a night duty runs on past local midnight to the end of its
 *    availability, within the duty span); each day gets duty slots (one driver with one lorry)
 *    and the legs that can be served in them (day-instance.ts). What a day planned is carried
 *    on: where each Nugget is and from when, each capacitated place's occupancy over time, when
 *    each driver has rested and each lorry is free.
 * 3. Each day is routed by a deterministic regret insertion improved by a bounded TypeScript ruin
 *    and recreate (src/routing) that keeps every route it changes schedulable by the hours
 *    engine; it stops at the travel lower bound (day-bound.ts: the plan is then proven optimal),
 *    after a run of moves without improvement, or at its move budget. Where it left requests out
 *    on a day small enough, every routing of the day is enumerated (day-exhaustive.ts) within a
 *    node budget; past it, models/pdptw.mzn (exact for the routing, a relaxation of the breaks)
 *    gets the whole day, asked to beat it: a proof (OPTIMAL or UNSATISFIABLE) ends the day.
 *    Every budget lives in search-parameters.ts.
 * 4. The hours engine schedules each route legally (breaks placed); a route it cannot make
 *    legal loses the leg whose stop failed, and is scheduled again; a lost leg is then tried
 *    again in the routes cheapest to insert into, where the hours engine can schedule it (repair).
 *    Legs that follow a leg of the day (a Nugget's next move, or a delivery into a place that a
 *    leg of the day makes room at) are then added in further waves (chains.ts), each kept only
 *    when it plans more.
 * 5. Legs not planned on any day are `not_planned_within_allowance`; a day that would not finish
 *    by the deadline (judged by the day before) is not started (anytime).
 * 5b. When the policy asks (off by default, search-parameters.ts `HORIZON_NEIGHBOURHOOD`), the
 *    exact model re-plans a few duties at a time with legs left out (horizon-neighbourhood.ts);
 *    a plan it returns is taken only when it serves more legs and the validator passes it whole.
 * 6. The plan is checked by the injected validator; a duty involved in a violation is a bug, is
 *    logged, and is taken out (never returned).
 * 7. Then (planManifests): the proof that the legs left out had to be (left-out-proof.ts) and, on
 *    a small request whose legs are still left out without a proof, the exact model from the
 *    plan (exact-request.ts), whose plan replaces it only when valid and better.
 *
 * Deterministic: fixed seeds, ordered loops, and the search is bounded by iteration counts and
 * failure limits; only the deadline can cut it short (then `timing_dependent` says so).
 */
import type { Evidence } from '../../contract/index.ts';
import { createHoursCalendar, type HoursCalendar, type HoursTracker } from '../hours/index.ts';
import type { Duty, Plan, UnplannedLeg } from '../plan/types.ts';
import { precheckLegs } from '../prechecks/index.ts';
import type { CalendarSpan, PlanningProblem } from '../problem/index.ts';
import { arrivalsOf, firstWave, followingLegs, placesFreed, withFollowingWave } from './chains.ts';
import { requestTimes, type DayInstance, type PlanningState } from './day-instance.ts';
import { DayLoop } from './day-loop.ts';
import { scheduleWithReinsertion, type ScheduledRoutes } from './day-schedule.ts';
import { modelSolverOf, type SolvingEngine } from './engine-solver.ts';
import type { ModelOutcome, ModelRun, ModelSolver } from './model-solver.ts';
import { dayTarget } from './day-bound.ts';
import { proveLeftOut } from './left-out-proof.ts';
import { EXACT_REQUEST_MODEL, improveWithExactModel, planScore } from './exact-request.ts';
import { breaksOnlyWhereNeeded } from './idle-time.ts';
import { RELAXATION_MODEL } from '../relaxation/run.ts';
import { exhaustiveDay } from './day-exhaustive.ts';
import { dayHoursFilter } from './day-search.ts';
import { dayDeadlines, dayFitsBefore, daySearchPolicy, EXHAUSTIVE, HORIZON_NEIGHBOURHOOD, reserveMs, waveSearchParameters, WAVES, type PolicyOverrides } from './search-parameters.ts';
import { improveWithHorizonModel } from './horizon-neighbourhood.ts';
import { compareCost, evaluateSolution, pdptwData, pdptwRoutes, solveRouting, type RouteStop, type RoutingCost, type RoutingInstance, type RoutingSolution } from '../../routing/index.ts';

export interface PlanViolation {
  rule: string;
  message: string;
  ids: string[];
}

export interface PlanManifestsOptions {
  /** The solve allowance (credential cap or configured default). */
  timeLimitMs: number;
  seed: number;
  /** Solver tag for the models, e.g. `gecode`. */
  solver: string;
  signal?: AbortSignal;
  /** Pre-check results to use (default: `precheckLegs(problem)`). */
  rejected?: UnplannedLeg[];
  /** The independent validator, bound to the snapshot: violations of a plan (empty = passed). */
  validate?: (plan: Plan) => PlanViolation[];
  /** Where a violation (a bug) is reported. */
  logger?: { error(fields: Record<string, unknown>, message: string): void; debug?(fields: Record<string, unknown>, message: string): void };
  /** Model strategies to run beyond the search policy's default (the `--profile` bench measures them). */
  policy?: PolicyOverrides;
}

/** `evidence.planning_engine` and `evidence.validation`: the contract's Evidence (one type, from its schema). */
export type PlanningEvidence = Evidence;

export interface PlanManifestsResult {
  plan: Plan;
  evidence: PlanningEvidence;
  /** What each model strategy cost and how often it improved the plan (the `--profile` bench). */
  strategies: StrategyProfile[];
}

/**
 * Plans manifests on the engine (src/engine); then, with the time left, tries to prove that the
 * legs left out had to be (left-out-proof.ts: the relaxation model on the same engine), and on a
 * small request whose legs are still left out without a proof, searches on from the plan with
 * the exact model (exact-request.ts), whose plan is taken only when valid and better.
 */
export async function planManifests(problem: PlanningProblem, engine: SolvingEngine, options: PlanManifestsOptions): Promise<PlanManifestsResult> {
  const started = Date.now();
  const deadline = started + options.timeLimitMs - reserveMs(options.timeLimitMs);
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const result = await planWithSolver(problem, modelSolverOf(engine), options);
  const proof = await proveLeftOut(problem, result.plan, { engine, solver: options.solver, deadline, ...signal });
  // legs still left out without a proof, on a small request: the exact model from the planner's plan
  const exact =
    options.validate === undefined
      ? null
      : await improveWithExactModel(problem, proof.plan, { engine, solver: options.solver, deadline, validate: options.validate, ...signal });
  if (proof.runs === 0 && exact?.ran !== true) return exact?.cutByTime === true ? withTimingDependent(result) : result;
  const engineEvidence = result.evidence.planning_engine;
  // the search's proof lines are about the search's plan: when the model's plan replaces it, only the model's line stands
  const replaced = exact?.improved === true;
  const proofs = (replaced ? [exact.proof] : [engineEvidence.proof, proof.proof, exact?.proof]).filter((line) => line !== undefined);
  // a left-out proof cut by the clock could never have proven what the model's plan then served
  const proofCut = proof.cutByTime && !(replaced && planScore(problem, exact.plan).served > planScore(problem, proof.plan).served);
  const models = [...engineEvidence.models, ...(proof.runs > 0 ? [RELAXATION_MODEL] : []), ...(exact?.ran === true ? [EXACT_REQUEST_MODEL] : [])];
  // no model ran in the planning: the evidence names the first solver that ran after it
  const identity = proof.runs > 0 ? { solver: proof.solver, minizincVersion: proof.minizincVersion } : { solver: exact?.solver, minizincVersion: exact?.minizincVersion };
  const plan = exact?.plan ?? proof.plan;
  const objective = exact?.improved === true || exact?.provenOptimal === true ? planScore(problem, plan).driving : engineEvidence.objective;
  if (exact?.debug !== undefined) options.logger?.debug?.({ exact: exact.debug }, 'exact model on a small request');
  return {
    ...result,
    plan,
    evidence: {
      ...result.evidence,
      planning_engine: {
        ...withoutProof(engineEvidence),
        ...(engineEvidence.solver === null && identity.solver !== undefined
          ? { solver: identity.solver, minizinc_version: identity.minizincVersion ?? null, backend: backendOf(identity.solver) }
          : {}),
        models: [...new Set(models)].sort(),
        ...(exact?.ran === true ? { strategy: `${engineEvidence.strategy} + exact model from the search's plan` } : {}),
        // the model is a restriction (its header lists what it leaves out): its OPTIMAL, scoped in
        // the proof line, proves no plan of its shape better, not that no plan at all is; except
        // where the exactness certificate shows its restrictions lose no plan (exact-request.ts)
        ...(exact?.ran === true ? { status: 'SATISFIED' as const } : {}),
        ...(exact?.provenOverEveryPlan === true ? { status: 'OPTIMAL' as const, proven_optimal: true, bound: objective } : {}),
        objective,
        solve_ms: Date.now() - started,
        timing_dependent: engineEvidence.timing_dependent || proofCut || exact?.cutByTime === true,
        ...(proofs.length === 0 ? {} : { proof: proofs.join('; ') }),
      },
    },
  };
}

/** The evidence without its proof line (the caller sets the lines that stand). */
function withoutProof(evidence: PlanningEvidence['planning_engine']): Omit<PlanningEvidence['planning_engine'], 'proof'> {
  const { proof: _replaced, ...rest } = evidence;
  return rest;
}

/** The result with `timing_dependent` set (the clock stopped a step that would otherwise have run). */
function withTimingDependent(result: PlanManifestsResult): PlanManifestsResult {
  return { ...result, evidence: { ...result.evidence, planning_engine: { ...result.evidence.planning_engine, timing_dependent: true } } };
}

/** What one model strategy did over a request: calls, improvements of the plan, time. */
export interface StrategyProfile {
  strategy: 'exhaustive day' | 'exact day' | 'horizon neighbourhood';
  calls: number;
  improved: number;
  ms: number;
}

/** Records what the models did, for evidence and the strategy profile. */
class SolverLog implements ModelSolver {
  identity: string | null = null;
  minizincVersion: string | null = null;
  models = new Set<string>();
  runs = 0;
  cutByTime = false;
  readonly strategies = new Map<StrategyProfile['strategy'], StrategyProfile>();

  record(strategy: StrategyProfile['strategy'], calls: number, improved: number, ms: number): void {
    if (calls === 0) return;
    const entry = this.strategies.get(strategy) ?? { strategy, calls: 0, improved: 0, ms: 0 };
    entry.calls += calls;
    entry.improved += improved;
    entry.ms += ms;
    this.strategies.set(strategy, entry);
  }

  constructor(private readonly inner: ModelSolver) {}

  async solve(run: ModelRun): Promise<ModelOutcome> {
    this.models.add(run.model);
    this.runs += 1;
    const outcome = await this.inner.solve(run);
    this.identity ??= outcome.solverName ?? null;
    this.minizincVersion ??= outcome.minizincVersion ?? null;
    const unfinished = outcome.status === 'UNKNOWN' || outcome.status === 'SATISFIED';
    if (outcome.cutByClock ?? (!this.inner.failLimits && unfinished)) this.cutByTime = true;
    return outcome;
  }
}

export async function planWithSolver(problem: PlanningProblem, modelSolver: ModelSolver, options: PlanManifestsOptions): Promise<PlanManifestsResult> {
  const started = Date.now();
  const deadline = started + Math.max(0, options.timeLimitMs - reserveMs(options.timeLimitMs));
  const solver = new SolverLog(modelSolver);
  const calendar = createHoursCalendar(problem.timezone, problem.originEpochMs);
  const rejected = options.rejected ?? precheckLegs(problem);
  const rejectedLegs = new Set(rejected.map((entry) => entry.leg));
  const candidates = problem.legs.filter((leg) => leg.origin === 'accepted' && !rejectedLegs.has(leg.index)).map((leg) => leg.index);
  const loop = new DayLoop(problem, calendar, candidates);
  const { state, trackers } = loop;
  let provenDays = 0;
  /** The days' proof lines (evidence.planning_engine.proof). */
  const proofs = new Set<string>();
  let solvedDays = 0;
  let stoppedByDeadline = false;
  let drivingMinutes = 0;
  const days = loop.operatingDays;

  /** The last day's time outside the models' search (building, construction, scheduling): not elastic. */
  let lastFixedMs = 0;
  for (const operating of loop.days()) {
    const { number: dayNumber, day, pending } = operating;
    if (options.signal?.aborted) break;
    // anytime: a day that would not finish before the deadline (judged by the last one's work
    // outside the search) is not started; its legs stay unplanned and the plan so far is the answer
    if (solvedDays > 0 && !dayFitsBefore(deadline, lastFixedMs)) {
      stoppedByDeadline = true;
      break;
    }
    const dayStarted = Date.now();
    // an operating day is the duties that start in it, each whole (not cut at local midnight)
    const slots = loop.slots(operating);
    if (slots.length === 0) continue;
    const span = loop.span(operating, slots);
    const slotsMs = Date.now() - dayStarted;
    // legs that follow another leg of the day (its Nuggets' next move) come in later waves
    const { day: dayInstance, following } = firstWave(problem, span, slots, pending, state, trackers);
    const builtMs = Date.now() - dayStarted - slotsMs;
    if (dayInstance.instance.requests.length === 0) continue;
    // the time left is shared by this day and the later days that still have work
    const busyDays = days.slice(dayNumber).filter((later) => pending.some((leg) => legTouches(problem, leg, later))).length;
    const { day: dayDeadline, firstWave: firstDeadline } = dayDeadlines(deadline, busyDays, following.length > 0);
    const followers = following.length > 0;
    const routingStarted = Date.now();
    const hoursFilter = dayHoursFilter(problem, calendar, trackers, dayInstance);
    const routed = await routeDay(dayInstance, solver, options, firstDeadline, options.seed + dayNumber, hoursFilter);
    solvedDays += 1;
    if (routed.proven) provenDays += 1;
    if (routed.proof !== undefined) proofs.add(routed.proof);
    if (routed.stoppedByDeadline) stoppedByDeadline = true;
    const first = { day: dayInstance, scheduled: scheduleWithReinsertion(problem, calendar, trackers, dayInstance, routed.solution) };
    const waves = followers
      ? await addFollowingWaves(problem, calendar, trackers, span, first, pending, state, solver, options, dayDeadline, options.seed + dayNumber)
      : { ...first, waves: 0, debug: '' };
    const searchMs = Date.now() - routingStarted - routed.constructMs;
    const scheduled = waves.scheduled.scheduled;
    options.logger?.debug?.(
      {
        day: day.localDate,
        slots: slots.length,
        legs_offered: new Set(dayInstance.instance.requests.map((request) => request.group)).size,
        requests: dayInstance.instance.requests.length,
        legs_dropped_by_routing: routed.cost.dropped,
        legs_scheduled: new Set(scheduled.flatMap((duty) => duty.requests.map((request) => waves.day.instance.requests[request]!.group))).size,
        search: routed.debug,
        following_waves: waves.debug,
        slots_ms: slotsMs,
        build_ms: builtMs,
        total_ms: Date.now() - dayStarted,
      },
      'operating day planned',
    );
    for (const outcome of scheduled) drivingMinutes += outcome.driving;
    loop.commit(waves.day, scheduled, requestTimes(waves.day, scheduled));
    lastFixedMs = Date.now() - dayStarted - searchMs;
  }

  const plannedLegs = new Set(state.settled);
  let plan: Plan = {
    // idle time the hours engine wrote as breaks stays a break only where a rule needs it
    duties: breaksOnlyWhereNeeded(problem, loop.sortedDuties(), calendar),
    unplanned: unplannedLegs(problem, rejected, candidates, plannedLegs),
  };
  // the exact model re-plans a few duties at a time with legs left out (only where it can check)
  if (options.validate !== undefined && (options.policy?.horizonNeighbourhood ?? HORIZON_NEIGHBOURHOOD.enabled) && !stoppedByDeadline) {
    const repaired = await improveWithHorizonModel(problem, plan, new Set(candidates), {
      solver,
      solverTag: options.solver,
      deadline,
      seed: options.seed,
      validate: options.validate,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    solver.record('horizon neighbourhood', repaired.calls, repaired.improved, repaired.ms);
    plan = repaired.plan;
    drivingMinutes += repaired.drivingChange;
    if (repaired.cutByClock) stoppedByDeadline = true;
  }
  let validation: 'passed' | 'failed' = 'passed';
  if (options.validate !== undefined) {
    const checked = validated(problem, plan, rejected, candidates, options);
    plan = checked.plan;
    validation = checked.passed ? 'passed' : 'failed';
  }
  const proven = solvedDays > 0 && provenDays === solvedDays && days.length === 1 && plan.unplanned.every((entry) => rejectedLegs.has(entry.leg));
  return {
    plan,
    strategies: [...solver.strategies.values()],
    evidence: {
      planning_engine: {
        minizinc_version: solver.minizincVersion,
        solver: solver.identity,
        backend: solver.identity === null ? null : backendOf(solver.identity),
        models: [...solver.models].sort(),
        strategy: strategyName(days.length, solver),
        // a plan at the travel lower bound is optimal whether or not a model ran
        status: proven ? 'OPTIMAL' : solver.runs === 0 ? 'NOT_RUN' : 'SATISFIED',
        objective: drivingMinutes,
        bound: proven ? drivingMinutes : null,
        proven_optimal: proven,
        solve_ms: Date.now() - started,
        time_limit_ms: options.timeLimitMs,
        timing_dependent: stoppedByDeadline || solver.cutByTime,
        ...(proofs.size === 0 ? {} : { proof: [...proofs].join('; ') }),
      },
      validation,
    },
  };
}

/** `evidence.planning_engine.backend` of a solver identity such as "Gecode 6.2.0 (native)". */
const backendOf = (identity: string): 'embedded' | 'native' => (/embedded/.test(identity) ? 'embedded' : 'native');

/** `evidence.strategy`: the decomposition, then the strategies that ran (the search always; the models where they were called). */
function strategyName(days: number, solver: SolverLog): string {
  const parts = [days > 1 ? 'decomposed by operating day' : 'one operating day', 'construction + ruin and recreate'];
  if (solver.strategies.has('exhaustive day')) parts.push('exhaustive small day');
  if (solver.strategies.has('exact day')) parts.push('exact day model');
  if (solver.strategies.has('horizon neighbourhood')) parts.push('horizon.mzn neighbourhoods');
  return parts.join(' + ');
}

/** Whether every unit of the leg could be picked up and delivered within the day. */
function legTouches(problem: PlanningProblem, leg: number, day: { start: number; end: number }): boolean {
  return problem.legs[leg]!.units.every((index) => {
    const unit = problem.units[index]!;
    return unit.pickupWindow.start < day.end && unit.pickupWindow.end >= day.start && unit.deliveryWindow.end >= day.start && unit.deliveryWindow.start < day.end;
  });
}

interface ScheduledWave {
  day: DayInstance;
  scheduled: ScheduledRoutes;
}

/**
 * Adds the legs that follow legs of the day (chains.ts), wave by wave: each wave starts from the
 * routes scheduled so far with the following legs inserted, improved by ruin and recreate (a
 * deterministic move budget), and is kept only when the hours engine schedules every leg planned
 * before it and at least one more.
 */
async function addFollowingWaves(
  problem: PlanningProblem,
  calendar: HoursCalendar,
  trackers: HoursTracker[],
  span: CalendarSpan,
  first: ScheduledWave,
  pending: readonly number[],
  state: PlanningState,
  solver: ModelSolver,
  options: PlanManifestsOptions,
  deadline: number,
  seed: number,
): Promise<ScheduledWave & { waves: number; debug: string }> {
  let current = first;
  const notes: string[] = [];
  // following leg -> the legs that bring its Nuggets, over all waves so far
  const needs = new Map<number, Set<number>>();
  let wave = 0;
  while (wave < WAVES.max && Date.now() < deadline) {
    const arrivals = arrivalsOf(current.day, current.scheduled.scheduled);
    const served = current.scheduled.scheduled.flatMap((duty) => duty.requests);
    const legs = followingLegs(problem, current.day, pending, arrivals, placesFreed(problem, current.day, served));
    if (legs.length === 0) break;
    const times = requestTimes(current.day, current.scheduled.scheduled);
    const extended = withFollowingWave(problem, span, current.day, served, arrivals, legs, state, trackers, times);
    const routes = current.scheduled.routes;
    if (extended === null || !evaluateSolution(extended.instance, { routes }).ok) break;
    const requestCount = extended.instance.requests.length;
    const routed = await solveRouting(extended.instance, {
      initial: { routes },
      solver,
      solverTag: options.solver,
      parameters: waveSearchParameters(requestCount, seed + 7919 * (wave + 1), deadline),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const before = new Set(served.map((request) => current.day.instance.requests[request]!.group));
    const scheduled = scheduleWithReinsertion(problem, calendar, trackers, extended, routed.solution, before);
    const after = new Set(scheduled.scheduled.flatMap((duty) => duty.requests.map((request) => extended.instance.requests[request]!.group)));
    const waveNeeds = new Map(needs);
    for (let request = current.day.requests.length; request < extended.requests.length; request += 1) {
      const leg = extended.instance.requests[request]!.group;
      for (const nugget of extended.requests[request]!.nuggets) {
        for (const { request: bringing } of arrivals.get(nugget)?.unloadings ?? []) {
          waveNeeds.set(leg, new Set([...(waveNeeds.get(leg) ?? []), current.day.instance.requests[bringing]!.group]));
        }
      }
      // at a capacitated place, the served legs that load Nuggets there may have made its room
      const place = extended.requests[request]!.deliveryPlace;
      if (problem.places[place]!.capacity === null) continue;
      for (const freeing of served) {
        if (current.day.requests[freeing]!.pickupPlace !== place) continue;
        waveNeeds.set(leg, new Set([...(waveNeeds.get(leg) ?? []), current.day.instance.requests[freeing]!.group]));
      }
    }
    // every following leg served, of this wave or an earlier one, needs the legs that bring its
    // Nuggets (the hours engine may have lost one)
    const broken = [...after].some((leg) => [...(waveNeeds.get(leg) ?? [])].some((bringing) => !after.has(bringing)));
    wave += 1;
    notes.push(`wave ${wave}: ${legs.length} following legs, ${after.size - before.size} more planned${broken ? ', order broken' : ''} (r&r ${routed.ruinRecreate?.iterations ?? 0} moves, ${routed.ruinRecreate?.stoppedBy ?? '-'})`);
    if (after.size <= before.size || broken) break;
    current = { day: extended, scheduled };
    for (const [leg, bringing] of waveNeeds) needs.set(leg, bringing);
  }
  return { ...current, waves: wave, debug: notes.join('; ') };
}

interface RoutedDay {
  solution: RoutingSolution;
  cost: RoutingCost;
  proven: boolean;
  /** What proved the day optimal, or the exact model's claim that could not be confirmed (evidence's proof line). */
  proof?: string;
  stoppedByDeadline: boolean;
  /** Time spent constructing the start solution (outside the models). */
  constructMs: number;
  debug: string;
}

async function routeDay(
  day: DayInstance,
  solver: SolverLog,
  options: PlanManifestsOptions,
  deadline: number,
  seed: number,
  hoursFilter: (vehicle: number, stops: readonly RouteStop[]) => boolean,
): Promise<RoutedDay> {
  const instance = day.instance;
  const routingStarted = Date.now();
  // every request served at the travel lower bound on one vehicle: nothing can be better
  const target = dayTarget(instance);
  const policy = daySearchPolicy({ requests: instance.requests.length, vehicles: instance.vehicles.length }, seed, deadline, target);
  const outcome = await solveRouting(instance, {
    solver,
    solverTag: options.solver,
    parameters: policy.search,
    routeFilter: hoursFilter,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const atBound = compareCost(instance, outcome.cost, target) <= 0;
  let best: RoutedDay = {
    solution: outcome.solution,
    cost: outcome.cost,
    proven: atBound,
    ...(atBound ? { proof: LOWER_BOUND_PROOF } : {}),
    stoppedByDeadline: outcome.lns.stoppedBy === 'deadline' || outcome.ruinRecreate?.stoppedBy === 'deadline',
    constructMs: outcome.constructMs,
    debug: '',
  };
  const searched = `construct ${outcome.constructMs} ms dropped ${outcome.constructed.dropped}, r&r ${outcome.ruinRecreate?.iterations ?? 0} moves ${outcome.ruinRecreate?.improvements ?? 0} impr (${outcome.ruinRecreate?.stoppedBy ?? '-'}), lns ${outcome.lns.iterations} it ${outcome.lns.improvements} impr ${outcome.lns.errors.slice(0, 2).join('; ')}`;
  // the exact model runs where it can gain (requests left out) and is expected to finish
  const exactWanted = policy.exact !== null && !best.proven && (best.cost.dropped > 0 || options.policy?.exactAlways === true);
  let enumerated = false;
  // (`exactAlways`, the profile's override, asks for the model itself)
  if (exactWanted && options.policy?.exactAlways !== true) {
    // a small day's every routing, enumerated, answers what the model would, without a model call
    const enumerationStarted = Date.now();
    const every = exhaustiveDay(instance, EXHAUSTIVE.nodes);
    if (every !== null) {
      enumerated = true;
      const improved = compareCost(instance, every.cost, best.cost) < 0;
      solver.record('exhaustive day', 1, improved ? 1 : 0, Date.now() - enumerationStarted);
      best = { ...best, ...(improved ? { solution: every.solution, cost: every.cost } : {}), proven: true, proof: EXHAUSTIVE_PROOF };
    }
  }
  if (exactWanted && !enumerated) {
    const exactStarted = Date.now();
    const exact = await solveDayExactly(instance, best, policy.exact!.failLimit, solver, options, deadline, seed);
    solver.record('exact day', 1, exact.improved ? 1 : 0, Date.now() - exactStarted);
    best = exact.day;
  }
  const debug = `routing ${Date.now() - routingStarted} ms: ${searched}${enumerated ? ', every routing enumerated' : exactWanted ? `, exact model ${best.proven ? 'proven' : 'unproven'}` : ''}${best.proven ? ', optimal' : ''}`;
  return { ...best, debug };
}

/**
 * The whole day in one model (exact for the routing, a relaxation of the breaks), asked to beat
 * the search's plan (its cost is the bound the model must improve on): a better solution replaces
 * it, OPTIMAL or UNSATISFIABLE proves the answer optimal. Bounded by a failure limit, so the
 * outcome repeats. (The plan is not given as `warm_succ` here: following it first made Gecode
 * need 34,120 failures to prove a 7-request day where the plain search needs 42.)
 */
async function solveDayExactly(
  instance: RoutingInstance,
  incumbent: RoutedDay,
  failLimit: number,
  solver: ModelSolver,
  options: PlanManifestsOptions,
  deadline: number,
  seed: number,
): Promise<{ day: RoutedDay; improved: boolean }> {
  const remaining = deadline - Date.now();
  if (remaining < 200) return { day: { ...incumbent, stoppedByDeadline: true }, improved: false };
  const outcome = await solver.solve({
    model: 'pdptw.mzn',
    data: pdptwData(instance, {
      restriction: {
        fixedVehicle: instance.requests.map(() => null),
        keepPrevPickup: instance.requests.map(() => null),
        keepPrevDelivery: instance.requests.map(() => null),
        incumbent: incumbent.cost,
      },
    }),
    solver: options.solver,
    timeLimitMs: remaining,
    seed,
    failLimit,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  let day: RoutedDay = {
    ...incumbent,
    proven: incumbent.proven || outcome.status === 'UNSATISFIABLE',
    stoppedByDeadline: incumbent.stoppedByDeadline || outcome.cutByClock === true,
    // an UNSATISFIABLE proves the search's plan optimal; a claim the engine demoted says why it is no proof
    ...(outcome.proof === undefined || outcome.status === 'OPTIMAL' ? {} : { proof: outcome.status === 'UNSATISFIABLE' ? `no plan beats the search's: ${outcome.proof}` : outcome.proof }),
  };
  let improved = false;
  if (outcome.solution !== null) {
    const routes = pdptwRoutes(instance, outcome.solution as { succ: number[]; route: number[] });
    const checked = evaluateSolution(instance, routes);
    if (checked.ok && compareCost(instance, checked.cost, incumbent.cost) < 0) {
      day = { ...day, solution: routes, cost: checked.cost, proven: outcome.status === 'OPTIMAL', ...(outcome.status === 'OPTIMAL' && outcome.proof !== undefined ? { proof: outcome.proof } : {}) };
      improved = true;
    }
  }
  return { day, improved };
}

/** The proof line of a small day whose every routing was enumerated. */
const EXHAUSTIVE_PROOF = "every routing of the day enumerated (day-exhaustive.ts; the routing model's relaxation of the breaks, as pdptw.mzn's): optimal without a solver";

/** The proof line of a day whose plan reaches the travel lower bound: optimal with no solver's word. */
const LOWER_BOUND_PROOF = 'every request served on one vehicle at the travel lower bound (day-bound.ts): optimal without a solver proof';

function unplannedLegs(problem: PlanningProblem, rejected: UnplannedLeg[], candidates: number[], planned: Set<number>): UnplannedLeg[] {
  const left: UnplannedLeg[] = candidates
    .filter((leg) => !planned.has(leg))
    .map((leg) => ({ leg, reasonCode: 'not_planned_within_allowance' as const }));
  return [...rejected.filter((entry) => problem.legs[entry.leg]!.origin === 'accepted'), ...left].sort((a, b) => a.leg - b.leg);
}

/**
 * Runs the validator; a violation is a bug: it is logged and the duties it names are taken out,
 * with every duty serving part of a leg that thereby loses a unit, until the plan passes. The
 * plan with no duties always passes.
 */
function validated(
  problem: PlanningProblem,
  plan: Plan,
  rejected: UnplannedLeg[],
  candidates: number[],
  options: PlanManifestsOptions,
): { plan: Plan; passed: boolean } {
  let current = plan;
  for (let round = 0; round < 4; round += 1) {
    const violations = options.validate!(current);
    if (violations.length === 0) return { plan: current, passed: true };
    options.logger?.error({ violations: violations.slice(0, 20), count: violations.length }, 'planner: the validator rejected a plan (bug)');
    const named = new Set(violations.flatMap((violation) => violation.ids));
    const legIds = new Set(problem.legs.map((leg) => leg.id));
    const namedLegs = new Set(problem.legs.filter((leg) => named.has(leg.id)).map((leg) => leg.index));
    let keep = current.duties.filter((duty) => !named.has(problem.drivers[duty.driver]!.id) && !legsOf(problem, duty).some((leg) => namedLegs.has(leg)));
    if (keep.length === current.duties.length) keep = [];
    void legIds;
    // a leg is planned only whole: drop duties with part of a leg that lost a unit, until none is left
    for (;;) {
      const unitsServed = new Set(keep.flatMap((duty) => unitsOf(duty)));
      const partial = new Set(problem.legs.filter((leg) => leg.units.some((u) => unitsServed.has(u)) && !leg.units.every((u) => unitsServed.has(u))).map((leg) => leg.index));
      if (partial.size === 0) break;
      keep = keep.filter((duty) => !legsOf(problem, duty).some((leg) => partial.has(leg)));
    }
    const planned = new Set(keep.flatMap((duty) => legsOf(problem, duty)));
    current = { duties: keep, unplanned: unplannedLegs(problem, rejected, candidates, planned) };
  }
  const last = options.validate!(current);
  return { plan: current, passed: last.length === 0 };
}

function unitsOf(duty: Duty): number[] {
  return duty.stops.flatMap((stop) => stop.activities.flatMap((activity) => ('unit' in activity && activity.unit !== null && activity.kind !== 'yard_work' ? [activity.unit] : activity.kind === 'yard_work' && activity.unit !== null ? [activity.unit] : [])));
}

function legsOf(problem: PlanningProblem, duty: Duty): number[] {
  return [...new Set(unitsOf(duty).map((unit) => problem.units[unit]!.leg))];
}
