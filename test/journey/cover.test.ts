import { expect } from 'chai';
import fc from 'fast-check';
import { chunkBlock, planRequests, type MatrixBlock, type RequestLimits } from '../../src/journey/cover.ts';
import { PROVIDER_REQUEST_LIMITS } from '../../src/journey/index.ts';

function allMissing(stopCount: number): Uint8Array {
  const missing = new Uint8Array(stopCount * stopCount).fill(1);
  for (let stop = 0; stop < stopCount; stop++) missing[stop * stopCount + stop] = 0;
  return missing;
}

function relations(blocks: MatrixBlock[]): number {
  return blocks.reduce((sum, block) => sum + block.sources.length * block.destinations.length, 0);
}

function expectWithinLimits(blocks: MatrixBlock[], limits: RequestLimits): void {
  for (const block of blocks) {
    expect(block.sources.length * block.destinations.length).to.be.at.most(limits.maxRelationsPerRequest);
    expect(new Set([...block.sources, ...block.destinations]).size).to.be.at.most(limits.maxLocationsPerRequest);
  }
}

describe('planning upstream requests', () => {
  it('asks for every missing relation, within the limits, and nothing when nothing is missing', () => {
    const scenario = fc
      .record({ stopCount: fc.integer({ min: 1, max: 25 }), maxRelationsPerRequest: fc.integer({ min: 1, max: 80 }), maxLocationsPerRequest: fc.integer({ min: 2, max: 30 }) })
      .chain((base) => fc.record({ base: fc.constant(base), mask: fc.array(fc.boolean(), { minLength: base.stopCount ** 2, maxLength: base.stopCount ** 2 }) }));
    fc.assert(
      fc.property(scenario, ({ base, mask }) => {
        const { stopCount, ...limits } = base;
        const missing = Uint8Array.from(mask, (bit, index) => (bit && index % (stopCount + 1) !== 0 ? 1 : 0));
        const blocks = planRequests(stopCount, missing, limits);
        expectWithinLimits(blocks, limits);
        const covered = new Set(blocks.flatMap((block) => block.sources.flatMap((from) => block.destinations.map((to) => from * stopCount + to))));
        missing.forEach((bit, index) => {
          if (bit === 1) expect(covered.has(index), `relation ${index}`).to.equal(true);
        });
        if (!missing.includes(1)) expect(blocks).to.deep.equal([]);
      }),
    );
  });

  it('splits a full 500-place matrix into the fewest requests each provider allows', () => {
    const ors = planRequests(500, allMissing(500), PROVIDER_REQUEST_LIMITS.openrouteservice);
    expect(ors).to.have.length(Math.ceil((500 * 500) / 3500));
    expectWithinLimits(ors, PROVIDER_REQUEST_LIMITS.openrouteservice);
    const osrm = planRequests(500, allMissing(500), PROVIDER_REQUEST_LIMITS.osrm);
    expect(osrm).to.have.length(25);
    expectWithinLimits(osrm, PROVIDER_REQUEST_LIMITS.osrm);
  });

  it('asks only about the new places when the others are cached', () => {
    const stopCount = 410;
    const missing = allMissing(stopCount);
    for (let from = 0; from < 400; from++) for (let to = 0; to < 400; to++) missing[from * stopCount + to] = 0;
    const blocks = planRequests(stopCount, missing, PROVIDER_REQUEST_LIMITS.openrouteservice);
    // 10 x 410 out of the new places plus 400 x 10 into them, against 168,100 for the whole matrix.
    expect(relations(blocks)).to.equal(10 * 410 + 400 * 10);
    expect(blocks).to.have.length(4);
  });

  it('cuts a block into even strips, or even tiles when coordinates are limited', () => {
    const block = { sources: [0, 1, 2, 3, 4, 5, 6], destinations: [0, 1, 2, 3, 4, 5, 6] };
    const shapes = (limits: RequestLimits) => chunkBlock(block, limits).map((chunk) => [chunk.sources.length, chunk.destinations.length]);
    expect(shapes({ maxRelationsPerRequest: 20, maxLocationsPerRequest: 100 })).to.deep.equal([[2, 7], [2, 7], [2, 7], [1, 7]]);
    expect(shapes({ maxRelationsPerRequest: 20, maxLocationsPerRequest: 8 })).to.deep.equal([[4, 4], [4, 3], [3, 4], [3, 3]]);
  });
});
