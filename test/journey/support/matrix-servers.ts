/**
 * Real HTTP servers on 127.0.0.1 that speak the OpenRouteService matrix and OSRM table formats,
 * answering from a simple, known road model so tests can predict every number. They record each
 * request, can demand an API key, and can be scripted to misbehave for the next requests.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MatrixFormat = 'openrouteservice' | 'osrm';
export type LonLat = [number, number];

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A scripted reply for the next request: a status and raw body, or a connection that hangs or is reset. */
export type Reply = { status: number; body: string; headers?: Record<string, string> } | 'hang' | 'reset';

export interface MatrixServerOptions {
  /** When set, requests must carry exactly this `Authorization` header or get 401. */
  apiKey?: string;
  /** Pairs the server has no route for: it answers null for them. */
  noRoute?: (from: LonLat, to: LonLat) => boolean;
}

/**
 * The road model of the test servers, independent of the code under test: an equirectangular
 * distance x 1.25, driven at 70 km/h, plus 60 s when heading north (so the matrix is not symmetric
 * and a transposed answer shows).
 */
export function modelKm(from: LonLat, to: LonLat): number {
  const radians = Math.PI / 180;
  const x = (to[0] - from[0]) * radians * Math.cos(((from[1] + to[1]) / 2) * radians);
  const y = (to[1] - from[1]) * radians;
  return Math.round(6371 * Math.hypot(x, y) * 1.25 * 100) / 100;
}

export function modelSeconds(from: LonLat, to: LonLat): number {
  if (from[0] === to[0] && from[1] === to[1]) return 0;
  return Math.round((modelKm(from, to) / 70) * 36000) / 10 + (to[1] > from[1] ? 60 : 0);
}

export class MatrixServer {
  readonly requests: RecordedRequest[] = [];
  readonly replies: Reply[] = [];
  readonly #server: Server;
  readonly #format: MatrixFormat;
  readonly #options: MatrixServerOptions;

  private constructor(server: Server, format: MatrixFormat, options: MatrixServerOptions) {
    this.#server = server;
    this.#format = format;
    this.#options = options;
  }

  static async start(format: MatrixFormat, options: MatrixServerOptions = {}): Promise<MatrixServer> {
    const server = createServer();
    const matrixServer = new MatrixServer(server, format, options);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        matrixServer.requests.push(recorded);
        const reply = matrixServer.replies.shift() ?? matrixServer.#answer(recorded);
        if (reply === 'hang') return;
        if (reply === 'reset') {
          request.socket.destroy();
          return;
        }
        response.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        response.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return matrixServer;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(request: RecordedRequest): Reply {
    if (this.#options.apiKey !== undefined && request.headers.authorization !== this.#options.apiKey) {
      return { status: 401, body: JSON.stringify({ error: 'Authorization field missing or invalid' }) };
    }
    const query = decodeQuery(this.#format, request);
    if (typeof query === 'string') return { status: 400, body: JSON.stringify(this.#format === 'osrm' ? { code: 'InvalidQuery', message: query } : { error: { code: 2003, message: query } }) };
    const noRoute = this.#options.noRoute ?? (() => false);
    const table = (value: (from: LonLat, to: LonLat) => number) =>
      query.sources.map((source) =>
        query.destinations.map((destination) => {
          const from = query.locations[source]!;
          const to = query.locations[destination]!;
          return source !== destination && noRoute(from, to) ? null : value(from, to);
        }),
      );
    const durations = table(modelSeconds);
    if (this.#format === 'openrouteservice') {
      return { status: 200, body: JSON.stringify({ durations, distances: table(modelKm), sources: [], destinations: [], metadata: { service: 'matrix' } }) };
    }
    const body: Record<string, unknown> = { code: 'Ok', durations, sources: [], destinations: [] };
    if (query.annotations.includes('distance')) body.distances = table((from, to) => Math.round(modelKm(from, to) * 1000 * 10) / 10);
    return { status: 200, body: JSON.stringify(body) };
  }
}

/** What a recorded request asked for, decoded from its wire format; a string says what was wrong with it. */
export function decodeQuery(format: MatrixFormat, request: RecordedRequest): ParsedQuery | string {
  return format === 'openrouteservice' ? parseOrsRequest(request) : parseOsrmRequest(request);
}

export interface ParsedQuery {
  locations: LonLat[];
  sources: number[];
  destinations: number[];
  annotations: string[];
}

function parseOrsRequest(request: RecordedRequest): ParsedQuery | string {
  if (request.method !== 'POST' || request.url !== '/v2/matrix/driving-hgv') return `unexpected ${request.method} ${request.url}`;
  if (request.headers['content-type'] !== 'application/json') return 'content type must be application/json';
  const body = JSON.parse(request.body) as { locations?: LonLat[]; sources?: number[]; destinations?: number[]; metrics?: string[]; units?: string };
  if (!Array.isArray(body.locations) || !Array.isArray(body.sources) || !Array.isArray(body.destinations)) return 'locations, sources and destinations are required';
  if (JSON.stringify(body.metrics) !== '["duration","distance"]' || body.units !== 'km') return 'expected metrics duration,distance in km';
  return { locations: body.locations, sources: body.sources, destinations: body.destinations, annotations: ['duration', 'distance'] };
}

function parseOsrmRequest(request: RecordedRequest): ParsedQuery | string {
  const url = new URL(request.url, 'http://osrm');
  const match = /^\/table\/v1\/driving\/([^/]+)$/.exec(url.pathname);
  if (request.method !== 'GET' || match === null) return `unexpected ${request.method} ${url.pathname}`;
  const locations = match[1]!.split(';').map((pair) => pair.split(',').map(Number) as LonLat);
  const indexes = (name: string) => (url.searchParams.get(name) ?? locations.map((_, index) => index).join(';')).split(';').map(Number);
  return {
    locations,
    sources: indexes('sources'),
    destinations: indexes('destinations'),
    annotations: (url.searchParams.get('annotations') ?? 'duration').split(','),
  };
}

/** A loopback port with nothing listening on it (connections are refused). */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
