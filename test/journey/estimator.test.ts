import { expect } from 'chai';
import fc from 'fast-check';
import {
  MANOEUVRING_MINUTES,
  SPEED_BANDS,
  SPEED_LIMITER_KMH,
  createJourneyProvider,
  drivingHours,
  estimateJourney,
  type JourneyPlace,
} from '../../src/journey/index.ts';
import { BIRMINGHAM, BRISTOL, CITIES, LEEDS, LONDON, MANCHESTER } from './support/places.ts';

const farFuture = () => Date.now() + 60_000;

/** Places anywhere in Great Britain (a generous bounding box). */
const britishPlace = fc.record({
  id: fc.constant('x'),
  latitude: fc.double({ min: 50, max: 58.6, noNaN: true }),
  longitude: fc.double({ min: -6, max: 1.8, noNaN: true }),
});

describe('journey estimator', () => {
  it('gives an HGV about three hours from London to Birmingham', () => {
    const journey = estimateJourney(LONDON, BIRMINGHAM);
    expect(journey.minutes).to.be.within(150, 210);
    expect(journey.km).to.be.within(190, 230);
  });

  it('keeps short urban hops slow and long trunk journeys fast but under the 90 km/h limiter', () => {
    const twoKmAway = { latitude: LEEDS.latitude + 2 / 111.2, longitude: LEEDS.longitude };
    const hop = estimateJourney(LEEDS, twoKmAway);
    expect(hop.km / (hop.minutes / 60)).to.be.below(30);
    const trunk = drivingHours(400);
    expect(400 / trunk).to.be.within(70, SPEED_LIMITER_KMH);
    expect(SPEED_BANDS.every((band) => band.kmh < SPEED_LIMITER_KMH)).to.equal(true);
  });

  it('is never faster than 90 km/h, over road or straight-line distance', () => {
    fc.assert(
      fc.property(britishPlace, britishPlace, (from, to) => {
        const journey = estimateJourney(from, to);
        if (journey.km === 0) return;
        expect(journey.km / (journey.minutes / 60)).to.be.at.most(SPEED_LIMITER_KMH);
      }),
    );
    expect(20_000 / drivingHours(20_000)).to.be.below(SPEED_LIMITER_KMH);
  });

  it('takes longer for every longer distance, with no jump at band edges', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2000, noNaN: true }), fc.double({ min: 1e-6, max: 500, noNaN: true }), (shorter, extra) => {
        expect(drivingHours(shorter + extra)).to.be.greaterThan(drivingHours(shorter));
      }),
    );
    for (const { untilKm } of SPEED_BANDS.slice(0, -1)) {
      expect(drivingHours(untilKm + 1e-9) - drivingHours(untilKm - 1e-9)).to.be.below(1e-6);
    }
  });

  it('is symmetric and never beats a detour via a third place', () => {
    fc.assert(
      fc.property(britishPlace, britishPlace, britishPlace, (a, b, c) => {
        expect(estimateJourney(a, b)).to.deep.equal(estimateJourney(b, a));
        expect(estimateJourney(a, c).minutes).to.be.at.most(estimateJourney(a, b).minutes + estimateJourney(b, c).minutes);
      }),
    );
  });

  it('adds the manoeuvring allowance to every journey and nothing between equal points', () => {
    const oneMetre = { latitude: LONDON.latitude + 1 / 111_200, longitude: LONDON.longitude };
    expect(estimateJourney(LONDON, oneMetre).minutes).to.equal(MANOEUVRING_MINUTES + 1);
    expect(estimateJourney(LONDON, LONDON)).to.deep.equal({ minutes: 0, km: 0 });
  });
});

describe('estimator provider', () => {
  const provider = createJourneyProvider({ provider: 'estimator' });

  it('answers every ordered pair in place order, zero on the diagonal, always provisional', async () => {
    const matrix = await provider.matrix(CITIES, { deadline: farFuture() });
    expect(provider.name).to.equal('estimator');
    expect(matrix.placeIds).to.deep.equal(['london', 'birmingham', 'manchester', 'leeds', 'bristol']);
    expect(matrix.minutes[0]![1]).to.equal(estimateJourney(LONDON, BIRMINGHAM).minutes);
    expect(matrix.km[2]![4]).to.equal(estimateJourney(MANCHESTER, BRISTOL).km);
    CITIES.forEach((_, index) => {
      expect(matrix.minutes[index]![index]).to.equal(0);
      expect(matrix.km[index]![index]).to.equal(0);
    });
    expect(matrix.estimatedPairs).to.equal(0);
    expect(matrix.fallback.flat().some(Boolean)).to.equal(false);
    expect(matrix.warnings).to.have.length(1);
    expect(matrix.warnings[0]).to.include({ code: 'routing_profile_provisional' });
    expect(matrix.warnings[0]!.affected_ids).to.deep.equal([]);
  });

  it('is deterministic', async () => {
    const first = await provider.matrix(CITIES, { deadline: farFuture() });
    const second = await provider.matrix(CITIES, { deadline: farFuture() });
    expect(second).to.deep.equal(first);
  });

  it('treats places at the same stop as one: zero between them, the same journeys elsewhere', async () => {
    const yardGate: JourneyPlace = { id: 'leeds-gate', latitude: LEEDS.latitude + 0.000004, longitude: LEEDS.longitude };
    const matrix = await provider.matrix([LEEDS, yardGate, LONDON], { deadline: farFuture() });
    expect(matrix.minutes[0]![1]).to.equal(0);
    expect(matrix.minutes[1]![2]).to.equal(matrix.minutes[0]![2]);
    expect(provider.plan([LEEDS, yardGate, LONDON])).to.deep.equal({ required: 2, fromCache: 0, upstream: 0, requestedRelations: 0, requests: 0 });
  });

  it('still says provisional when there is nothing to estimate', async () => {
    const matrix = await provider.matrix([LONDON], { deadline: farFuture() });
    expect(matrix.minutes).to.deep.equal([[0]]);
    expect(matrix.warnings.map((warning) => warning.code)).to.deep.equal(['routing_profile_provisional']);
  });
});
