import { ServiceError, isServiceError } from '../contract/errors.ts';
import { isDatabaseUnavailable } from './sql.ts';

/** Runs a store operation; a database that cannot be reached is a 503 for the caller, anything else stays a bug (500). */
export async function available<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isServiceError(error) && isDatabaseUnavailable(error)) {
      throw new ServiceError('dependency_unavailable', 'The credential store cannot be reached; try again shortly.', { cause: error });
    }
    throw error;
  }
}
