/**
 * The server's state that must outlive a process and be shared by every instance behind one
 * load balancer: credits spent per key (with the holds of requests still running), rate-limit
 * windows, and the records of the keys seen. In memory, in an SQLite file under `--data-dir`,
 * or in Redis (`--redis`); the routes see only this interface.
 */
export interface StateStore {
  /** Which backend holds the state, and where (a file, or a Redis URL without its password). */
  readonly kind: 'memory' | 'sqlite' | 'redis';
  readonly where: string;
  /** Records the configured keys (their stable ids, names and budgets); called at start. */
  recordKeys(keys: KeyEntry[]): Promise<void>;
  /**
   * Counts a request in the key's sliding one-minute window. Returns 0 when the request is
   * within `perMinute`, else the seconds until the oldest request leaves the window.
   */
  hit(keyId: string, perMinute: number): Promise<number>;
  /**
   * Holds `credits` of the key's budget for a request that is about to run, in one atomic
   * step: false when spent + held + credits would pass the budget. The hold lapses after
   * `ttlMs` (a process that dies mid-request does not keep its holds for ever). Holding again
   * under the same `holdId` replaces that hold (its old amount no longer counts), which is how
   * a request raises its hold once it knows its cost; a refused raise keeps the old hold.
   */
  hold(keyId: string, holdId: string, credits: number, budget: number, ttlMs: number): Promise<boolean>;
  /**
   * Turns a hold into a charge of `credits` (which may differ from what was held), in one
   * atomic step. With a budget, false (and nothing charged, the hold dropped) when the charge
   * and the other holds would pass it; without one (undefined) the charge always goes through.
   */
  settle(keyId: string, holdId: string, credits: number, budget: number | undefined): Promise<boolean>;
  /** Drops a hold whose request failed or was refused: nothing is charged. */
  release(keyId: string, holdId: string): Promise<void>;
  /** Credits the key has spent (settled charges only). */
  spent(keyId: string): Promise<number>;
  close(): Promise<void>;
}

export interface KeyEntry {
  id: string;
  name: string;
  /** The key's budget, when it has one. */
  credits?: number;
}

/** The sliding window of the rate limit. */
export const WINDOW_MS = 60_000;

/** Seconds until a window whose oldest entry is at `oldest` lets another request in. */
export const waitSeconds = (oldest: number, now: number): number =>
  Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
