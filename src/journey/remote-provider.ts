import type { MatrixAdapter, MatrixQuery } from './adapter.ts';
import { assembleMatrix, emptyStopJourneys, type StopJourneys } from './assemble.ts';
import { JourneyCache, type RelationTables } from './cache.ts';
import { planRequests, type MatrixBlock } from './cover.ts';
import { estimateJourney } from './estimator.ts';
import type { UpstreamSettings } from './options.ts';
import { indexStops, relationsBetween, type Stop } from './stops.ts';
import type { JourneyProvider, JourneyRuntime, MatrixRequestOptions } from './types.ts';
import { fetchUpstreamJson } from './upstream.ts';

/** Guards `ceil` against binary noise in seconds / 60. */
const ROUNDING_TOLERANCE = 1e-9;

/** A provider of road data over HTTP (ORS or OSRM, by `adapter`), with its own cache. */
export function createRemoteProvider(adapter: MatrixAdapter, settings: UpstreamSettings, runtime: JourneyRuntime = {}): JourneyProvider {
  const cache = new JourneyCache({
    maxRelations: settings.cacheMaxRelations,
    maxAgeMs: settings.cacheMaxAgeSeconds * 1000,
    ...(runtime.now === undefined ? {} : { now: runtime.now }),
  });
  const limits = { maxRelationsPerRequest: settings.maxRelationsPerRequest, maxLocationsPerRequest: settings.maxLocationsPerRequest };

  async function fetchBlock(block: MatrixBlock, stops: readonly Stop[], tables: RelationTables, options: MatrixRequestOptions): Promise<void> {
    const query = queryFor(block, stops);
    const body = await fetchUpstreamJson(adapter.request(settings.baseUrl, settings.apiKey, query), {
      provider: adapter.name,
      settings,
      deadline: options.deadline,
      signal: options.signal,
      logger: runtime.logger,
    });
    const answer = adapter.parse(body, query);
    block.sources.forEach((from, row) => {
      block.destinations.forEach((to, column) => {
        if (from === to) return;
        const cell = from * stops.length + to;
        tables.seconds[cell] = answer.seconds[row]![column] ?? Number.NaN;
        tables.km[cell] = answer.km[row]![column] ?? Number.NaN;
        cache.write(stops[from]!.key, stops[to]!.key, tables.seconds[cell]!, tables.km[cell]!);
      });
    });
  }

  return {
    name: adapter.name,
    plan(places) {
      const { stops } = indexStops(places);
      const { missing, fromCache } = cache.survey(stops.map((stop) => stop.key));
      const blocks = planRequests(stops.length, missing, limits);
      const required = relationsBetween(stops.length);
      return {
        required,
        fromCache,
        upstream: required - fromCache,
        requestedRelations: blocks.reduce((sum, block) => sum + block.sources.length * block.destinations.length, 0),
        requests: blocks.length,
      };
    },
    async matrix(places, options) {
      options.signal?.throwIfAborted();
      const index = indexStops(places);
      const { stops } = index;
      const tables: RelationTables = { seconds: new Float64Array(stops.length ** 2), km: new Float64Array(stops.length ** 2) };
      const { missing } = cache.survey(stops.map((stop) => stop.key), tables);
      const blocks = planRequests(stops.length, missing, limits);
      await runWithConcurrency(blocks, settings.concurrency, options.signal, (block, signal) =>
        fetchBlock(block, stops, tables, { deadline: options.deadline, signal }),
      );
      return assembleMatrix(places, index, toJourneys(tables, stops), []);
    },
  };
}

/** Whole minutes rounded up and km to the metre; the estimator where the provider had no road data. */
function toJourneys(tables: RelationTables, stops: readonly Stop[]): StopJourneys {
  const count = stops.length;
  const journeys = emptyStopJourneys(count);
  for (let from = 0; from < count; from++) {
    for (let to = 0; to < count; to++) {
      if (from === to) continue;
      const cell = from * count + to;
      const seconds = tables.seconds[cell]!;
      const km = tables.km[cell]!;
      if (Number.isNaN(seconds) || Number.isNaN(km)) {
        const estimate = estimateJourney(stops[from]!, stops[to]!);
        journeys.minutes[cell] = estimate.minutes;
        journeys.km[cell] = estimate.km;
        journeys.fallback[cell] = 1;
      } else {
        journeys.minutes[cell] = Math.ceil(seconds / 60 - ROUNDING_TOLERANCE);
        journeys.km[cell] = Math.round(km * 1000) / 1000;
      }
    }
  }
  return journeys;
}

/** The block's stops as request coordinates: sources first, then destinations not already named. */
function queryFor(block: MatrixBlock, stops: readonly Stop[]): MatrixQuery {
  const position = new Map<number, number>();
  const locations = [];
  for (const stop of [...block.sources, ...block.destinations]) {
    if (position.has(stop)) continue;
    position.set(stop, locations.length);
    locations.push({ latitude: stops[stop]!.latitude, longitude: stops[stop]!.longitude });
  }
  return {
    locations,
    sources: block.sources.map((stop) => position.get(stop)!),
    destinations: block.destinations.map((stop) => position.get(stop)!),
  };
}

/**
 * Runs `work` over the items, at most `concurrency` at a time. The first failure cancels the
 * rest (through the signal each piece of work gets) and is what this rejects with.
 */
async function runWithConcurrency<T>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal | undefined,
  work: (item: T, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const cancel = new AbortController();
  const combined = signal === undefined ? cancel.signal : AbortSignal.any([signal, cancel.signal]);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item, combined);
      } catch (error) {
        if (failure === undefined) {
          failure = { error };
          cancel.abort(new Error('journey: cancelled because another request of the same matrix failed'));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure !== undefined) throw failure.error;
}
