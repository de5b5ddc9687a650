import { DistillError } from '@distill/core';

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * A counting semaphore with a bounded FIFO queue. A job that finds every slot taken waits in
 * the queue; one that finds the queue full is refused with 429 `Concurrency limit reached`.
 */
export class JobLimiter {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    private max: number,
    private maxQueued: number,
  ) {}

  /** Adopts new bounds (per-key settings may differ from the defaults the limiter was made with). */
  resize(max: number, maxQueued: number): void {
    this.max = max;
    this.maxQueued = maxQueued;
  }

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves once a slot is held; `waited` says whether the job had to queue. */
  async acquire(signal: AbortSignal): Promise<{ waited: boolean }> {
    if (this.active < this.max && this.queue.length === 0) {
      this.active++;
      return { waited: false };
    }
    if (this.queue.length >= this.maxQueued) {
      throw new DistillError('CONCURRENCY_LIMIT_REACHED', undefined, { retryAfter: 1 });
    }
    if (signal.aborted) throw signal.reason;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
        reject,
      };
      const onAbort = () => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
    return { waited: true };
  }

  release(): void {
    const next = this.queue.shift();
    // The slot passes straight to the next waiter, so `active` stays the same.
    if (next) next.resolve();
    else this.active = Math.max(0, this.active - 1);
  }
}

/** One limiter per key plus a server-wide one; a job holds a slot in both. */
export class ConcurrencyGate {
  private readonly perKey = new Map<string, JobLimiter>();
  private readonly global: JobLimiter;

  constructor(maxJobs: number, maxQueuedJobs: number) {
    this.global = new JobLimiter(maxJobs, maxQueuedJobs);
  }

  /**
   * Waits for a slot of the key and of the server. Returns the release function and how long
   * the job queued, for the `concurrencyLimited` / `concurrencyQueueDurationMs` metadata.
   */
  async enter(
    keyId: string,
    limits: { max: number; maxQueued: number },
    signal: AbortSignal,
  ): Promise<{ release: () => void; limited: boolean; queuedMs: number }> {
    let keyLimiter = this.perKey.get(keyId);
    if (!keyLimiter) {
      keyLimiter = new JobLimiter(limits.max, limits.maxQueued);
      this.perKey.set(keyId, keyLimiter);
    } else keyLimiter.resize(limits.max, limits.maxQueued);
    const start = performance.now();
    const k = await keyLimiter.acquire(signal);
    let g: { waited: boolean };
    try {
      g = await this.global.acquire(signal);
    } catch (e) {
      keyLimiter.release();
      throw e;
    }
    const limited = k.waited || g.waited;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.global.release();
      keyLimiter.release();
    };
    return { release, limited, queuedMs: limited ? Math.round(performance.now() - start) : 0 };
  }

  stats(): { running: number; waiting: number } {
    let waiting = this.global.waiting;
    for (const l of this.perKey.values()) waiting += l.waiting;
    return { running: this.global.running, waiting };
  }
}
