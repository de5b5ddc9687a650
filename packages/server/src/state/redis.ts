import type { Redis as RedisClient } from 'ioredis';
import { type KeyEntry, type StateStore, WINDOW_MS } from './store.js';

// Each change is one Lua script, which Redis runs alone: instances sharing the server never
// interleave a check with another's write. Time is Redis' own clock (TIME), so instances whose
// clocks disagree still see one window. Holds live in a hash (id -> credits) beside a sorted
// set of their expiry times, so lapsed holds of a crashed instance are swept by the next call.

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const SWEEP_AND_SUM = `for _, h in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)) do
  redis.call('HDEL', KEYS[2], h)
end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local held = 0
for _, v in ipairs(redis.call('HVALS', KEYS[2])) do held = held + tonumber(v) end
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')`;

/**
 * KEYS: spent, holds, hold expiries. ARGV: hold id, credits, budget, ttl ms. 1 = held. A hold
 * of the same id is replaced (its old amount is left out of the sum), so a request can raise
 * its hold to its cost; refused, the old hold stays as it was.
 */
const HOLD = `${NOW}
${SWEEP_AND_SUM}
local credits = tonumber(ARGV[2])
local mine = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if spent + held - mine + credits > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], credits)
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[4]), ARGV[1])
return 1`;

/** KEYS: as HOLD. ARGV: hold id, credits, budget (-1 = none). 1 = charged, 0 = over budget. */
const SETTLE = `${NOW}
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
${SWEEP_AND_SUM}
local credits = tonumber(ARGV[2])
local budget = tonumber(ARGV[3])
if budget >= 0 and spent + held + credits > budget then return 0 end
if credits > 0 then redis.call('INCRBY', KEYS[1], credits) end
return 1`;

/** KEYS: the key's window. ARGV: per minute, a unique member. 0 = let in, else seconds to wait. */
const HIT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - ${WINDOW_MS})
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
  return math.max(1, math.ceil((oldest + ${WINDOW_MS} - now) / 1000))
end
redis.call('ZADD', KEYS[1], now, ARGV[2])
redis.call('PEXPIRE', KEYS[1], ${WINDOW_MS})
return 0`;

interface Scripted extends RedisClient {
  distillHold(...args: (string | number)[]): Promise<number>;
  distillSettle(...args: (string | number)[]): Promise<number>;
  distillHit(...args: (string | number)[]): Promise<number>;
}

/** The URL with its password masked, for logs and /v2/health. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis';
  }
}

/**
 * State in Redis, shared by every `distill serve` given the same `--redis` URL. ioredis is an
 * optional peer dependency, loaded only here.
 */
/**
 * The Redis of a `--queue redis://host:port[/db][/name]` URL, as a plain Redis URL: where
 * `distill serve --queue` keeps credits when no --redis is given, so the queue's workers
 * hold and settle pages on the same ledger.
 */
export function redisUrlOfQueue(queue: string): string {
  const u = new URL(queue);
  const first = u.pathname.split('/').filter(Boolean)[0];
  u.pathname = first !== undefined && /^\d+$/.test(first) ? `/${first}` : '/0';
  return u.toString();
}

export class RedisState implements StateStore {
  readonly kind = 'redis' as const;
  readonly where: string;
  private seq = 0;

  private constructor(
    private readonly client: Scripted,
    url: string,
    private readonly prefix: string,
  ) {
    this.where = redactUrl(url);
  }

  /** Connects (and fails at once when Redis cannot be reached, rather than on the first request). */
  static async open(url: string, prefix = 'distill:state:'): Promise<RedisState> {
    const { Redis } = await import('ioredis');
    const client = new Redis(url, {
      lazyConnect: true,
      // A request waits for Redis a little, then fails with 503 rather than hanging.
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    }) as Scripted;
    // Connection errors reach each command as its rejection (503 to the caller); without a
    // listener ioredis would also print every reconnect attempt as an unhandled error.
    client.on('error', () => {});
    client.defineCommand('distillHold', { numberOfKeys: 3, lua: HOLD });
    client.defineCommand('distillSettle', { numberOfKeys: 3, lua: SETTLE });
    client.defineCommand('distillHit', { numberOfKeys: 1, lua: HIT });
    try {
      await client.connect();
      await client.ping();
    } catch (e) {
      client.disconnect();
      throw new Error(`--redis ${redactUrl(url)}: cannot reach Redis (${(e as Error).message})`);
    }
    return new RedisState(client, url, prefix);
  }

  private keys(keyId: string): [string, string, string] {
    const k = `${this.prefix}{${keyId}}`;
    // One hash tag per key id: on a Redis Cluster a key's three entries share a slot.
    return [`${k}:spent`, `${k}:holds`, `${k}:hold-expiry`];
  }

  async recordKeys(keys: KeyEntry[]): Promise<void> {
    if (keys.length === 0) return;
    const now = Date.now();
    const m = this.client.multi();
    for (const k of keys) {
      const rec = `${this.prefix}key:${k.id}`;
      m.hsetnx(rec, 'firstSeen', now);
      m.hset(rec, 'name', k.name, 'credits', k.credits ?? '', 'lastSeen', now);
    }
    await m.exec();
  }

  async hit(keyId: string, perMinute: number): Promise<number> {
    // The member only has to be unique among one window's entries.
    const member = `${process.pid}:${Date.now()}:${this.seq++}:${Math.random()}`;
    return Number(await this.client.distillHit(`${this.prefix}{${keyId}}:window`, perMinute, member));
  }

  async hold(keyId: string, holdId: string, credits: number, budget: number, ttlMs: number) {
    return (await this.client.distillHold(...this.keys(keyId), holdId, credits, budget, ttlMs)) === 1;
  }

  async settle(keyId: string, holdId: string, credits: number, budget: number | undefined) {
    return (await this.client.distillSettle(...this.keys(keyId), holdId, credits, budget ?? -1)) === 1;
  }

  async release(keyId: string, holdId: string): Promise<void> {
    const [, holds, expiry] = this.keys(keyId);
    await this.client.multi().hdel(holds, holdId).zrem(expiry, holdId).exec();
  }

  async spent(keyId: string): Promise<number> {
    return Number((await this.client.get(this.keys(keyId)[0])) ?? 0);
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
