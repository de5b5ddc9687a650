/**
 * At most `max` requests in flight per host in this process, whichever crawl sends them: two
 * crawls of one site share its politeness budget.
 */
export class HostGate {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly max: number) {}

  async enter(host: string, max = this.max): Promise<() => void> {
    const limit = Math.max(1, Math.min(max, this.max));
    if ((this.running.get(host) ?? 0) >= limit) {
      await new Promise<void>((r) => {
        const q = this.waiting.get(host) ?? [];
        q.push(r);
        this.waiting.set(host, q);
      });
    } else this.running.set(host, (this.running.get(host) ?? 0) + 1);
    let released = false;
    return () => {
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
