import { DistillError } from '@distill/core';
import type { StateStore } from './store.js';

/**
 * Runs a store operation; a store that fails (Redis unreachable, SQLite busy past its timeout)
 * is the service's fault, not the caller's: 503 with Retry-After, the same on every route, and
 * the request is refused rather than let through unmetered.
 */
export async function guarded<T>(state: StateStore, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    if (e instanceof DistillError) throw e;
    throw new DistillError(
      'SERVICE_UNAVAILABLE',
      `Service Unavailable: the ${state.kind} state store did not answer`,
      {
        retryAfter: 5,
        cause: e,
      },
    );
  }
}
