import { expect } from 'chai';
import { MatrixServer } from './support/matrix-servers.ts';
import { BIRMINGHAM, CITIES, LONDON } from './support/places.ts';
import { API_KEY, providerFor, soon } from './support/providers.ts';

describe('openrouteservice wire format', () => {
  let server: MatrixServer;
  beforeEach(async () => {
    server = await MatrixServer.start('openrouteservice', { apiKey: API_KEY });
  });
  afterEach(async () => {
    await server.close();
  });

  it('posts the driving-hgv matrix request with the key only in the Authorization header', async () => {
    await providerFor('openrouteservice', server.baseUrl).matrix([LONDON, BIRMINGHAM], { deadline: soon() });
    expect(server.requests).to.have.length(1);
    const [request] = server.requests;
    expect(request!.method).to.equal('POST');
    expect(request!.url).to.equal('/v2/matrix/driving-hgv');
    expect(request!.headers['content-type']).to.equal('application/json');
    expect(request!.headers.authorization).to.equal(API_KEY);
    expect(JSON.parse(request!.body)).to.deep.equal({
      locations: [[LONDON.longitude, LONDON.latitude], [BIRMINGHAM.longitude, BIRMINGHAM.latitude]],
      sources: [0, 1],
      destinations: [0, 1],
      metrics: ['duration', 'distance'],
      units: 'km',
    });
    const elsewhere = { ...request!.headers, authorization: undefined };
    expect(`${request!.url} ${request!.body} ${JSON.stringify(elsewhere)}`).not.to.include(API_KEY);
  });

  it('sends no Authorization header when no key is configured', async () => {
    await server.close();
    server = await MatrixServer.start('openrouteservice');
    await providerFor('openrouteservice', server.baseUrl, { apiKey: undefined }).matrix(CITIES, { deadline: soon() });
    expect(server.requests[0]!.headers).not.to.have.property('authorization');
  });
});
