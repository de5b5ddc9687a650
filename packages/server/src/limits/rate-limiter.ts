/**
 * Requests per minute per key, as a sliding log of the last minute's request times. The log
 * is capped at the limit, so memory per key is bounded by it.
 */
export class RateLimiter {
  private readonly log = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a request; returns the seconds to wait when over the limit, else 0. */
  hit(keyId: string, perMinute: number | undefined): number {
    if (!perMinute || perMinute <= 0) return 0;
    const t = this.now();
    const times = (this.log.get(keyId) ?? []).filter((x) => t - x < 60_000);
    if (times.length >= perMinute) {
      this.log.set(keyId, times);
      return Math.max(1, Math.ceil((times[0] + 60_000 - t) / 1000));
    }
    times.push(t);
    this.log.set(keyId, times);
    return 0;
  }
}
