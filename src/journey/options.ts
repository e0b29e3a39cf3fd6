import Type from 'typebox';
import { Value } from 'typebox/value';
import { MAX_CACHED_RELATIONS } from './cache.ts';

export const JOURNEY_PROVIDER_NAMES = ['estimator', 'openrouteservice', 'osrm'] as const;
export type JourneyProviderName = (typeof JOURNEY_PROVIDER_NAMES)[number];

/** Defaults of the optional settings (the per-provider request limits are in PROVIDER_REQUEST_LIMITS). */
export const JOURNEY_DEFAULTS = {
  requestTimeoutMs: 10_000,
  maxAttempts: 3,
  retryBaseDelayMs: 250,
  concurrency: 4,
  // A full 500-place matrix (249,500 relations) fits; about 17 MB (see bench/journey.ts).
  cacheMaxRelations: 250_000,
  // Road data without live traffic changes slowly; a day bounds the staleness of road works.
  cacheMaxAgeSeconds: 86_400,
  unavailableRetryAfterSeconds: 30,
} as const;

/**
 * Configuration of the journey layer. `src/config` builds it from the environment
 * (`JOURNEY_PROVIDER`, `JOURNEY_BASE_URL`, `JOURNEY_API_KEY`, ...; see docs/journey.md);
 * nothing here comes from a planning request.
 */
export const JourneyOptions = Type.Object(
  {
    provider: Type.Enum(JOURNEY_PROVIDER_NAMES, { default: 'estimator' }),
    baseUrl: Type.Optional(Type.String({ minLength: 1, description: 'http(s) base address of the provider; required unless `estimator`' })),
    apiKey: Type.Optional(Type.String({ minLength: 1, description: 'Sent only as the `Authorization` header' })),
    requestTimeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000, default: JOURNEY_DEFAULTS.requestTimeoutMs })),
    maxAttempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: JOURNEY_DEFAULTS.maxAttempts, description: 'Attempts per upstream request, retries included' })),
    retryBaseDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 60_000, default: JOURNEY_DEFAULTS.retryBaseDelayMs, description: 'Backoff before retry n is base * 2^(n-1), unless the provider sends Retry-After' })),
    maxRelationsPerRequest: Type.Optional(Type.Integer({ minimum: 1, description: 'sources x destinations per upstream request; default 3500 (ORS), 10000 (OSRM)' })),
    maxLocationsPerRequest: Type.Optional(Type.Integer({ minimum: 2, description: 'coordinates per upstream request; default 3500 (ORS), 200 (OSRM)' })),
    concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 32, default: JOURNEY_DEFAULTS.concurrency, description: 'Upstream requests in flight at once for one matrix' })),
    cacheMaxRelations: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CACHED_RELATIONS, default: JOURNEY_DEFAULTS.cacheMaxRelations, description: 'Relations kept in the in-process cache; 0 disables it' })),
    cacheMaxAgeSeconds: Type.Optional(Type.Integer({ minimum: 0, default: JOURNEY_DEFAULTS.cacheMaxAgeSeconds, description: 'Age after which a cached relation is asked again' })),
    unavailableRetryAfterSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600, default: JOURNEY_DEFAULTS.unavailableRetryAfterSeconds, description: 'Retry-After for a 503 when the provider did not give one' })),
  },
  { additionalProperties: false, title: 'JourneyOptions' },
);
export type JourneyOptions = Type.Static<typeof JourneyOptions>;

/** The options of a road-data provider with every default applied. */
export type UpstreamSettings = Required<Omit<JourneyOptions, 'provider' | 'apiKey'>> & { apiKey: string | undefined };

/** Size limits of one upstream request, per provider (see docs/journey.md for their sources). */
export const PROVIDER_REQUEST_LIMITS = {
  // ORS public API: at most 3500 sources x destinations per matrix request; no separate cap on locations.
  openrouteservice: { maxRelationsPerRequest: 3500, maxLocationsPerRequest: 3500 },
  // osrm-routed --max-table-size defaults to 100 and caps sources x destinations at 100 x 100;
  // 200 coordinates keep the GET URL near 4 KB, under common proxy limits (8 KB).
  osrm: { maxRelationsPerRequest: 10_000, maxLocationsPerRequest: 200 },
} as const;

/** Throws a plain Error (a start-up configuration failure) naming each invalid option; never echoes values. */
export function checkJourneyOptions(options: unknown): asserts options is JourneyOptions {
  if (Value.Check(JourneyOptions, options)) return;
  const problems = Value.Errors(JourneyOptions, options).map((error) => `${error.instancePath || '/'} ${error.message}`);
  throw new Error(`journey: invalid options: ${problems.join('; ')}`);
}

/** The base address without a trailing slash; it must not carry credentials, a query or a fragment (keys go in headers). */
function checkBaseUrl(provider: string, baseUrl: string | undefined): string {
  if (baseUrl === undefined) throw new Error(`journey: provider ${provider} needs a baseUrl (JOURNEY_BASE_URL)`);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`journey: baseUrl of ${provider} is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`journey: baseUrl of ${provider} must be http or https`);
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new Error(`journey: baseUrl of ${provider} must not contain credentials, a query or a fragment; the API key goes in JOURNEY_API_KEY`);
  }
  return url.href.replace(/\/+$/, '');
}

export function upstreamSettings(provider: 'openrouteservice' | 'osrm', options: JourneyOptions): UpstreamSettings {
  const limits = PROVIDER_REQUEST_LIMITS[provider];
  return {
    baseUrl: checkBaseUrl(provider, options.baseUrl),
    apiKey: options.apiKey,
    requestTimeoutMs: options.requestTimeoutMs ?? JOURNEY_DEFAULTS.requestTimeoutMs,
    maxAttempts: options.maxAttempts ?? JOURNEY_DEFAULTS.maxAttempts,
    retryBaseDelayMs: options.retryBaseDelayMs ?? JOURNEY_DEFAULTS.retryBaseDelayMs,
    maxRelationsPerRequest: options.maxRelationsPerRequest ?? limits.maxRelationsPerRequest,
    maxLocationsPerRequest: options.maxLocationsPerRequest ?? limits.maxLocationsPerRequest,
    concurrency: options.concurrency ?? JOURNEY_DEFAULTS.concurrency,
    cacheMaxRelations: options.cacheMaxRelations ?? JOURNEY_DEFAULTS.cacheMaxRelations,
    cacheMaxAgeSeconds: options.cacheMaxAgeSeconds ?? JOURNEY_DEFAULTS.cacheMaxAgeSeconds,
    unavailableRetryAfterSeconds: options.unavailableRetryAfterSeconds ?? JOURNEY_DEFAULTS.unavailableRetryAfterSeconds,
  };
}
