import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discover, type Discovery } from '../../src/engine/embedded/discovery.ts';
import type { WasmDistribution } from '../../src/engine/embedded/wasm.ts';

/**
 * The embedded MiniZinc's own answers (version, solvers) are asked once per installation and
 * kept in node_modules/.cache: a later start reads them instead of running MiniZinc twice per
 * planning worker. An installation laid out in a temporary directory, real files.
 */
describe('embedded MiniZinc discovery cache', () => {
  let root: string;
  let distribution: WasmDistribution;
  const answers: Discovery = { version: 'MiniZinc to FlatZinc converter, version 2.10.0, build 1', solversJson: '[{"id":"org.gecode.gecode"}]' };
  let asked = 0;
  const ask = async () => {
    asked += 1;
    return answers;
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mps-discovery-'));
    const dist = join(root, 'node_modules', 'minizinc', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(root, 'node_modules', 'minizinc', 'package.json'), JSON.stringify({ version: '9.9.9' }));
    distribution = { wasm: join(dist, 'minizinc.wasm'), wasmBytes: 1234, data: join(dist, 'minizinc.data'), workerScript: join(dist, 'minizinc-worker.js') };
    asked = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const cache = () => join(root, 'node_modules', '.cache', 'manifest-planning-service');

  it('asks MiniZinc on the first start only, keyed by the package version and binary size', async () => {
    expect(await discover(distribution, ask)).to.deep.equal(answers);
    expect(await discover(distribution, ask)).to.deep.equal(answers);
    expect(asked).to.equal(1);
    expect(readdirSync(cache())).to.deep.equal(['minizinc-9.9.9-1234.json']);
    expect(await discover({ ...distribution, wasmBytes: 4321 }, ask)).to.deep.equal(answers);
    expect(asked).to.equal(2);
  });

  it('asks again when the cached answers are unreadable', async () => {
    mkdirSync(cache(), { recursive: true });
    writeFileSync(join(cache(), 'minizinc-9.9.9-1234.json'), '{"version": "2.10.0", "solversJson": "[not json"}');
    expect(await discover(distribution, ask)).to.deep.equal(answers);
    expect(asked).to.equal(1);
    expect(await discover(distribution, ask)).to.deep.equal(answers);
    expect(asked).to.equal(1);
  });

  it('still answers where the cache cannot be written', async () => {
    writeFileSync(join(root, 'node_modules', '.cache'), 'a file where the cache directory would go');
    expect(await discover(distribution, ask)).to.deep.equal(answers);
    expect(await discover(distribution, ask)).to.deep.equal(answers);
    expect(asked).to.equal(2);
  });
});
