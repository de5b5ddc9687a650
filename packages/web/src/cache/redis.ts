import type { CacheAdapter } from './adapter.js';

/** The calls the Redis adapter makes: ioredis and node-redis clients (v4+) both fit. */
export interface RedisLikeClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ...args: unknown[]): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

/**
 * A cache backed by Redis; pass a connected client (no Redis library is bundled here).
 * `style` picks the expiry argument form: ioredis `('PX', ms)` or node-redis `{ PX: ms }`.
 */
export class RedisCache implements CacheAdapter {
  constructor(
    private readonly client: RedisLikeClient,
    private readonly prefix = 'distill:',
    private readonly style: 'ioredis' | 'node-redis' = 'ioredis',
  ) {}

  async get(key: string) {
    return (await this.client.get(this.prefix + key)) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number) {
    if (!ttlMs) await this.client.set(this.prefix + key, value);
    else if (this.style === 'ioredis') await this.client.set(this.prefix + key, value, 'PX', ttlMs);
    else await this.client.set(this.prefix + key, value, { PX: ttlMs });
  }

  async delete(key: string) {
    await this.client.del(this.prefix + key);
  }
}
