import type { Redis } from 'ioredis';
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

const MAX_ERRORS_KEPT = 10_000;
const ACTIVE = 'distill:crawl:active';
const SUFFIXES = [
  'meta',
  'plan',
  'seen',
  'settled',
  'claimed',
  'results',
  'errors',
  'robots',
  'limits',
  'hosts',
];

// Each script is one atomic step two workers could otherwise race on. KEYS[1] is the meta hash.
const ADMIT = `
local cap = tonumber(ARGV[1])
local pending = tonumber(redis.call('HGET', KEYS[1], 'pending') or '0')
local out = {}
local capped = 0
for i = 2, #ARGV do
  if redis.call('SISMEMBER', KEYS[2], ARGV[i]) == 0 then
    if pending >= cap then capped = 1 break end
    redis.call('SADD', KEYS[2], ARGV[i])
    pending = pending + 1
    out[#out + 1] = i - 2
  end
end
redis.call('HSET', KEYS[1], 'pending', pending)
redis.call('HINCRBY', KEYS[1], 'total', #out)
out[#out + 1] = capped
return out`;

// KEYS: meta, settled, seen. Settled or never admitted: nothing to do for this URL.
const IS_SETTLED = `
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 0 then return 1 end
return redis.call('SISMEMBER', KEYS[2], ARGV[1])`;

const SETTLE = `
if redis.call('SISMEMBER', KEYS[3], ARGV[1]) == 0 then return 0 end
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then return 0 end
local p = redis.call('HINCRBY', KEYS[1], 'pending', -1)
if p <= 0 then return 1 end
return 0`;

const RESERVE = `
local r = tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
if r >= tonumber(ARGV[1]) then return 0 end
redis.call('HINCRBY', KEYS[1], 'reserved', 1)
return 1`;

const RELEASE = `
local r = tonumber(redis.call('HGET', KEYS[1], 'reserved') or '0')
if r > 0 then redis.call('HINCRBY', KEYS[1], 'reserved', -1) end
return 0`;

// KEYS: meta, claimed, results. ARGV: key, doc, credits, bytes.
const RECORD = `
local added = redis.call('SADD', KEYS[2], ARGV[1])
if added == 1 then
  redis.call('RPUSH', KEYS[3], ARGV[2])
  redis.call('HINCRBY', KEYS[1], 'completed', 1)
  redis.call('HINCRBY', KEYS[1], 'creditsUsed', ARGV[3])
  redis.call('HINCRBY', KEYS[1], 'bytes', ARGV[4])
end
local v = redis.call('HMGET', KEYS[1], 'completed', 'bytes', 'creditsUsed')
return {added, tonumber(v[1]), tonumber(v[2]), tonumber(v[3])}`;

const FINISH = `
if redis.call('HGET', KEYS[1], 'status') ~= 'scraping' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'error', ARGV[2]) end
redis.call('SREM', KEYS[2], ARGV[3])
return 1`;

// KEYS: hosts hash. ARGV: host, now, delay. Returns ms to wait.
const HOST_SLOT = `
local nxt = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local now = tonumber(ARGV[2])
local at = math.max(now, nxt)
redis.call('HSET', KEYS[1], ARGV[1], at + tonumber(ARGV[3]))
return at - now`;

const HOST_DONE = `
local nxt = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local at = tonumber(ARGV[2]) + tonumber(ARGV[3])
if at > nxt then redis.call('HSET', KEYS[1], ARGV[1], at) end
return 0`;

type Scripted = Redis & {
  crawlAdmit(meta: string, seen: string, ...args: (string | number)[]): Promise<number[]>;
  crawlIsSettled(meta: string, settled: string, seen: string, url: string): Promise<number>;
  crawlSettle(meta: string, settled: string, seen: string, url: string): Promise<number>;
  crawlReserve(meta: string, limit: number): Promise<number>;
  crawlRelease(meta: string): Promise<number>;
  crawlRecord(
    meta: string,
    claimed: string,
    results: string,
    ...args: (string | number)[]
  ): Promise<number[]>;
  crawlFinish(meta: string, active: string, status: string, error: string, id: string): Promise<number>;
  crawlHostSlot(hosts: string, host: string, now: number, delay: number): Promise<number>;
  crawlHostDone(hosts: string, host: string, now: number, delay: number): Promise<number>;
};

