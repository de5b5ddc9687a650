import type { Redis } from 'ioredis';
import { REDIS_NOW } from './redis-host-gate.js';
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
/** When the next request to a host may start (Redis ms): the politeness delay, shared. */
export const hostNextKey = (host: string) => `distill:crawl:host:${host}:next`;
const SUFFIXES = [
  'meta',
  'plan',
  'seen',
  'settled',
  'claimed',
  'claiming',
  'results',
  'errors',
  'robots',
  'limits',
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

// KEYS: meta, seen, active. ARGV: cap, id, urls... Appending to a batch, in one step with its
// status (a job completing meanwhile cannot strand the new URLs): one that ended runs again,
// a cancelled one takes nothing. The frontier's sets were freed when it ended; results and the
// claimed set are kept, so a page stored before is not stored twice. Returns ADMIT's answer
// and then the state: -1 closed, 0 running, 1 reopened.
const APPEND = `
local st = redis.call('HGET', KEYS[1], 'status')
if not st or st == 'cancelled' then return {0, -1} end
local state = 0
if st ~= 'scraping' then
  redis.call('HSET', KEYS[1], 'status', 'scraping')
  redis.call('HDEL', KEYS[1], 'error')
  redis.call('SADD', KEYS[3], ARGV[2])
  state = 1
end
local cap = tonumber(ARGV[1])
local pending = tonumber(redis.call('HGET', KEYS[1], 'pending') or '0')
local out = {}
local capped = 0
for i = 3, #ARGV do
  if redis.call('SISMEMBER', KEYS[2], ARGV[i]) == 0 then
    if pending >= cap then capped = 1 break end
    redis.call('SADD', KEYS[2], ARGV[i])
    pending = pending + 1
    out[#out + 1] = i - 3
  end
end
redis.call('HSET', KEYS[1], 'pending', pending)
redis.call('HINCRBY', KEYS[1], 'total', #out)
out[#out + 1] = capped
out[#out + 1] = state
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

// KEYS: meta, claimed, results. ARGV: key, doc, credits, bytes. A page that finished after
// its job ended (cancelled, or completed by a rerun of a page whose worker stalled) is not kept.
const RECORD = `
local added = 0
if redis.call('HGET', KEYS[1], 'status') == 'scraping' then added = redis.call('SADD', KEYS[2], ARGV[1]) end
if added == 1 then
  redis.call('RPUSH', KEYS[3], ARGV[2])
  redis.call('HINCRBY', KEYS[1], 'completed', 1)
  redis.call('HINCRBY', KEYS[1], 'creditsUsed', ARGV[3])
  redis.call('HINCRBY', KEYS[1], 'bytes', ARGV[4])
end
local v = redis.call('HMGET', KEYS[1], 'completed', 'bytes', 'creditsUsed')
return {added, tonumber(v[1]) or 0, tonumber(v[2]) or 0, tonumber(v[3]) or 0}`;

// The two halves of RECORD, for a page charged in between. KEYS: meta, claimed. ARGV: key.
// A page charged before it is stored is claimed for a short lease first (KEYS: meta, claimed,
// claiming; ARGV: key, lease ms): 1 claimed, 0 stored already (or the job is over), or minus the
// ms left on another worker's lease. The lease lapses, so a worker killed between its claim and
// its commit does not keep the page from the worker that redoes it (it would be lost silently).
/** How long a claim to charge and store a page lasts: a charge is one ledger round trip. */
const CLAIM_LEASE_MS = 15_000;

const CLAIM = `${REDIS_NOW}
if redis.call('HGET', KEYS[1], 'status') ~= 'scraping' then return 0 end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 1 then return 0 end
local held = tonumber(redis.call('HGET', KEYS[3], ARGV[1]))
if held and held > now then return now - held end
redis.call('HSET', KEYS[3], ARGV[1], now + tonumber(ARGV[2]))
return 1`;

// KEYS: meta, results, claimed, claiming. ARGV: doc, credits, bytes, key. Stored once: a claimer
// whose lease lapsed and who commits after all finds the page stored and stores nothing.
const COMMIT = `
if redis.call('SADD', KEYS[3], ARGV[4]) == 0 then
  local w = redis.call('HMGET', KEYS[1], 'completed', 'bytes', 'creditsUsed')
  return {0, tonumber(w[1]) or 0, tonumber(w[2]) or 0, tonumber(w[3]) or 0}
end
redis.call('HDEL', KEYS[4], ARGV[4])
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[1], 'completed', 1)
redis.call('HINCRBY', KEYS[1], 'creditsUsed', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'bytes', ARGV[3])
local v = redis.call('HMGET', KEYS[1], 'completed', 'bytes', 'creditsUsed')
return {1, tonumber(v[1]) or 0, tonumber(v[2]) or 0, tonumber(v[3]) or 0}`;

const FINISH = `
if redis.call('HGET', KEYS[1], 'status') ~= 'scraping' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'error', ARGV[2]) end
redis.call('SREM', KEYS[2], ARGV[3])
return 1`;

// The politeness delay, per host across jobs and worker processes, on Redis's clock.
// KEYS: the host's next-allowed key. ARGV: delay. Returns ms to wait; books the slot after it.
const HOST_SLOT = `${REDIS_NOW}
local d = math.ceil(tonumber(ARGV[1]))
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = math.max(now, nxt)
redis.call('SET', KEYS[1], at + d, 'PX', at - now + d + 1000)
return at - now`;

// A response ended: the next request to the host waits `delay` from now.
const HOST_DONE = `${REDIS_NOW}
local d = math.ceil(tonumber(ARGV[1]))
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
if now + d > nxt then redis.call('SET', KEYS[1], now + d, 'PX', d + 1000) end
return 0`;

type Scripted = Redis & {
  crawlAdmit(meta: string, seen: string, ...args: (string | number)[]): Promise<number[]>;
  crawlAppend(meta: string, seen: string, active: string, ...args: (string | number)[]): Promise<number[]>;
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
  crawlClaim(meta: string, claimed: string, claiming: string, key: string, leaseMs: number): Promise<number>;
  crawlCommit(
    meta: string,
    results: string,
    claimed: string,
    claiming: string,
    doc: string,
    credits: number,
    bytes: number,
    key: string,
  ): Promise<number[]>;
  crawlFinish(meta: string, active: string, status: string, error: string, id: string): Promise<number>;
  crawlHostSlot(next: string, delay: number): Promise<number>;
  crawlHostDone(next: string, delay: number): Promise<number>;
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
    def('crawlAppend', 3, APPEND);
    def('crawlIsSettled', 3, IS_SETTLED);
    def('crawlSettle', 3, SETTLE);
    def('crawlReserve', 1, RESERVE);
    def('crawlRelease', 1, RELEASE);
    def('crawlRecord', 3, RECORD);
    def('crawlClaim', 3, CLAIM);
    def('crawlCommit', 4, COMMIT);
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
      m.del(this.k(id, 'seen'), this.k(id, 'settled'));
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

  async append(id: string, entries: FrontierEntry[], cap: number) {
    const res = await this.r.crawlAppend(
      this.k(id, 'meta'),
      this.k(id, 'seen'),
      ACTIVE,
      Math.min(cap, Number.MAX_SAFE_INTEGER),
      id,
      ...entries.map((e) => e.url),
    );
    const state = res.pop();
    const capped = res.pop() === 1;
    if (state === -1) return { added: [], capped: false, reopened: false, closed: true };
    return { added: res.map((i) => entries[i]), capped, reopened: state === 1, closed: false };
  }

  /** Runs one of the frontier scripts that take a URL against the job's meta, settled and seen keys. */
  private async onFrontier(
    script: 'crawlIsSettled' | 'crawlSettle',
    id: string,
    url: string,
  ): Promise<boolean> {
    return (await this.r[script](this.k(id, 'meta'), this.k(id, 'settled'), this.k(id, 'seen'), url)) === 1;
  }

  isSettled(id: string, url: string): Promise<boolean> {
    return this.onFrontier('crawlIsSettled', id, url);
  }

  async reserve(id: string, limit: number): Promise<boolean> {
    return (await this.r.crawlReserve(this.k(id, 'meta'), limit)) === 1;
  }

  async release(id: string): Promise<void> {
    await this.r.crawlRelease(this.k(id, 'meta'));
  }

  async record(
    id: string,
    key: string,
    doc: unknown,
    credits: number,
    bytes: number,
    charge?: () => Promise<boolean>,
  ): Promise<Recorded> {
    const meta = this.k(id, 'meta');
    if (charge) {
      const claimed = this.k(id, 'claimed');
      const claiming = this.k(id, 'claiming');
      let paid = false;
      let claim = await this.r.crawlClaim(meta, claimed, claiming, key, CLAIM_LEASE_MS);
      // Another worker holds the page's lease: wait it out (it commits, or it died and it lapses).
      while (claim < 0) {
        await new Promise((r) => setTimeout(r, Math.min(-claim, CLAIM_LEASE_MS) + 10));
        claim = await this.r.crawlClaim(meta, claimed, claiming, key, CLAIM_LEASE_MS);
      }
      if (claim === 1) {
        try {
          paid = await charge();
        } finally {
          if (!paid) await this.r.hdel(claiming, key);
        }
      }
      if (paid) {
        const [added, completed, total, creditsUsed] = await this.r.crawlCommit(
          meta,
          this.k(id, 'results'),
          claimed,
          claiming,
          JSON.stringify(doc),
          credits,
          bytes,
          key,
        );
        return { added: added === 1, completed, bytes: total, creditsUsed };
      }
      const [completed, total, creditsUsed] = await this.r.hmget(meta, 'completed', 'bytes', 'creditsUsed');
      return {
        added: false,
        completed: Number(completed),
        bytes: Number(total),
        creditsUsed: Number(creditsUsed),
      };
    }
    const [added, completed, total, creditsUsed] = await this.r.crawlRecord(
      meta,
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

  settle(id: string, url: string): Promise<boolean> {
    return this.onFrontier('crawlSettle', id, url);
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

  /** Shared by every job and worker on this Redis: two crawls of one host keep one pace. */
  async hostSlot(_id: string, host: string, delayMs: number): Promise<number> {
    if (delayMs <= 0) return 0;
    return Number(await this.r.crawlHostSlot(hostNextKey(host), delayMs));
  }

  async hostDone(_id: string, host: string, delayMs: number): Promise<void> {
    if (delayMs > 0) await this.r.crawlHostDone(hostNextKey(host), delayMs);
  }

  async active(): Promise<string[]> {
    return (await this.r.smembers(ACTIVE)).sort();
  }

  async addCredits(id: string, credits: number): Promise<void> {
    await this.r.hincrby(this.k(id, 'meta'), 'creditsUsed', credits);
  }

  async close(): Promise<void> {}
}
