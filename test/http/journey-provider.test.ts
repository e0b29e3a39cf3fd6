import { expect } from 'chai';
import { MatrixServer, modelSeconds, type LonLat } from '../journey/support/matrix-servers.ts';
import { readExample, startTestService, type TestService } from '../support/service.ts';

/**
 * A service configured with a road-matrix provider plans with that provider's journeys: every
 * drive of the manifest lasts exactly the server's duration, in whole minutes rounded up.
 */
describe('service over HTTP with an OSRM journey provider', function () {
  this.timeout(120_000);
  let matrix: MatrixServer;
  let service: TestService;

  before(async () => {
    matrix = await MatrixServer.start('osrm', { apiKey: 'osrm-secret-key' });
    service = await startTestService({ JOURNEY_PROVIDER: 'osrm', JOURNEY_BASE_URL: matrix.baseUrl, JOURNEY_API_KEY: 'osrm-secret-key' });
  });
  after(async () => {
    await service?.stop();
    await matrix?.close();
  });

  it('plans the tiny example with exactly the durations the server returns, and keeps its key out of the logs', async () => {
    const request = readExample('tiny.json');
    const response = await fetch(`${service.baseUrl}/v1/manifests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = (await response.json()) as any;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    expect(body.evidence.validation).to.equal('passed');
    expect(matrix.requests.length).to.be.greaterThan(0);
    // road data, not the estimator: no provisional-profile warning
    expect((body.warnings ?? []).map((warning: any) => warning.code)).not.to.include('routing_profile_provisional');

    const where = new Map<string, LonLat>(request.locations.map((place: any) => [place.id, [place.longitude, place.latitude] as LonLat]));
    const drives = body.manifests.flatMap((manifest: any) => manifest.activities).filter((activity: any) => activity.type === 'drive');
    expect(drives.length).to.be.greaterThan(0);
    for (const drive of drives) {
      const minutes = (Date.parse(drive.end) - Date.parse(drive.start)) / 60_000;
      const expected = Math.ceil(modelSeconds(where.get(drive.from_location_id)!, where.get(drive.to_location_id)!) / 60);
      expect(minutes, `${drive.from_location_id} -> ${drive.to_location_id}`).to.equal(expected);
    }
    expect(service.logLines.join('\n')).not.to.include('osrm-secret-key');
  });
});
