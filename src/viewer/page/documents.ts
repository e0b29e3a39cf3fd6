import type { BookingCheckRequestInput, BookingCheckResponse, ManifestPlanResponse, ManifestRequestInput } from '../../contract/index.ts';

/** A request body as a caller sends it: a manifest request, or a booking check with `new_movements`. */
export type SnapshotDocument = ManifestRequestInput & Partial<Pick<BookingCheckRequestInput, 'new_movements'>>;

/** What a JSON document a person gives the viewer turned out to be. */
export type ViewerDocument =
  | { kind: 'snapshot'; snapshot: SnapshotDocument }
  | { kind: 'manifest'; response: ManifestPlanResponse }
  | { kind: 'booking'; response: BookingCheckResponse };

/** The documents the viewer draws: a snapshot, and the service's answer to it (when there is one yet). */
export interface ViewerData {
  snapshot: SnapshotDocument;
  response: ManifestPlanResponse | BookingCheckResponse | null;
}

export class DocumentError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Recognises a document by the fields only it has: a snapshot has `planning_period` and `drivers`,
 * a manifest response `manifests`, a booking-check response `status`. An error response of the
 * service (`{"error": ...}`) is reported with its code, so a person sees why there is no plan.
 */
export function classifyDocument(text: string, name: string): ViewerDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocumentError(`${name} is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new DocumentError(`${name} is not a JSON object`);
  if (isObject(value.error)) throw new DocumentError(`${name} is an error response: ${String(value.error.code)}: ${String(value.error.message)}`);
  if (isObject(value.planning_period) && Array.isArray(value.drivers) && Array.isArray(value.locations)) {
    return { kind: 'snapshot', snapshot: value as SnapshotDocument };
  }
  if (Array.isArray(value.manifests) && Array.isArray(value.unplanned_movements)) return { kind: 'manifest', response: value as ManifestPlanResponse };
  if (typeof value.status === 'string' && 'data_as_of' in value) return { kind: 'booking', response: value as BookingCheckResponse };
  throw new DocumentError(`${name} is neither a snapshot (planning_period, drivers, locations) nor a manifest or booking-check response`);
}

/** The service operation a snapshot is for: a booking check when it proposes `new_movements`. */
export function operationOf(snapshot: SnapshotDocument): { path: string; label: string } {
  return (snapshot.new_movements?.length ?? 0) > 0
    ? { path: '/v1/booking-checks', label: 'Check the booking' }
    : { path: '/v1/manifests', label: 'Plan the manifests' };
}
