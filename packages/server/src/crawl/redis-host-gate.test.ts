import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../testing/redis.js';
import { hostLeasesKey, RedisHostGate } from './redis-host-gate.js';

// The per-host leases the queue engine's workers share, on a real redis-server: two gates on
// two connections stand for two worker processes. (Through the door: tests/crawl-queue.test.ts.)

let redis: RunningRedis;
const conns: Redis[] = [];
const connect = () => {
  const c = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  c.on('error', () => undefined);
  conns.push(c);
  return c;
};

beforeAll(async () => {
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  for (const c of conns) c.disconnect();
  await redis?.stop();
});

describe('RedisHostGate', () => {
  it('lets no more than the limit in over two workers; a released slot passes on', async () => {
    const a = new RedisHostGate(connect(), 16, 5_000);
    const b = new RedisHostGate(connect(), 16, 5_000);
    const first = await a.enter('site.test', 1);
    let second: (() => Promise<void>) | undefined;
    const waiting = b.enter('site.test', 1).then((r) => {
      second = r;
    });
    // However long it waits, b does not get in while a holds the only slot.
    await new Promise((r) => setTimeout(r, 300));
    expect(second).toBeUndefined();
    expect(await conns[0].zcard(hostLeasesKey('site.test'))).toBe(1);
    await first();
    await waiting;
    expect(second).toBeDefined();
    await second?.();
    expect(await conns[0].zcard(hostLeasesKey('site.test'))).toBe(0);
  });

  it("gives a dead worker's slot to another once its lease lapses", async () => {
    const dying = connect();
    const a = new RedisHostGate(dying, 16, 600);
    await a.enter('lapse.test', 1);
    // The worker dies: its connection goes, its lease is no longer renewed.
    dying.disconnect();
    const b = new RedisHostGate(connect(), 16, 600);
    const release = await b.enter('lapse.test', 1);
    await release();
  });

  it('stops waiting when the crawl is cancelled', async () => {
    const a = new RedisHostGate(connect(), 16, 5_000);
    const held = await a.enter('cancel.test', 1);
    const ac = new AbortController();
    const waiting = a.enter('cancel.test', 1, ac.signal);
    ac.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    await held();
  });
});
