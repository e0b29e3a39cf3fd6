import { expect } from 'chai';
import { createJourneyProvider, type JourneyOptions } from '../../src/journey/index.ts';
import { API_KEY } from './support/providers.ts';

function startupError(options: unknown): Error {
  try {
    createJourneyProvider(options as JourneyOptions);
  } catch (error) {
    expect((error as Error).message).not.to.include(API_KEY);
    return error as Error;
  }
  throw new Error('expected createJourneyProvider to throw');
}

describe('journey provider selection', () => {
  it('selects each provider by name', () => {
    expect(createJourneyProvider({ provider: 'estimator' }).name).to.equal('estimator');
    expect(createJourneyProvider({ provider: 'openrouteservice', baseUrl: 'https://api.openrouteservice.org' }).name).to.equal('openrouteservice');
    expect(createJourneyProvider({ provider: 'osrm', baseUrl: 'http://osrm.internal:5000/' }).name).to.equal('osrm');
  });

  it('refuses unknown providers and out-of-range settings, naming the option', () => {
    expect(startupError({ provider: 'google' }).message).to.include('/provider');
    expect(startupError({ provider: 'osrm', baseUrl: 'http://osrm', requestTimeoutMs: 0 }).message).to.include('/requestTimeoutMs');
    expect(startupError({ provider: 'osrm', baseUrl: 'http://osrm', apiKey: API_KEY, maxAttempts: 'three' }).message).to.include('/maxAttempts');
  });

  it('needs an http(s) base address for a road-data provider', () => {
    expect(startupError({ provider: 'openrouteservice' }).message).to.include('needs a baseUrl');
    expect(startupError({ provider: 'osrm', baseUrl: 'osrm.internal' }).message).to.include('not an absolute URL');
    expect(startupError({ provider: 'osrm', baseUrl: 'ftp://osrm.internal' }).message).to.include('http or https');
  });

  it('refuses a key placed in the base address, without repeating it', () => {
    startupError({ provider: 'openrouteservice', baseUrl: `https://api.openrouteservice.org?api_key=${API_KEY}` });
    startupError({ provider: 'openrouteservice', baseUrl: `https://user:${API_KEY}@api.openrouteservice.org` });
  });
});
