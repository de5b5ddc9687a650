import { type KeyEntry, type StateStore, WINDOW_MS, waitSeconds } from './store.js';

/**
 * State held by this process only: what `createServer()` uses unless told otherwise, and the
 * fallback of `distill serve` when SQLite cannot be loaded. A restart hands every key its
 * budget back, and a second instance keeps its own counts.
 */
export class MemoryState implements StateStore {
  readonly kind = 'memory' as const;
  readonly where = 'memory';
  private readonly spentBy = new Map<string, number>();
  private readonly holds = new Map<string, Map<string, { credits: number; expires: number }>>();
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  async recordKeys(_keys: KeyEntry[]): Promise<void> {}

  async hit(keyId: string, perMinute: number): Promise<number> {
    const t = this.now();
    const times = (this.windows.get(keyId) ?? []).filter((x) => t - x < WINDOW_MS);
    this.windows.set(keyId, times);
    if (times.length >= perMinute) return waitSeconds(times[0] ?? t, t);
    times.push(t);
    return 0;
  }

  /** The key's live holds, with lapsed ones dropped. */
  private live(keyId: string) {
    const t = this.now();
    let m = this.holds.get(keyId);
    if (!m) {
      m = new Map();
      this.holds.set(keyId, m);
    }
    for (const [id, h] of m) if (h.expires <= t) m.delete(id);
    return m;
  }

  /** Credits held by the key's live holds, leaving out `except` (a hold being replaced). */
  private heldBy(m: Map<string, { credits: number }>, except?: string): number {
    let n = 0;
    for (const [id, h] of m) if (id !== except) n += h.credits;
    return n;
  }

  async hold(keyId: string, holdId: string, credits: number, budget: number, ttlMs: number) {
    const m = this.live(keyId);
    if ((this.spentBy.get(keyId) ?? 0) + this.heldBy(m, holdId) + credits > budget) return false;
    m.set(holdId, { credits, expires: this.now() + ttlMs });
    return true;
  }

  async settle(keyId: string, holdId: string, credits: number, budget: number | undefined) {
    const m = this.live(keyId);
    m.delete(holdId);
    const spent = this.spentBy.get(keyId) ?? 0;
    if (budget !== undefined && spent + this.heldBy(m) + credits > budget) return false;
    this.spentBy.set(keyId, spent + credits);
    return true;
  }

  async release(keyId: string, holdId: string): Promise<void> {
    this.holds.get(keyId)?.delete(holdId);
  }

  async spent(keyId: string): Promise<number> {
    return this.spentBy.get(keyId) ?? 0;
  }

  async close(): Promise<void> {}
}
