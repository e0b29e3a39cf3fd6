import { expect } from 'chai';
import { estimateJourney, type JourneyPlace } from '../../src/journey/index.ts';
import { MatrixServer, type LonLat } from './support/matrix-servers.ts';
import { BRISTOL, CITIES, LEEDS, LONDON, gridPlaces } from './support/places.ts';
import { FORMATS, decoded, modelMatrices, providerFor, soon } from './support/providers.ts';

const sameLonLat = (a: LonLat, b: JourneyPlace) => a[0] === b.longitude && a[1] === b.latitude;

for (const format of FORMATS) {
  describe(`${format} provider over HTTP`, () => {
    let server: MatrixServer;
    beforeEach(async () => {
      server = await MatrixServer.start(format);
    });
    afterEach(async () => {
      await server.close();
    });

    it('returns the server\'s journeys in place order, minutes rounded up, with no warnings', async () => {
      const provider = providerFor(format, server.baseUrl);
      const matrix = await provider.matrix(CITIES, { deadline: soon() });
      expect(provider.name).to.equal(format);
      expect(matrix.placeIds).to.deep.equal(CITIES.map((place) => place.id));
      expect({ minutes: matrix.minutes, km: matrix.km }).to.deep.equal(modelMatrices(CITIES));
      expect(matrix.minutes[0]![1]).not.to.equal(matrix.minutes[1]![0]);
      expect(matrix.estimatedPairs).to.equal(0);
      expect(matrix.warnings).to.deep.equal([]);
      expect(server.requests).to.have.length(1);
    });

    it('chunks a large matrix to the size limit and reassembles it exactly', async () => {
      const places = gridPlaces(12);
      const provider = providerFor(format, server.baseUrl, { maxRelationsPerRequest: 20 });
      expect(provider.plan(places)).to.deep.equal({ required: 132, fromCache: 0, upstream: 132, requestedRelations: 144, requests: 8 });
      const matrix = await provider.matrix(places, { deadline: soon() });
      expect({ minutes: matrix.minutes, km: matrix.km }).to.deep.equal(modelMatrices(places));
      const queries = decoded(format, server);
      expect(queries.map((query) => [query.sources.length, query.destinations.length])).to.deep.equal(Array(8).fill([3, 6]));
      const asked = new Set(queries.flatMap((query) => query.sources.flatMap((source) => query.destinations.map((destination) => `${query.locations[source]}>${query.locations[destination]}`))));
      expect(asked.size).to.equal(144);
    });

    it('respects a limit on coordinates per request', async () => {
      const places = gridPlaces(12);
      const provider = providerFor(format, server.baseUrl, { maxRelationsPerRequest: 100, maxLocationsPerRequest: 10 });
      const matrix = await provider.matrix(places, { deadline: soon() });
      expect({ minutes: matrix.minutes, km: matrix.km }).to.deep.equal(modelMatrices(places));
      for (const query of decoded(format, server)) expect(query.locations.length).to.be.at.most(10);
    });

    it('answers repeated places from its cache, spending no new relations upstream', async () => {
      const provider = providerFor(format, server.baseUrl);
      const first = await provider.matrix(CITIES, { deadline: soon() });
      expect(provider.plan(CITIES)).to.deep.equal({ required: 20, fromCache: 20, upstream: 0, requestedRelations: 0, requests: 0 });
      const second = await provider.matrix([...CITIES].reverse(), { deadline: soon() });
      expect(server.requests).to.have.length(1);
      expect(second.minutes[4]![3]).to.equal(first.minutes[0]![1]);

      const leedsDepot: JourneyPlace = { id: 'leeds-depot', latitude: 53.75, longitude: -1.6 };
      expect(provider.plan([...CITIES, leedsDepot])).to.include({ required: 30, fromCache: 20, upstream: 10, requests: 1 });
      const third = await provider.matrix([...CITIES, leedsDepot], { deadline: soon() });
      expect({ minutes: third.minutes, km: third.km }).to.deep.equal(modelMatrices([...CITIES, leedsDepot]));
      expect(server.requests).to.have.length(2);
    });

    it('asks again once cached journeys are older than the age bound', async () => {
      let now = 0;
      const provider = providerFor(format, server.baseUrl, { cacheMaxAgeSeconds: 60 }, { now: () => now });
      await provider.matrix(CITIES, { deadline: soon() });
      now += 59_000;
      await provider.matrix(CITIES, { deadline: soon() });
      expect(server.requests).to.have.length(1);
      now += 1_000;
      await provider.matrix(CITIES, { deadline: soon() });
      expect(server.requests).to.have.length(2);
    });

    it('keeps the cache within its size bound', async () => {
      const provider = providerFor(format, server.baseUrl, { cacheMaxRelations: 10 });
      await provider.matrix(CITIES, { deadline: soon() });
      expect(provider.plan(CITIES).fromCache).to.equal(10);
      await provider.matrix(CITIES, { deadline: soon() });
      expect(server.requests).to.have.length(2);
    });

    it('asks once about places at the same stop and gives zero between them', async () => {
      const provider = providerFor(format, server.baseUrl);
      const yard: JourneyPlace = { id: 'leeds-yard', latitude: LEEDS.latitude, longitude: LEEDS.longitude };
      const matrix = await provider.matrix([LEEDS, yard, LONDON], { deadline: soon() });
      expect(decoded(format, server)[0]!.locations).to.have.length(2);
      expect(matrix.minutes[0]![1]).to.equal(0);
      expect(matrix.minutes[1]![2]).to.equal(matrix.minutes[0]![2]);
    });

    it('fills pairs without road data from the estimator and names the places affected', async () => {
      await server.close();
      server = await MatrixServer.start(format, { noRoute: (from, to) => sameLonLat(from, LONDON) && sameLonLat(to, BRISTOL) });
      const provider = providerFor(format, server.baseUrl);
      for (let round = 0; round < 2; round++) {
        const matrix = await provider.matrix(CITIES, { deadline: soon() });
        expect(matrix.estimatedPairs).to.equal(1);
        expect(matrix.fallback[0]![4]).to.equal(true);
        expect(matrix.minutes[0]![4]).to.equal(estimateJourney(LONDON, BRISTOL).minutes);
        expect(matrix.km[0]![4]).to.equal(estimateJourney(LONDON, BRISTOL).km);
        expect(matrix.minutes[4]![0]).to.equal(modelMatrices(CITIES).minutes[4]![0]);
        expect(matrix.warnings).to.have.length(1);
        expect(matrix.warnings[0]).to.include({ code: 'routing_profile_incomplete' });
        expect(matrix.warnings[0]!.affected_ids).to.deep.equal(['london', 'bristol']);
      }
      expect(server.requests, 'the null answer is cached too').to.have.length(1);
    });
  });
}
