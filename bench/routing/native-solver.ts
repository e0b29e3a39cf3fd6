/**
 * A `ModelSolver` over the native `minizinc` executable, for benchmarks on machines where the
 * engine (src/engine) is not wired yet. Writes the data to a temporary JSON file and reads the
 * solution in `--output-mode json`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { modelPath, type ModelOutcome, type ModelRun, type ModelSolver } from '../../src/planning/solve/model-solver.ts';

export function nativeModelSolver(executable = 'minizinc'): ModelSolver {
  return {
    failLimits: true,
    solve(run: ModelRun): Promise<ModelOutcome> {
      const dir = mkdtempSync(join(tmpdir(), 'bench-mzn-'));
      const dataFile = join(dir, 'data.json');
      writeFileSync(dataFile, JSON.stringify(run.data));
      const args = ['--solver', run.solver, modelPath(run.model), dataFile, '--output-mode', 'json',
        '--time-limit', String(run.timeLimitMs), '-r', String(run.seed)];
      if (run.failLimit != null && run.solver === 'gecode') args.push('-fail', String(run.failLimit));
      return new Promise((resolve) => {
        execFile(executable, args, { maxBuffer: 1 << 28, signal: run.signal }, (error, stdout, stderr) => {
          rmSync(dir, { recursive: true, force: true });
          let solution: Record<string, unknown> | null = null;
          for (const part of stdout.split('----------')) {
            const open = part.indexOf('{');
            if (open < 0) continue;
            try {
              solution = JSON.parse(part.slice(open, part.lastIndexOf('}') + 1)) as Record<string, unknown>;
            } catch {
              // an incomplete trailing part
            }
          }
          const status = stdout.includes('==========') ? 'OPTIMAL'
            : stdout.includes('=====UNSATISFIABLE=====') ? 'UNSATISFIABLE'
            : solution !== null ? 'SATISFIED'
            : error !== null && /error/i.test(stderr) ? 'ERROR' : 'UNKNOWN';
          resolve({
            status,
            solution,
            objective: null,
            solverName: `native ${run.solver}`,
            ...(status === 'ERROR' ? { error: stderr.split('\n').filter((line) => !/deprecat/i.test(line)).join('\n').trim() } : {}),
          });
        });
      });
    },
  };
}
