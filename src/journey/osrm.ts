import { expectObject, readTable, type MatrixAdapter } from './adapter.ts';
import { invalidResponse } from './upstream.ts';

/**
 * OSRM table API, `GET {base}/table/v1/driving/{lon,lat;...}?sources=..&destinations=..&annotations=duration,distance`.
 * Durations in seconds, distances in metres. The profile segment is ignored by osrm-routed: the
 * server must be built with an HGV profile. OSRM has no authentication of its own; a configured key
 * is sent as the `Authorization` header for a server behind an authenticating gateway.
 * https://project-osrm.org/docs/v5.24.0/api/#table-service
 */
export const osrm: MatrixAdapter = {
  name: 'osrm',
  profile: 'driving',
  request(baseUrl, apiKey, query) {
    const coordinates = query.locations.map(({ latitude, longitude }) => `${longitude},${latitude}`).join(';');
    const parameters = `sources=${query.sources.join(';')}&destinations=${query.destinations.join(';')}&annotations=duration,distance`;
    return {
      method: 'GET',
      url: `${baseUrl}/table/v1/driving/${coordinates}?${parameters}`,
      headers: { Accept: 'application/json', ...(apiKey === undefined ? {} : { Authorization: apiKey }) },
    };
  },
  parse(body, query) {
    const answer = expectObject('osrm', body);
    if (answer.code !== 'Ok') throw invalidResponse('osrm', 'a "code" other than "Ok"');
    return {
      seconds: readTable('osrm', answer, 'durations', query.sources.length, query.destinations.length),
      km: readTable('osrm', answer, 'distances', query.sources.length, query.destinations.length, 1 / 1000),
    };
  },
};
