/**
 * Where a crawl page waits for its turn at a host: at most `max` requests in flight per host,
 * whichever crawl sends them, so two crawls of one site share its politeness budget. The
 * in-process engine counts in this process (`HostGate`); the queue engine's workers hold leases
 * in Redis (`RedisHostGate`), so the limit holds across every worker process.
 */
export interface HostLimiter {
  /**
   * Resolves once a request to `host` may start, with the function that ends it; rejects with
   * the signal's reason when the signal aborts first (a cancelled crawl stops waiting).
   */
  enter(host: string, max: number, signal?: AbortSignal): Promise<() => Promise<void>>;
}

/** The in-process gate: a count and a queue of waiters per host. */
export class HostGate implements HostLimiter {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly max: number) {}

  async enter(host: string, max = this.max, signal?: AbortSignal): Promise<() => Promise<void>> {
    const limit = Math.max(1, Math.min(max, this.max));
    if ((this.running.get(host) ?? 0) >= limit) {
      await new Promise<void>((resolve, reject) => {
        const q = this.waiting.get(host) ?? [];
        const turn = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const at = q.indexOf(turn);
          if (at >= 0) q.splice(at, 1);
          reject(signal?.reason ?? new Error('aborted'));
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        q.push(turn);
        this.waiting.set(host, q);
      });
    } else this.running.set(host, (this.running.get(host) ?? 0) + 1);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      const next = this.waiting.get(host)?.shift();
      // The slot passes straight to the next waiter, so the count stays right.
      if (next) next();
      else {
        const n = (this.running.get(host) ?? 1) - 1;
        if (n <= 0) this.running.delete(host);
        else this.running.set(host, n);
      }
      if (this.waiting.get(host)?.length === 0) this.waiting.delete(host);
    };
  }
}
