import { expect } from 'chai';
import { ServiceError } from '../../../src/contract/index.ts';
import { createJourneyProvider, type JourneyOptions, type JourneyPlace, type JourneyRuntime } from '../../../src/journey/index.ts';
import { decodeQuery, modelKm, modelSeconds, type MatrixFormat, type MatrixServer, type ParsedQuery } from './matrix-servers.ts';
import { lonLat } from './places.ts';

export const FORMATS: MatrixFormat[] = ['openrouteservice', 'osrm'];
export const API_KEY = 'test-key-7f3a9c1e5b';

/** Collects what the provider logs. */
export class LogRecorder {
  readonly lines: { fields: Record<string, unknown>; message: string }[] = [];
  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ fields, message });
  }
  get text(): string {
    return JSON.stringify(this.lines);
  }
}

/** A provider of `format` aimed at `server`, with test-sized timeouts and backoff. */
export function providerFor(format: MatrixFormat, baseUrl: string, options: Partial<JourneyOptions> = {}, runtime: JourneyRuntime = {}) {
  return createJourneyProvider(
    { provider: format, baseUrl, apiKey: API_KEY, requestTimeoutMs: 1_000, retryBaseDelayMs: 5, ...options },
    runtime,
  );
}

export const soon = (ms = 5_000) => Date.now() + ms;

/** The matrices the test servers' road model gives for these places. */
export function modelMatrices(places: JourneyPlace[]) {
  return {
    minutes: places.map((from) => places.map((to) => Math.ceil(modelSeconds(lonLat(from), lonLat(to)) / 60))),
    km: places.map((from) => places.map((to) => modelKm(lonLat(from), lonLat(to)))),
  };
}

export function decoded(format: MatrixFormat, server: MatrixServer): ParsedQuery[] {
  return server.requests.map((request) => {
    const query = decodeQuery(format, request);
    if (typeof query === 'string') throw new Error(query);
    return query;
  });
}

/** Awaits the rejection, checks it is the ServiceError `code` and that it does not carry the API key. */
export async function expectServiceError(promise: Promise<unknown>, code: string, status: number): Promise<ServiceError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected a rejection').to.be.instanceOf(ServiceError);
  const error = caught as ServiceError;
  expect(error.code, error.message).to.equal(code);
  expect(error.status).to.equal(status);
  expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.to.include(API_KEY);
  return error;
}
