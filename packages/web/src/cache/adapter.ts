/**
 * Where scraped pages are kept. Values are JSON strings so any key-value store can back the
 * cache: the folder adapter by default, Redis or memory through the same three calls.
 */
export interface CacheAdapter {
  get(key: string): Promise<string | undefined>;
  /** `ttlMs`: how long the store may keep the value (a hint; the reader checks ages itself). */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** An in-process cache, for tests and short-lived runs. */
export class MemoryCache implements CacheAdapter {
  private readonly map = new Map<string, string>();
  async get(key: string) {
    return this.map.get(key);
  }
  async set(key: string, value: string) {
    this.map.set(key, value);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
}
