import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { HostLimiter } from './host-gate.js';

/** The sorted set of a host's leases (member: lease token, score: when it lapses, Redis ms). */
export const hostLeasesKey = (host: string) => `distill:crawl:host:${host}:leases`;

// Redis's own clock (TIME), not each worker's, so workers on machines whose clocks differ
// still agree on when a lease lapses and when a host may be asked again.
export const REDIS_NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// KEYS: leases. ARGV: max, token, lease ms. Lapsed leases (a killed worker's) are dropped first.
const ACQUIRE = `${REDIS_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[3])) * 2)
return 1`;

// KEYS: leases. ARGV: token, lease ms. 0 when the lease already lapsed (and may be taken).
const RENEW = `${REDIS_NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])) * 2)
return 1`;

type Scripted = Redis & {
  hostAcquire(leases: string, max: number, token: string, leaseMs: number): Promise<number>;
  hostRenew(leases: string, token: string, leaseMs: number): Promise<number>;
};

/** How often a page waiting for a host asks again (a little random, so waiters do not march in step). */
const POLL_MS = 25;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Per-host concurrency and politeness shared by every `distill worker` of a queue: a request
 * holds a lease in the host's sorted set while it runs, renewed while it lives, so at most
 * `max` are in flight over all workers, and a worker killed mid-request holds its slot only
 * until the lease lapses. (The politeness delay is the job store's: one next-allowed time per
 * host in Redis, `RedisJobStore.hostSlot`.)
 */
export class RedisHostGate implements HostLimiter {
  private readonly r: Scripted;

  constructor(
    redis: Redis,
    private readonly max: number,
    /** How long a lease lives without renewal: how long a dead worker can hold a slot. */
    private readonly leaseMs: number,
  ) {
    this.r = redis as Scripted;
    redis.defineCommand('hostAcquire', { numberOfKeys: 1, lua: ACQUIRE });
    redis.defineCommand('hostRenew', { numberOfKeys: 1, lua: RENEW });
  }

  async enter(host: string, max = this.max, signal?: AbortSignal): Promise<() => Promise<void>> {
    const limit = Math.max(1, Math.min(max, this.max));
    const key = hostLeasesKey(host);
    const token = randomUUID();
    while ((await this.r.hostAcquire(key, limit, token, this.leaseMs)) !== 1)
      await pause(POLL_MS + Math.floor(Math.random() * POLL_MS), signal);
    // Renewed at a third of its life, so a busy event loop does not let a live lease lapse.
    const renew = setInterval(
      () => void this.r.hostRenew(key, token, this.leaseMs).catch(() => undefined),
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      await this.r.zrem(key, token);
    };
  }
}
