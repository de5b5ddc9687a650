import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { type KeyEntry, type StateStore, WINDOW_MS, waitSeconds } from './store.js';

type Database = BetterSqlite3.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS keys (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, credits INTEGER,
  first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS spent (key_id TEXT PRIMARY KEY, credits INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS holds (
  id TEXT PRIMARY KEY, key_id TEXT NOT NULL, credits INTEGER NOT NULL, expires INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS holds_by_key ON holds (key_id, expires);
CREATE TABLE IF NOT EXISTS hits (key_id TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS hits_by_key ON hits (key_id, at);
`;

/**
 * Loads better-sqlite3, a native addon and an optional dependency: an install where it could
 * not be built still runs, and the caller decides what to do without it.
 */
export function loadSqlite(): typeof BetterSqlite3 {
  return createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
}

/**
 * State in one SQLite file (WAL). Every change is one IMMEDIATE transaction, which takes the
 * file's write lock at its start: two processes on the same file (a restart overlapping the
 * old process, or two instances on one host) still charge one after the other. Synchronous
 * NORMAL in WAL mode keeps every committed charge through a crash of the process; a power
 * loss may lose the last few, which hands credits back rather than taking too many.
 */
export class SqliteState implements StateStore {
  readonly kind = 'sqlite' as const;
  private readonly db: Database;
  private readonly tx: {
    hit: (keyId: string, perMinute: number, now: number) => number;
    hold: (
      keyId: string,
      holdId: string,
      credits: number,
      budget: number,
      expires: number,
      now: number,
    ) => boolean;
    settle: (
      keyId: string,
      holdId: string,
      credits: number,
      budget: number | undefined,
      now: number,
    ) => boolean;
    recordKeys: (keys: KeyEntry[], now: number) => void;
  };
  private readonly q: Record<string, BetterSqlite3.Statement>;

  constructor(
    readonly where: string,
    private readonly now: () => number = Date.now,
  ) {
    const Sqlite = loadSqlite();
    mkdirSync(dirname(where), { recursive: true });
    // A write lock held by another process is waited for this long before SQLITE_BUSY.
    this.db = new Sqlite(where, { timeout: 10_000 });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(SCHEMA);
    const db = this.db;
    this.q = {
      dropHits: db.prepare('DELETE FROM hits WHERE key_id = ? AND at <= ?'),
      countHits: db.prepare('SELECT count(*) AS n, min(at) AS oldest FROM hits WHERE key_id = ?'),
      addHit: db.prepare('INSERT INTO hits (key_id, at) VALUES (?, ?)'),
      dropHolds: db.prepare('DELETE FROM holds WHERE key_id = ? AND expires <= ?'),
      held: db.prepare('SELECT coalesce(sum(credits), 0) AS n FROM holds WHERE key_id = ?'),
      heldByOthers: db.prepare(
        'SELECT coalesce(sum(credits), 0) AS n FROM holds WHERE key_id = ? AND id != ?',
      ),
      // Holding again under the same id replaces the hold (a request raising it to its cost).
      addHold: db.prepare('INSERT OR REPLACE INTO holds (id, key_id, credits, expires) VALUES (?, ?, ?, ?)'),
      dropHold: db.prepare('DELETE FROM holds WHERE id = ? AND key_id = ?'),
      spent: db.prepare('SELECT credits AS n FROM spent WHERE key_id = ?'),
      charge: db.prepare(
        'INSERT INTO spent (key_id, credits) VALUES (?, ?) ON CONFLICT (key_id) DO UPDATE SET credits = credits + excluded.credits',
      ),
      upsertKey: db.prepare(
        `INSERT INTO keys (id, name, credits, first_seen, last_seen) VALUES (@id, @name, @credits, @now, @now)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, credits = excluded.credits, last_seen = excluded.last_seen`,
      ),
    };
    const spentOf = (keyId: string) => (this.q.spent.get(keyId) as { n: number } | undefined)?.n ?? 0;
    const heldOf = (keyId: string) => (this.q.held.get(keyId) as { n: number }).n;
    const immediate = <A extends unknown[], R>(fn: (...a: A) => R) => {
      const t = db.transaction(fn);
      return (...a: A): R => t.immediate(...a);
    };
    this.tx = {
      hit: immediate((keyId: string, perMinute: number, now: number) => {
        this.q.dropHits.run(keyId, now - WINDOW_MS);
        const { n, oldest } = this.q.countHits.get(keyId) as { n: number; oldest: number | null };
        if (n >= perMinute) return waitSeconds(oldest ?? now, now);
        this.q.addHit.run(keyId, now);
        return 0;
      }),
      hold: immediate(
        (keyId: string, holdId: string, credits: number, budget: number, expires: number, now: number) => {
          this.q.dropHolds.run(keyId, now);
          const others = (this.q.heldByOthers.get(keyId, holdId) as { n: number }).n;
          if (spentOf(keyId) + others + credits > budget) return false;
          this.q.addHold.run(holdId, keyId, credits, expires);
          return true;
        },
      ),
      settle: immediate(
        (keyId: string, holdId: string, credits: number, budget: number | undefined, now: number) => {
          this.q.dropHold.run(holdId, keyId);
          this.q.dropHolds.run(keyId, now);
          if (budget !== undefined && spentOf(keyId) + heldOf(keyId) + credits > budget) return false;
          if (credits > 0) this.q.charge.run(keyId, credits);
          return true;
        },
      ),
      recordKeys: immediate((keys: KeyEntry[], now: number) => {
        for (const k of keys)
          this.q.upsertKey.run({ id: k.id, name: k.name, credits: k.credits ?? null, now });
      }),
    };
  }

  async recordKeys(keys: KeyEntry[]): Promise<void> {
    this.tx.recordKeys(keys, this.now());
  }

  async hit(keyId: string, perMinute: number): Promise<number> {
    return this.tx.hit(keyId, perMinute, this.now());
  }

  async hold(keyId: string, holdId: string, credits: number, budget: number, ttlMs: number) {
    const now = this.now();
    return this.tx.hold(keyId, holdId, credits, budget, now + ttlMs, now);
  }

  async settle(keyId: string, holdId: string, credits: number, budget: number | undefined) {
    return this.tx.settle(keyId, holdId, credits, budget, this.now());
  }

  async release(keyId: string, holdId: string): Promise<void> {
    this.q.dropHold.run(holdId, keyId);
  }

  async spent(keyId: string): Promise<number> {
    return (this.q.spent.get(keyId) as { n: number } | undefined)?.n ?? 0;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
