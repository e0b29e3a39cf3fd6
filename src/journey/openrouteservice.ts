import { expectObject, readTable, type MatrixAdapter } from './adapter.ts';

/**
 * OpenRouteService matrix API, `POST {base}/v2/matrix/driving-hgv`. Durations come in seconds,
 * distances in the requested unit (km). The key goes in the `Authorization` header, raw, as
 * ORS expects. https://openrouteservice.org/dev/#/api-docs/v2/matrix/{profile}/post
 */
export const openRouteService: MatrixAdapter = {
  name: 'openrouteservice',
  profile: 'driving-hgv',
  request(baseUrl, apiKey, query) {
    return {
      method: 'POST',
      url: `${baseUrl}/v2/matrix/driving-hgv`,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(apiKey === undefined ? {} : { Authorization: apiKey }),
      },
      body: JSON.stringify({
        locations: query.locations.map(({ latitude, longitude }) => [longitude, latitude]),
        sources: query.sources,
        destinations: query.destinations,
        metrics: ['duration', 'distance'],
        units: 'km',
      }),
    };
  },
  parse(body, query) {
    const answer = expectObject('openrouteservice', body);
    return {
      seconds: readTable('openrouteservice', answer, 'durations', query.sources.length, query.destinations.length),
      km: readTable('openrouteservice', answer, 'distances', query.sources.length, query.destinations.length),
    };
  },
};
