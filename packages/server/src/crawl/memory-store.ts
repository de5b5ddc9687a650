import type {
  CrawlPlan,
  FrontierEntry,
  JobMeta,
  JobStatus,
  JobStore,
  LimitName,
  PageError,
  Recorded,
} from './types.js';

/** Errors and robots-blocked URLs kept per job: enough to diagnose, bounded in memory. */
export const MAX_ERRORS_KEPT = 10_000;

interface Entry {
  meta: JobMeta;
  plan: CrawlPlan;
  seen: Set<string>;
  settled: Set<string>;
  claimed: Set<string>;
  pending: number;
  reserved: number;
  results: unknown[];
  errors: PageError[];
  robotsBlocked: string[];
  hosts: Map<string, number>;
}

/**
 * Jobs in this process's memory (the default engine). Expired jobs are dropped by `sweep()`,
 * which the engine runs on a timer, so finished crawls do not pile up.
 */
export class MemoryJobStore implements JobStore {
  private readonly jobs = new Map<string, Entry>();

  private get(id: string): Entry | undefined {
    return this.jobs.get(id);
  }

  async create(meta: JobMeta, plan: CrawlPlan, seeds: FrontierEntry[]): Promise<FrontierEntry[]> {
    this.jobs.set(meta.id, {
      meta: { ...meta },
      plan,
      seen: new Set(),
      settled: new Set(),
      claimed: new Set(),
      pending: 0,
      reserved: 0,
      results: [],
      errors: [],
      robotsBlocked: [],
      hosts: new Map(),
    });
    return (await this.admit(meta.id, seeds, Number.POSITIVE_INFINITY)).added;
  }

  async meta(id: string) {
    const e = this.get(id);
    return e ? { ...e.meta, limitsReached: [...e.meta.limitsReached] } : undefined;
  }

  async plan(id: string) {
    return this.get(id)?.plan;
  }

  async finish(id: string, status: Exclude<JobStatus, 'scraping'>, error?: string) {
    const e = this.get(id);
    if (!e || e.meta.status !== 'scraping') return false;
    e.meta.status = status;
    if (error) e.meta.error = error;
    return true;
  }

  async addLimit(id: string, limit: LimitName) {
    const e = this.get(id);
    if (e && !e.meta.limitsReached.includes(limit)) e.meta.limitsReached.push(limit);
  }

  async admit(id: string, entries: FrontierEntry[], cap: number) {
    const e = this.get(id);
    const added: FrontierEntry[] = [];
    let capped = false;
    if (!e) return { added, capped };
    for (const x of entries) {
      if (e.seen.has(x.url)) continue;
      if (e.pending >= cap) {
        capped = true;
        break;
      }
      e.seen.add(x.url);
      e.pending++;
      e.meta.total++;
      added.push(x);
    }
    return { added, capped };
  }

  async append(id: string, entries: FrontierEntry[], cap: number) {
    const e = this.get(id);
    if (!e || e.meta.status === 'cancelled')
      return { added: [], capped: false, reopened: false, closed: true };
    const reopened = e.meta.status !== 'scraping';
    if (reopened) {
      e.meta.status = 'scraping';
      e.meta.error = undefined;
    }
    return { ...(await this.admit(id, entries, cap)), reopened, closed: false };
  }

  async isSettled(id: string, url: string) {
    return this.get(id)?.settled.has(url) ?? true;
  }

  async reserve(id: string, limit: number) {
    const e = this.get(id);
    if (!e || e.reserved >= limit) return false;
    e.reserved++;
    return true;
  }

  async release(id: string) {
    const e = this.get(id);
    if (e && e.reserved > 0) e.reserved--;
  }

  async record(
    id: string,
    key: string,
    doc: unknown,
    credits: number,
    bytes: number,
    charge?: () => Promise<boolean>,
  ): Promise<Recorded> {
    const e = this.get(id);
    if (!e) return { added: false, completed: 0, bytes: 0, creditsUsed: 0 };
    // A page that finished after its job ended (cancelled) is not kept.
    let added = e.meta.status === 'scraping' && !e.claimed.has(key);
    if (added && charge) {
      // Claimed before the charge, so a page landing on the same URL meanwhile is not charged too.
      e.claimed.add(key);
      let paid = false;
      try {
        paid = await charge();
      } finally {
        if (!paid) e.claimed.delete(key);
      }
      added = paid;
    }
    if (added) {
      e.claimed.add(key);
      e.results.push(doc);
      e.meta.completed++;
      e.meta.creditsUsed += credits;
      e.meta.bytes += bytes;
    }
    return { added, completed: e.meta.completed, bytes: e.meta.bytes, creditsUsed: e.meta.creditsUsed };
  }

  async addError(id: string, err: PageError) {
    const e = this.get(id);
    if (e && e.errors.length < MAX_ERRORS_KEPT) e.errors.push(err);
  }

  async addRobotsBlocked(id: string, url: string) {
    const e = this.get(id);
    if (e && e.robotsBlocked.length < MAX_ERRORS_KEPT && !e.robotsBlocked.includes(url))
      e.robotsBlocked.push(url);
  }

  async settle(id: string, url: string) {
    const e = this.get(id);
    if (!e || e.settled.has(url)) return false;
    e.settled.add(url);
    e.pending--;
    return e.pending === 0;
  }

  async results(id: string, skip: number, take: number) {
    return this.get(id)?.results.slice(skip, skip + take) ?? [];
  }

  async errors(id: string) {
    const e = this.get(id);
    return { errors: [...(e?.errors ?? [])], robotsBlocked: [...(e?.robotsBlocked ?? [])] };
  }

  async hostSlot(id: string, host: string, delayMs: number) {
    const e = this.get(id);
    if (!e || delayMs <= 0) return 0;
    const now = Date.now();
    const at = Math.max(now, e.hosts.get(host) ?? 0);
    e.hosts.set(host, at + delayMs);
    return at - now;
  }

  async hostDone(id: string, host: string, delayMs: number) {
    const e = this.get(id);
    if (e && delayMs > 0) e.hosts.set(host, Math.max(e.hosts.get(host) ?? 0, Date.now() + delayMs));
  }

  async active() {
    return [...this.jobs.values()].filter((e) => e.meta.status === 'scraping').map((e) => e.meta.id);
  }

  async addCredits(id: string, credits: number) {
    const e = this.get(id);
    if (e) e.meta.creditsUsed += credits;
  }

  /** Drops jobs past their expiry. */
  sweep(now = Date.now()): void {
    for (const [id, e] of this.jobs)
      if (e.meta.expiresAt < now && e.meta.status !== 'scraping') this.jobs.delete(id);
  }

  async close() {}
}
