import { randomUUID } from 'node:crypto';

/** A caller may send its own X-Request-ID; we keep it when it is a safe token, so logs join up. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function newRequestId(): string {
  return randomUUID();
}

/** The id to use, and whether the caller's header was unusable (a 400). */
export function requestIdFrom(header: string | string[] | undefined): { id: string; malformed: boolean } {
  if (header === undefined) return { id: newRequestId(), malformed: false };
  if (typeof header === 'string' && ACCEPTABLE_REQUEST_ID.test(header)) return { id: header, malformed: false };
  return { id: newRequestId(), malformed: true };
}
