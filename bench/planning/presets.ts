/**
 * The manifest planner on data-gen presets: legs, legs planned, plannable legs (not rejected by
 * the pre-checks), driving minutes, duties, seconds, peak memory, status (`optimal (proven)`
 * when every day was proven optimal and nothing plannable was left out), validator result, solver.
 * Each preset runs with its solve allowance (the issue's targets: 400 legs within 30 s, 2,000
 * legs / 5 days within 60 s).
 */
import type { PresetName } from '../../data-gen/index.ts';
import { precheckLegs } from '../../src/planning/prechecks/index.ts';
import { planValidator, planWithSolver } from '../../src/planning/solve/index.ts';
import type { ModelSolver } from '../../src/planning/solve/model-solver.ts';
import { printTable } from '../routing/table.ts';
import { presetScenario } from './scenario.ts';

/** Solve allowance per preset, in seconds. */
const ALLOWANCE: Record<string, number> = { tiny: 10, small: 30, medium: 30, large: 60, max: 120 };

export interface PresetRunOptions {
  solver: ModelSolver;
  solverTag: string;
  seed: number;
  describe: string;
  /**
   * Turn every model strategy on (the exact day model on every small day, LNS subproblems on
   * every day) and print, per strategy, how often a call improved the plan and what it cost.
   */
  profile?: boolean;
}

export async function runPresets(names: string[], options: PresetRunOptions): Promise<void> {
  const rows: Record<string, string>[] = [];
  const strategyRows: Record<string, string>[] = [];
  for (const name of names) {
    const scenario = await presetScenario(name as PresetName, options.seed);
    const { snapshot, problem } = scenario;
    const allowance = ALLOWANCE[name] ?? 60;
    const started = Date.now();
    const rejected = precheckLegs(problem);
    const violations: number[] = [];
    const { plan, evidence, strategies } = await planWithSolver(problem, options.solver, {
      timeLimitMs: allowance * 1000 - (Date.now() - started),
      seed: options.seed,
      solver: options.solverTag,
      rejected,
      validate: planValidator(snapshot, problem),
      logger: { error: (fields) => violations.push(Number(fields.count ?? 1)) },
      ...(options.profile === true ? { policy: { exactAlways: true, horizonNeighbourhood: true } } : {}),
    });
    for (const entry of strategies) {
      strategyRows.push({
        preset: name,
        strategy: entry.strategy,
        calls: String(entry.calls),
        improved: String(entry.improved),
        'improved %': ((100 * entry.improved) / entry.calls).toFixed(0),
        seconds: (entry.ms / 1000).toFixed(1),
        's per call': (entry.ms / 1000 / entry.calls).toFixed(2),
        's per improvement': entry.improved === 0 ? '-' : (entry.ms / 1000 / entry.improved).toFixed(1),
      });
    }
    const seconds = (Date.now() - started) / 1000;
    const accepted = problem.legs.filter((leg) => leg.origin === 'accepted').length;
    const row = {
      preset: name,
      legs: String(accepted),
      planned: String(accepted - plan.unplanned.length),
      plannable: String(accepted - rejected.length),
      'driving min': String(evidence.planning_engine.objective ?? 0),
      duties: String(plan.duties.length),
      seconds: seconds.toFixed(1),
      allowance: `${allowance}s`,
      'peak MB': (process.resourceUsage().maxRSS / 1024).toFixed(0),
      status: evidence.planning_engine.proven_optimal ? 'optimal (proven)' : evidence.planning_engine.status.toLowerCase(),
      validator: `${evidence.validation}${violations.length > 0 ? ` (after dropping ${violations.length} bad duties)` : ''}`,
      solver: `${options.solverTag}${evidence.planning_engine.timing_dependent ? ' (timing-dependent)' : ''}`,
    };
    rows.push(row);
    console.error(`${name}: ${row.planned}/${row.plannable} plannable legs planned in ${row.seconds}s, validator ${row.validator}`);
  }
  console.log(`\nManifest planner on data-gen presets (seed ${options.seed}); engine: ${options.describe}; peak MB is this process's peak RSS (native solver processes not included)\n`);
  printTable(rows);
  if (options.profile === true) {
    console.log('\nModel calls per strategy (--profile: every strategy on); improved = calls whose answer replaced the plan\n');
    if (strategyRows.length === 0) console.log('(no model call)');
    else printTable(strategyRows);
  }
}
