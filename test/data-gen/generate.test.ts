import { expect } from 'chai';
import { generate, toJson, type GenerateOptions } from '../../data-gen/index.ts';
import { localTime, plannabilityProblems, referenceProblems, writtenOffset } from './support/snapshot-invariants.ts';
import { expectValid } from './support/validate.ts';

type Json = Record<string, any>;
const json = (options: GenerateOptions) => toJson(generate(options).snapshot);
const snapshotOf = (options: GenerateOptions): Json => JSON.parse(json(options));

describe('data-gen generate', () => {
  it('gives byte-identical JSON for the same options', () => {
    const options: GenerateOptions = { preset: 'medium', seed: 42, days: 2, start: '2026-05-11', booking: 7 };
    expect(json(options)).to.equal(json(options));
  });

  it('gives different snapshots for different seeds', () => {
    const [one, two] = [snapshotOf({ preset: 'small', seed: 1 }), snapshotOf({ preset: 'small', seed: 2 })];
    expect(one.movements).to.not.deep.equal(two.movements);
    expect(one.drivers).to.not.deep.equal(two.drivers);
    expect(one.nuggets).to.not.deep.equal(two.nuggets);
  });

  it('starts by default on Monday 2 March 2026, a one-day period read the evening before', () => {
    const snapshot = snapshotOf({ preset: 'tiny' });
    expect(snapshot.planning_period).to.deep.equal({ start: '2026-03-02T00:00:00+00:00', end: '2026-03-03T00:00:00+00:00' });
    expect(snapshot.data_as_of).to.equal('2026-03-01T18:00:00+00:00');
    expect(snapshot.timezone).to.equal('Europe/London');
  });

  it('spreads the legs over --days operating days from --start', () => {
    const snapshot = snapshotOf({ preset: 'small', start: '2026-06-15', days: 3 });
    expect(snapshot.planning_period).to.deep.equal({ start: '2026-06-15T00:00:00+01:00', end: '2026-06-18T00:00:00+01:00' });
    const days = new Set(snapshot.movements.map((leg: Json) => (leg.window ?? leg.pickup_window).start.slice(0, 10)));
    expect(days.size).to.be.at.least(2);
    expect(referenceProblems(snapshot)).to.deep.equal([]);
    expect(plannabilityProblems(snapshot)).to.deep.equal([]);
  });

  it('keeps local shift times across the change to British Summer Time', () => {
    // Friday 27 March to Monday 30 March 2026: the clocks go forward on Sunday 29 March.
    const snapshot = snapshotOf({ preset: 'medium', start: '2026-03-27', days: 4 });
    expectValid('manifests', snapshot);
    const both = snapshot.drivers.filter((driver: Json) => {
      const dates = driver.availability.map((window: Json) => window.start.slice(0, 10));
      return dates.includes('2026-03-27') && dates.includes('2026-03-30');
    });
    expect(both.length).to.be.greaterThan(10);
    for (const driver of both) {
      const friday = driver.availability.find((window: Json) => window.start.startsWith('2026-03-27'));
      const monday = driver.availability.find((window: Json) => window.start.startsWith('2026-03-30'));
      expect(writtenOffset(friday.start)).to.equal('+00:00');
      expect(writtenOffset(monday.start)).to.equal('+01:00');
      expect(localTime(monday.start), driver.id).to.equal(localTime(friday.start));
      // Same local time, one hour less of UTC between them: the instants really moved.
      expect(Date.parse(monday.start) - Date.parse(friday.start)).to.equal((3 * 24 - 1) * 3_600_000);
    }
  });

  it('reads --start given as a date-time as its local date', () => {
    const fromDate = json({ preset: 'tiny', start: '2026-03-10' });
    // 00:30 UTC on the 10th is still the 10th in London; 23:30 UTC on the 9th is too, an hour later in BST.
    expect(json({ preset: 'tiny', start: '2026-03-09T23:30:00-01:00' })).to.equal(fromDate);
    expect(json({ preset: 'tiny', start: '2026-06-09T23:30:00Z' })).to.equal(json({ preset: 'tiny', start: '2026-06-10' }));
  });

  describe('--booking', () => {
    it('adds exactly K proposed legs and changes nothing else', () => {
      const base = snapshotOf({ preset: 'small', seed: 9 });
      const withBooking = snapshotOf({ preset: 'small', seed: 9, booking: 12 });
      expect(withBooking.new_movements).to.have.length(12);
      const { new_movements: _proposed, ...rest } = withBooking;
      expect(JSON.stringify(rest)).to.equal(JSON.stringify(base));
    });

    it('is a booking-check request whose proposals use only what accepted legs leave free', () => {
      for (const [preset, count] of [['tiny', 1], ['medium', 100]] as const) {
        const snapshot = snapshotOf({ preset, booking: count });
        expectValid('booking_checks', snapshot);
        const named = new Set(snapshot.movements.flatMap((leg: Json) => leg.nugget_ids ?? (leg.nugget_id ? [leg.nugget_id] : [])));
        const proposedNuggets = snapshot.new_movements.flatMap((leg: Json) => leg.nugget_ids ?? (leg.nugget_id ? [leg.nugget_id] : []));
        expect(proposedNuggets.filter((id: string) => named.has(id))).to.deep.equal([]);
        expect(new Set(proposedNuggets).size).to.equal(proposedNuggets.length);
        const nuggets = new Map<string, Json>(snapshot.nuggets.map((nugget: Json) => [nugget.id, nugget]));
        for (const leg of snapshot.new_movements) {
          for (const id of leg.nugget_ids ?? (leg.nugget_id ? [leg.nugget_id] : [])) {
            expect(nuggets.get(id)?.location_id, `${leg.id} picks ${id} up where it is`).to.equal(leg.origin_id ?? leg.location_id);
          }
        }
        expect(plannabilityProblems(snapshot)).to.deep.equal([]);
      }
    });
  });
});
