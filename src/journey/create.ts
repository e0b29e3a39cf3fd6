import { createEstimatorProvider } from './estimator-provider.ts';
import { checkJourneyOptions, upstreamSettings, type JourneyOptions, type JourneyProviderName } from './options.ts';
import { openRouteService } from './openrouteservice.ts';
import { osrm } from './osrm.ts';
import { createRemoteProvider } from './remote-provider.ts';
import type { JourneyProvider, JourneyRuntime } from './types.ts';

const FACTORIES: Record<JourneyProviderName, (options: JourneyOptions, runtime: JourneyRuntime) => JourneyProvider> = {
  estimator: () => createEstimatorProvider(),
  openrouteservice: (options, runtime) => createRemoteProvider(openRouteService, upstreamSettings('openrouteservice', options), runtime),
  osrm: (options, runtime) => createRemoteProvider(osrm, upstreamSettings('osrm', options), runtime),
};

/**
 * The configured journey provider; create one at start-up and share it (it owns the cache).
 * Throws a plain Error on invalid options (a start-up failure), never quoting the API key.
 */
export function createJourneyProvider(options: JourneyOptions, runtime: JourneyRuntime = {}): JourneyProvider {
  checkJourneyOptions(options);
  return FACTORIES[options.provider](options, runtime);
}