/**
 * Jobs in Redis (the `--queue` engine): the frontier's seen set, results, errors and counters,
 * so several worker processes share a crawl and a restarted server still answers its status.
 * Keys expire with the job (`expiresAt`); the frontier's size is capped by `admit`.
 */
export class RedisJobStore implements JobStore {
  private readonly r: Scripted;

  constructor(redis: Redis) {
    this.r = redis as Scripted;
    const def = (name: string, keys: number, lua: string) =>
      redis.defineCommand(name, { numberOfKeys: keys, lua });
    def('crawlAdmit', 2, ADMIT);
    def('crawlIsSettled', 3, IS_SETTLED);
    def('crawlSettle', 3, SETTLE);
    def('crawlReserve', 1, RESERVE);
    def('crawlRelease', 1, RELEASE);
    def('crawlRecord', 3, RECORD);
    def('crawlFinish', 2, FINISH);
    def('crawlHostSlot', 1, HOST_SLOT);
    def('crawlHostDone', 1, HOST_DONE);
  }

  private k(id: string, suffix: string): string {
    return `distill:crawl:${id}:${suffix}`;
  }

  async create(meta: JobMeta, plan: CrawlPlan, seeds: FrontierEntry[]): Promise<FrontierEntry[]> {
    const ttl = Math.max(60, Math.ceil((meta.expiresAt - Date.now()) / 1000));
    await this.r
      .multi()
      .hset(this.k(meta.id, 'meta'), {
        id: meta.id,
        kind: meta.kind,
        owner: meta.owner,
        ownerName: meta.ownerName,
        url: meta.url,
        status: meta.status,
        createdAt: meta.createdAt,
        expiresAt: meta.expiresAt,
        total: 0,
        completed: 0,
        creditsUsed: 0,
        bytes: 0,
        pending: 0,
        reserved: 0,
        charged: 0,
        options: JSON.stringify(meta.options),
      })
      .set(this.k(meta.id, 'plan'), JSON.stringify(plan))
      .expire(this.k(meta.id, 'meta'), ttl)
      .expire(this.k(meta.id, 'plan'), ttl)
      .sadd(ACTIVE, meta.id)
      .exec();
    return (await this.admit(meta.id, seeds, Number.MAX_SAFE_INTEGER)).added;
  }

  async meta(id: string): Promise<JobMeta | undefined> {
    const h = await this.r.hgetall(this.k(id, 'meta'));
    if (!h.id) return undefined;
    const limits = (await this.r.smembers(this.k(id, 'limits'))) as LimitName[];
    return {
      id: h.id,
      kind: h.kind as JobMeta['kind'],
      owner: h.owner,
      ownerName: h.ownerName,
      url: h.url,
      status: h.status as JobStatus,
      createdAt: Number(h.createdAt),
      expiresAt: Number(h.expiresAt),
      total: Number(h.total),
      completed: Number(h.completed),
      creditsUsed: Number(h.creditsUsed),
      bytes: Number(h.bytes),
      limitsReached: limits.sort(),
      error: h.error || undefined,
      options: JSON.parse(h.options || '{}'),
    };
  }

  private readonly plans = new Map<string, CrawlPlan>();

  async plan(id: string): Promise<CrawlPlan | undefined> {
    const cached = this.plans.get(id);
    if (cached) return cached;
    const s = await this.r.get(this.k(id, 'plan'));
    if (!s) return undefined;
    const plan = JSON.parse(s) as CrawlPlan;
    this.plans.set(id, plan);
    if (this.plans.size > 256) this.plans.delete(this.plans.keys().next().value as string);
    return plan;
  }

  async finish(id: string, status: Exclude<JobStatus, 'scraping'>, error?: string): Promise<boolean> {
    const ended = (await this.r.crawlFinish(this.k(id, 'meta'), ACTIVE, status, error ?? '', id)) === 1;
    if (ended) {
      const meta = await this.r.hmget(this.k(id, 'meta'), 'expiresAt');
      const ttl = Math.max(60, Math.ceil((Number(meta[0]) - Date.now()) / 1000));
      const m = this.r.multi();
      for (const s of SUFFIXES) m.expire(this.k(id, s), ttl);
      // The frontier's bookkeeping is no longer needed once the job ended: free it now.
      m.del(this.k(id, 'seen'), this.k(id, 'settled'), this.k(id, 'hosts'));
      await m.exec();
    }
    return ended;
  }

