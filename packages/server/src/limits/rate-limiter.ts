import { guarded } from '../state/guarded.js';
import type { StateStore } from '../state/store.js';

/**
 * Requests per minute per key, as a sliding log of the last minute's request times, kept in
 * the state store so that a restart does not reset a window and instances sharing the store
 * share one limit per key.
 */
export class RateLimiter {
  constructor(private readonly state: StateStore) {}

  /** Counts a request; returns the seconds to wait when over the limit, else 0. */
  hit(keyId: string, perMinute: number | undefined): Promise<number> {
    if (!perMinute || perMinute <= 0) return Promise.resolve(0);
    return guarded(this.state, () => this.state.hit(keyId, perMinute));
  }
}
