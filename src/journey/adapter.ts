import type { Coordinate } from './geo.ts';
import type { UpstreamRequest } from './upstream.ts';
import { invalidResponse } from './upstream.ts';

/** One upstream matrix request: the coordinates it names and which of them are sources and destinations. */
export interface MatrixQuery {
  locations: Coordinate[];
  sources: number[];
  destinations: number[];
}

/** A provider's answer to a `MatrixQuery`, rows = sources, columns = destinations; null where it has no road data. */
export interface ProviderMatrix {
  seconds: (number | null)[][];
  km: (number | null)[][];
}

/** What differs between road-data providers: the wire format. */
export interface MatrixAdapter {
  readonly name: 'openrouteservice' | 'osrm';
  /** The routing profile asked for; part of the cache identity. */
  readonly profile: string;
  request(baseUrl: string, apiKey: string | undefined, query: MatrixQuery): UpstreamRequest;
  /** Checks the answer's shape strictly; throws `upstream_invalid_response` on any deviation. */
  parse(body: unknown, query: MatrixQuery): ProviderMatrix;
}

/** The body as a JSON object, or 502. */
export function expectObject(provider: string, body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidResponse(provider, 'a body that is not a JSON object');
  return body as Record<string, unknown>;
}

/**
 * `body[field]` as a rows x columns table of non-negative finite numbers or nulls, each
 * multiplied by `scale` (unit conversion); any other shape is a 502 naming the first bad cell.
 */
export function readTable(provider: string, body: Record<string, unknown>, field: string, rows: number, columns: number, scale = 1): (number | null)[][] {
  const table = body[field];
  if (!Array.isArray(table)) throw invalidResponse(provider, `no "${field}" table`);
  if (table.length !== rows) throw invalidResponse(provider, `a "${field}" table of ${table.length} rows where ${rows} were asked for`);
  return table.map((row: unknown, rowIndex) => {
    if (!Array.isArray(row)) throw invalidResponse(provider, `"${field}" row ${rowIndex} that is not an array`);
    if (row.length !== columns) throw invalidResponse(provider, `"${field}" row ${rowIndex} of ${row.length} entries where ${columns} were asked for`);
    return row.map((cell: unknown, columnIndex) => {
      if (cell === null) return null;
      if (typeof cell !== 'number' || !Number.isFinite(cell) || cell < 0) {
        throw invalidResponse(provider, `"${field}"[${rowIndex}][${columnIndex}] that is not a non-negative number or null`);
      }
      return cell * scale;
    });
  });
}
