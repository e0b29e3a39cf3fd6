import { expect } from 'chai';
import { MatrixServer } from './support/matrix-servers.ts';
import { BIRMINGHAM, LONDON, MANCHESTER } from './support/places.ts';
import { API_KEY, modelMatrices, providerFor, soon } from './support/providers.ts';

describe('osrm wire format', () => {
  let server: MatrixServer;
  beforeEach(async () => {
    server = await MatrixServer.start('osrm');
  });
  afterEach(async () => {
    await server.close();
  });

  it('gets the table with duration and distance annotations, the key only in the Authorization header', async () => {
    const places = [LONDON, BIRMINGHAM, MANCHESTER];
    const matrix = await providerFor('osrm', server.baseUrl).matrix(places, { deadline: soon() });
    expect(server.requests).to.have.length(1);
    const [request] = server.requests;
    expect(request!.method).to.equal('GET');
    expect(request!.url).to.equal(
      '/table/v1/driving/-0.1278,51.5074;-1.8904,52.4862;-2.2426,53.4808?sources=0;1;2&destinations=0;1;2&annotations=duration,distance',
    );
    expect(request!.headers.authorization).to.equal(API_KEY);
    expect(request!.url).not.to.include(API_KEY);
    expect(matrix.km, 'metres become km').to.deep.equal(modelMatrices(places).km);
  });

  it('sends coordinates rounded to 5 decimals', async () => {
    const precise = { id: 'precise', latitude: 51.123456789, longitude: -0.987654321 };
    await providerFor('osrm', server.baseUrl).matrix([precise, LONDON], { deadline: soon() });
    expect(server.requests[0]!.url).to.match(/^\/table\/v1\/driving\/-0\.98765,51\.12346;/);
  });
});
