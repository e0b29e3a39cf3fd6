import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine, UsageError } from '../../data-gen/command-line.ts';
import { EXAMPLES, EXAMPLES_DIR, generate, renderExamples, toJson } from '../../data-gen/index.ts';
import { expectValid } from './support/validate.ts';

const root = join(import.meta.dirname, '..', '..');
const runCli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'data-gen/cli.ts', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('data-gen command line', function () {
  this.timeout(30_000);

  it('writes the generated snapshot to stdout', () => {
    const result = runCli(['--preset', 'small', '--seed', '5', '--days', '2', '--start', '2026-04-06', '--booking', '3']);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.equal(toJson(generate({ preset: 'small', seed: 5, days: 2, start: '2026-04-06', booking: 3 }).snapshot));
  });

  it('rejects bad arguments with a message and exit code 2, writing nothing to stdout', () => {
    const result = runCli(['--preset', 'huge']);
    expect(result.status).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.contain("unknown preset 'huge'").and.contain('usage:');
  });

  it('reads each option strictly', () => {
    const parse = (...args: string[]) => parseCommandLine(args);
    expect(parse('--preset', 'max', '--seed', '0', '--days', '28', '--booking', '100', '--compact')).to.deep.equal({
      command: 'generate',
      options: { preset: 'max', seed: 0, days: 28, booking: 100 },
      compact: true,
    });
    expect(parse('--preset', 'tiny', '--start', '2026-03-29T23:30:00Z')).to.deep.include({ options: { preset: 'tiny', start: '2026-03-30' } });
    expect(parse('examples')).to.deep.equal({ command: 'examples' });
    for (const bad of [
      [],
      ['--preset', 'tiny', '--seed', '-1'],
      ['--preset', 'tiny', '--seed', '1.5'],
      ['--preset', 'tiny', '--days', '0'],
      ['--preset', 'tiny', '--days', '29'],
      ['--preset', 'tiny', '--booking', '0'],
      ['--preset', 'tiny', '--booking', '101'],
      ['--preset', 'tiny', '--start', 'next monday'],
      ['--preset', 'tiny', 'extra'],
      ['examples', '--preset', 'tiny'],
    ]) {
      expect(() => parse(...bad), bad.join(' ')).to.throw(UsageError);
    }
    expect(() => parse('--preset', 'tiny', '--colour')).to.throw(UsageError, /Unknown option/);
  });
});

describe('data-gen examples', () => {
  it('are exactly what `npm run examples` regenerates', () => {
    for (const { file, json } of renderExamples()) {
      expect(readFileSync(join(EXAMPLES_DIR, file), 'utf8'), `${file} is stale: run npm run examples`).to.equal(json);
    }
  });

  it('are requests the service accepts for their operation', () => {
    for (const example of EXAMPLES) {
      const snapshot = JSON.parse(readFileSync(join(EXAMPLES_DIR, example.file), 'utf8'));
      expectValid(example.options.booking === undefined ? 'manifests' : 'booking_checks', snapshot);
    }
  });
});
