/**
 * Our models assert the data facts that keep them off known-unsound solver paths (issue 23:
 * signed `div`/`mod`, indexes out of their sets, reversed windows). A data change that breaks one
 * must fail loudly, with the assert's message, never solve to a quiet UNSATISFIABLE. Each case
 * here takes data the service really builds, breaks one fact, and solves it on the real engine.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLES_DIR } from '../../data-gen/index.ts';
import { exportModelData } from '../../data-gen/export.ts';
import type { Engine } from '../../src/engine/index.ts';
import { exactData } from '../../src/planning/exact/index.ts';
import { modelPath } from '../../src/planning/solve/model-solver.ts';
import { caseOf, smallSnapshot } from '../planning/exact/support.ts';
import { testEngine } from '../planning/solve/support.ts';

type Data = Record<string, any>;

interface Case {
  model: string;
  fact: string;
  data: () => Promise<Data>;
  /** Breaks the fact in a copy of the data. */
  breaks: (data: Data) => void;
  message: string;
}

async function bookingExport() {
  return exportModelData(JSON.parse(readFileSync(join(EXAMPLES_DIR, 'tiny-booking.json'), 'utf8')));
}

async function horizonData(): Promise<Data> {
  const { problem } = await caseOf(smallSnapshot(2, 3));
  return exactData(problem, { legs: problem.legs.map((leg) => leg.index) }).data;
}

const CASES: Case[] = [
  {
    model: 'pdptw.mzn',
    fact: 'the hours counters that feed the break reserve (a `div`) are non-negative',
    data: async () => (await bookingExport()).days[0]!.data as Data,
    breaks: (data) => {
      data.driving_since_break[0] = -30;
    },
    message: 'pdptw: driving_done and driving_since_break must be >= 0',
  },
  {
    model: 'pdptw.mzn',
    fact: 'every window is ordered',
    data: async () => (await bookingExport()).days[0]!.data as Data,
    breaks: (data) => {
      data.pickup_earliest[0] = data.pickup_latest[0] + 10;
    },
    message: 'pdptw: every window must satisfy 0 <= earliest <= latest <= horizon',
  },
  {
    model: 'booking-relaxation.mzn',
    fact: 'every task lasts at least a minute',
    data: async () => (await bookingExport()).booking!.data as Data,
    breaks: (data) => {
      data.task_duration[0] = 0;
    },
    message: 'booking-relaxation: every task lasts at least one minute',
  },
  {
    model: 'horizon.mzn',
    fact: 'travel minutes are non-negative',
    data: horizonData,
    breaks: (data) => {
      data.travel[0][1] = -5;
    },
    message: 'horizon: travel minutes must lie in 0..horizon',
  },
];

describe('models: data facts asserted in the models', function () {
  this.timeout(180_000);
  let engine: Engine;

  before(async () => {
    engine = await testEngine();
  });
  after(async () => {
    await engine?.close();
  });

  for (const entry of CASES) {
    it(`${entry.model}: data where not ${entry.fact} fails with the assert's message`, async () => {
      const data = structuredClone(await entry.data());
      const intact = await engine.solve({ model: modelPath(entry.model), data, solver: 'gecode', timeLimitMs: 1_000 });
      expect(intact.error?.message ?? '', 'the intact data passes the asserts').to.not.contain(entry.message);
      entry.breaks(data);
      const result = await engine.solve({ model: modelPath(entry.model), data, solver: 'gecode', timeLimitMs: 60_000 });
      expect(result.status).to.equal('ERROR');
      expect(result.error?.message).to.contain(entry.message);
    });
  }
});
