/** ServiceErrors across the thread boundary (structured clone keeps no class or custom field). */
import { ServiceError } from '../contract/index.ts';
import type { SerializedError } from './protocol.ts';

export function serialize(error: ServiceError): SerializedError {
  return {
    code: error.code,
    message: error.message,
    details: error.details,
    ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
  };
}

export function deserialize(error: SerializedError): ServiceError {
  return new ServiceError(error.code, error.message, { details: error.details, ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }) });
}
