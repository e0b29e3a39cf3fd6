import { expect } from 'chai';
import { JourneyCache } from '../../src/journey/cache.ts';

/** Reads the relation from -> to back as [seconds, km], or undefined when not cached. */
function read(cache: JourneyCache, from: string, to: string): [number, number] | undefined {
  const tables = { seconds: new Float64Array(4), km: new Float64Array(4) };
  const { missing } = cache.survey([from, to], tables);
  return missing[1] === 1 ? undefined : [tables.seconds[1]!, tables.km[1]!];
}

describe('journey cache', () => {
  it('forgets the least recently used relation beyond its size', () => {
    const cache = new JourneyCache({ maxRelations: 2, maxAgeMs: 60_000 });
    cache.write('a', 'b', 60, 1);
    cache.write('c', 'd', 70, 1.1);
    expect(read(cache, 'a', 'b')).to.deep.equal([60, 1]);
    cache.write('e', 'f', 80, 1.2);
    expect(cache.size).to.equal(2);
    expect(read(cache, 'c', 'd')).to.equal(undefined);
    expect(read(cache, 'a', 'b')).to.deep.equal([60, 1]);
    expect(read(cache, 'e', 'f')).to.deep.equal([80, 1.2]);
  });

  it('tells direction apart and keeps the latest answer for a relation', () => {
    const cache = new JourneyCache({ maxRelations: 10, maxAgeMs: 60_000 });
    cache.write('a', 'b', 60, 1);
    expect(read(cache, 'b', 'a')).to.equal(undefined);
    cache.write('a', 'b', 90, 1.5);
    expect(cache.size).to.equal(1);
    expect(read(cache, 'a', 'b')).to.deep.equal([90, 1.5]);
  });

  it('forgets relations older than its age bound', () => {
    let now = 1_000;
    const cache = new JourneyCache({ maxRelations: 10, maxAgeMs: 500, now: () => now });
    cache.write('a', 'b', 60, 1);
    now += 499;
    expect(cache.survey(['a', 'b']).fromCache).to.equal(1);
    now += 1;
    expect(cache.survey(['a', 'b']).fromCache).to.equal(0);
    expect(read(cache, 'a', 'b')).to.equal(undefined);
  });

  it('looks without touching when surveying for a plan', () => {
    const cache = new JourneyCache({ maxRelations: 2, maxAgeMs: 60_000 });
    cache.write('a', 'b', 60, 1);
    cache.write('b', 'a', 70, 1.1);
    expect(cache.survey(['a', 'b', 'c'])).to.deep.equal({ missing: Uint8Array.from([0, 0, 1, 0, 0, 1, 1, 1, 0]), fromCache: 2 });
    cache.write('a', 'c', 80, 1.2);
    expect(read(cache, 'a', 'b'), 'a -> b was only looked at, so it was the oldest').to.equal(undefined);
  });

  it('stays within its bound under churn, evicting in batches and recycling stop ids', () => {
    const cache = new JourneyCache({ maxRelations: 100, maxAgeMs: 60_000 });
    for (let round = 0; round < 5_000; round++) cache.write(`s${round}`, `s${round + 1}`, round, round / 10);
    expect(cache.size).to.be.within(95, 100);
    expect(read(cache, 's4999', 's5000')).to.deep.equal([4999, 499.9]);
    expect(read(cache, 's4899', 's4900')).to.equal(undefined);
  });

  it('keeps what a provider had no road data for, and keeps nothing when disabled', () => {
    const cache = new JourneyCache({ maxRelations: 10, maxAgeMs: 500 });
    cache.write('a', 'b', Number.NaN, Number.NaN);
    expect(read(cache, 'a', 'b')).to.deep.equal([Number.NaN, Number.NaN]);
    const disabled = new JourneyCache({ maxRelations: 0, maxAgeMs: 500 });
    disabled.write('a', 'b', 60, 1);
    expect(read(disabled, 'a', 'b')).to.equal(undefined);
  });
});
