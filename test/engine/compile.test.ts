import { expect } from 'chai';
import { createEngine, type Engine } from '../../src/engine/index.ts';
import { ASSIGNMENT_DATA, MODELS } from './support/models.ts';

const AMPLE_MS = 30_000;

interface FlatZincJson {
  variables: Record<string, { type: string }>;
  arrays: Record<string, unknown>;
  constraints: { id: string }[];
  output: string[];
  solve: { method: string };
}

describe('engine: compiling to FlatZinc JSON', function () {
  this.timeout(60_000);
  let engine: Engine;

  before(async () => {
    engine = await createEngine({ projectRoot: MODELS, workers: 1, backends: ['embedded'] });
  });
  after(() => engine.close());

  it('compiles a model and its data to FlatZinc JSON and an output model', async () => {
    const result = await engine.compile({ model: 'assignment.mzn', data: ASSIGNMENT_DATA, timeLimitMs: AMPLE_MS });
    expect(result.error).to.equal(undefined);
    const flatzinc = result.flatzinc as unknown as FlatZincJson;
    expect(flatzinc.solve.method).to.equal('minimize');
    expect(flatzinc.output).to.include.members(['worker', 'costly']);
    expect(Object.keys(flatzinc.variables).length).to.be.greaterThan(3);
    expect(result.outputModel).to.contain('output');
    expect(result.minizincVersion).to.equal('2.10.0');
  });

  it('uses a given globals library instead of the solver\'s', async () => {
    const result = await engine.compile({ model: 'assignment.mzn', data: ASSIGNMENT_DATA, libraryDir: 'library', timeLimitMs: AMPLE_MS });
    const constraints = (result.flatzinc as unknown as FlatZincJson).constraints.map((constraint) => constraint.id);
    expect(constraints).to.include('native_all_different');
    expect(constraints).not.to.include('gecode_all_different_int');
  });

  it('reports a model error with its location and no FlatZinc', async () => {
    const result = await engine.compile({ model: 'broken.mzn', data: {}, timeLimitMs: AMPLE_MS });
    expect(result).to.include({ flatzinc: null, outputModel: null });
    expect(result.error).to.deep.equal({ message: "type error: undefined identifier `undefined_name'", location: 'broken.mzn:4.16-29' });
  });
});
