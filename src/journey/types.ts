import type { Place, PlanningWarning } from '../contract/index.ts';
import type { JourneyProviderName } from './options.ts';

/** What the journey layer needs of a place; a contract `Place` can be passed as it is. */
export type JourneyPlace = Pick<Place, 'id' | 'latitude' | 'longitude'>;

/** Journey data between every ordered pair of the places asked about, in their order. */
export interface JourneyMatrix {
  /** The place ids, in the index order of every matrix below. */
  placeIds: string[];
  /** `minutes[i][j]`: HGV driving time from place i to place j in whole minutes, rounded up; 0 on the diagonal and between places at the same stop. */
  minutes: number[][];
  /** `km[i][j]`: road distance from place i to place j in km (3 decimals). */
  km: number[][];
  /** `fallback[i][j]`: the provider had no road data for this pair (it answered null), so the embedded estimator filled it in. */
  fallback: boolean[][];
  /** Number of `true` entries in `fallback`. */
  estimatedPairs: number;
  /** `routing_profile_provisional` (estimator answers) and/or `routing_profile_incomplete` (fallback pairs, with the affected place ids). */
  warnings: PlanningWarning[];
}

export interface MatrixRequestOptions {
  /** Epoch milliseconds by which the answer is needed; no upstream call or retry is started after it. */
  deadline: number;
  /** Cancels the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** How a request over some places will be served (see `JourneyProvider.plan`). */
export interface RelationPlan {
  /** `relationCount(places)`: ordered pairs of distinct stops. What the trial limits count. */
  required: number;
  /** Required relations the cache holds now (0 for the estimator, which needs no cache). */
  fromCache: number;
  /** Required relations to fetch from the provider: `required - fromCache`, or 0 for the estimator. */
  upstream: number;
  /** Relations the upstream requests will carry (sources x destinations summed); at least `upstream`, as matrix requests are rectangles. */
  requestedRelations: number;
  /** Upstream HTTP requests, before any retry. */
  requests: number;
}

export interface JourneyProvider {
  /** The configured provider, for logs and evidence; the planner must not branch on it. */
  readonly name: JourneyProviderName;
  /** How a request over these places would be served right now. Calls nothing upstream and changes nothing. */
  plan(places: readonly JourneyPlace[]): RelationPlan;
  /** Journey times and distances between every ordered pair of the places. */
  matrix(places: readonly JourneyPlace[], options: MatrixRequestOptions): Promise<JourneyMatrix>;
}

/** Structured logging the journey layer uses for retries; a pino logger fits. Fields never carry keys, URLs or coordinates. */
export interface JourneyLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Collaborators that are not configuration: injected by main.ts and by tests. */
export interface JourneyRuntime {
  logger?: JourneyLogger;
  /** Clock for the cache's age bound (epoch ms); defaults to `Date.now`. Deadlines always use the real clock. */
  now?: () => number;
}