  async addLimit(id: string, limit: LimitName): Promise<void> {
    await this.r.sadd(this.k(id, 'limits'), limit);
  }

  async admit(id: string, entries: FrontierEntry[], cap: number) {
    if (entries.length === 0) return { added: [], capped: false };
    const res = await this.r.crawlAdmit(
      this.k(id, 'meta'),
      this.k(id, 'seen'),
      Math.min(cap, Number.MAX_SAFE_INTEGER),
      ...entries.map((e) => e.url),
    );
    const capped = res.pop() === 1;
    return { added: res.map((i) => entries[i]), capped };
  }

  async isSettled(id: string, url: string): Promise<boolean> {
    return (
      (await this.r.crawlIsSettled(this.k(id, 'meta'), this.k(id, 'settled'), this.k(id, 'seen'), url)) === 1
    );
  }

  async reserve(id: string, limit: number): Promise<boolean> {
    return (await this.r.crawlReserve(this.k(id, 'meta'), limit)) === 1;
  }

  async release(id: string): Promise<void> {
    await this.r.crawlRelease(this.k(id, 'meta'));
  }

  async record(id: string, key: string, doc: unknown, credits: number, bytes: number): Promise<Recorded> {
    const [added, completed, total, creditsUsed] = await this.r.crawlRecord(
      this.k(id, 'meta'),
      this.k(id, 'claimed'),
      this.k(id, 'results'),
      key,
      JSON.stringify(doc),
      credits,
      bytes,
    );
    return { added: added === 1, completed, bytes: total, creditsUsed };
  }

  async addError(id: string, e: PageError): Promise<void> {
    const key = this.k(id, 'errors');
    if ((await this.r.llen(key)) < MAX_ERRORS_KEPT) await this.r.rpush(key, JSON.stringify(e));
  }

  async addRobotsBlocked(id: string, url: string): Promise<void> {
    const key = this.k(id, 'robots');
    if ((await this.r.scard(key)) < MAX_ERRORS_KEPT) await this.r.sadd(key, url);
  }

  async settle(id: string, url: string): Promise<boolean> {
    return (
      (await this.r.crawlSettle(this.k(id, 'meta'), this.k(id, 'settled'), this.k(id, 'seen'), url)) === 1
    );
  }

  async results(id: string, skip: number, take: number): Promise<unknown[]> {
    if (take <= 0) return [];
    const raw = await this.r.lrange(this.k(id, 'results'), skip, skip + take - 1);
    return raw.map((s) => JSON.parse(s));
  }

  async errors(id: string) {
    const [errs, robots] = await Promise.all([
      this.r.lrange(this.k(id, 'errors'), 0, -1),
      this.r.smembers(this.k(id, 'robots')),
    ]);
    return { errors: errs.map((s) => JSON.parse(s) as PageError), robotsBlocked: robots.sort() };
  }

  async hostSlot(id: string, host: string, delayMs: number): Promise<number> {
    if (delayMs <= 0) return 0;
    return Number(await this.r.crawlHostSlot(this.k(id, 'hosts'), host, Date.now(), delayMs));
  }

  async hostDone(id: string, host: string, delayMs: number): Promise<void> {
    if (delayMs > 0) await this.r.crawlHostDone(this.k(id, 'hosts'), host, Date.now(), delayMs);
  }

  async active(): Promise<string[]> {
    return (await this.r.smembers(ACTIVE)).sort();
  }

  async addCharged(id: string, credits: number): Promise<number> {
    return this.r.hincrby(this.k(id, 'meta'), 'charged', credits);
  }

  /** Credits the workers recorded and the ones already charged to the caller. */
  async creditsState(id: string): Promise<{ used: number; charged: number; owner: string } | undefined> {
    const [used, charged, owner] = await this.r.hmget(this.k(id, 'meta'), 'creditsUsed', 'charged', 'owner');
    if (owner === null) return undefined;
    return { used: Number(used), charged: Number(charged), owner };
  }

  async close(): Promise<void> {}
}
