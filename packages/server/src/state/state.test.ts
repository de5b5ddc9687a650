import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../testing/redis.js';
import { MemoryState } from './memory.js';
import { RedisState } from './redis.js';
import { SqliteState } from './sqlite.js';
import type { StateStore } from './store.js';

// One contract, three stores: each is checked the same way, and the shared ones (SQLite file,
// Redis) also through two handles at once, as two processes would hold them.

let dir: string;
let redis: RunningRedis;
let n = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'distill-state-'));
  redis = await startRedis();
}, 60_000);
afterAll(async () => {
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3_600_000;

type Open = () => Promise<{ a: StateStore; b: StateStore }>;
const stores: [string, Open][] = [
  [
    'memory',
    async () => {
      const m = new MemoryState();
      return { a: m, b: m };
    },
  ],
  [
    'sqlite',
    async () => {
      const file = join(dir, `s${n++}.sqlite`);
      return { a: new SqliteState(file), b: new SqliteState(file) };
    },
  ],
  [
    'redis',
    async () => {
      const prefix = `t${n++}:`;
      return { a: await RedisState.open(redis.url, prefix), b: await RedisState.open(redis.url, prefix) };
    },
  ],
];

describe.each(stores)('%s state', (_name, open) => {
  let a: StateStore;
  let b: StateStore;
  beforeAll(async () => {
    ({ a, b } = await open());
  });
  afterAll(async () => {
    await a.close();
    if (b !== a) await b.close();
  });

  it('raises a hold in place (same id): its old amount no longer counts, a refused raise keeps it', async () => {
    expect(await a.hold('r1', 'h', 1, 5, HOUR)).toBe(true);
    expect(await b.hold('r1', 'other', 1, 5, HOUR)).toBe(true);
    // 1 (other) + 4 = 5: fits, because the raised hold replaces its own 1.
    expect(await b.hold('r1', 'h', 4, 5, HOUR)).toBe(true);
    // 1 + 5 would pass 5: refused, and the hold stays at 4.
    expect(await a.hold('r1', 'h', 5, 5, HOUR)).toBe(false);
    expect(await a.hold('r1', 'third', 1, 5, HOUR)).toBe(false);
    expect(await a.settle('r1', 'h', 4, 5)).toBe(true);
    expect(await b.spent('r1')).toBe(4);
  });

  it('holds, settles and releases credits without passing the budget', async () => {
    expect(await a.hold('k1', 'h1', 1, 3, HOUR)).toBe(true);
    expect(await b.hold('k1', 'h2', 1, 3, HOUR)).toBe(true);
    // A job that cost 2 fits beside the other hold (2 + 1 <= 3).
    expect(await a.settle('k1', 'h1', 2, 3)).toBe(true);
    // The other job cost 2 too: 2 spent + 2 would pass 3, so nothing is charged.
    expect(await b.settle('k1', 'h2', 2, 3)).toBe(false);
    expect(await a.spent('k1')).toBe(2);
    expect(await b.hold('k1', 'h3', 1, 3, HOUR)).toBe(true);
    expect(await a.hold('k1', 'h4', 1, 3, HOUR)).toBe(false);
    await a.release('k1', 'h3');
    expect(await a.hold('k1', 'h4', 1, 3, HOUR)).toBe(true);
    expect(await b.settle('k1', 'h4', 1, 3)).toBe(true);
    expect(await b.spent('k1')).toBe(3);
    // Without a budget a charge always goes through.
    expect(await a.settle('k2', 'x', 7, undefined)).toBe(true);
    expect(await b.spent('k2')).toBe(7);
  });

  it('lets exactly the budget through when holds race from two handles', async () => {
    const tries = Array.from({ length: 60 }, (_, i) =>
      (i % 2 ? a : b).hold('race', `h${i}`, 1, 25, HOUR).then(async (ok) => {
        if (ok) expect(await (i % 2 ? b : a).settle('race', `h${i}`, 1, 25)).toBe(true);
        return ok;
      }),
    );
    const granted = (await Promise.all(tries)).filter(Boolean).length;
    expect(granted).toBe(25);
    expect(await a.spent('race')).toBe(25);
  });

  it('shares one rate-limit window per key', async () => {
    const waits = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).hit('rl', 5)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    for (const w of waits.filter((w) => w > 0)) {
      expect(w).toBeGreaterThanOrEqual(1);
      expect(w).toBeLessThanOrEqual(60);
    }
    expect(await a.hit('other-key', 5)).toBe(0);
  });

  it('records keys without failing on a second start', async () => {
    await a.recordKeys([
      { id: 'k1', name: 'one', credits: 3 },
      { id: 'k3', name: 'three' },
    ]);
    await b.recordKeys([{ id: 'k1', name: 'one again', credits: 4 }]);
  });
});

describe('lapsed holds', () => {
  it('a hold whose process never settled stops counting once it lapses (SQLite, memory)', async () => {
    let now = 1_000_000;
    const clock = () => now;
    for (const s of [new MemoryState(clock), new SqliteState(join(dir, 'lapse.sqlite'), clock)]) {
      expect(await s.hold('k', 'dead', 1, 1, 60_000)).toBe(true);
      expect(await s.hold('k', 'next', 1, 1, 60_000)).toBe(false);
      now += 60_001;
      expect(await s.hold('k', 'next', 1, 1, 60_000)).toBe(true);
      await s.close();
    }
  });

  it('and in Redis, on Redis’ own clock', async () => {
    const s = await RedisState.open(redis.url, 'lapse:');
    try {
      expect(await s.hold('k', 'dead', 1, 1, 1)).toBe(true);
      await new Promise((r) => setTimeout(r, 20));
      expect(await s.hold('k', 'next', 1, 1, 60_000)).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe('RedisState.open', () => {
  it('fails at start, naming the URL without its password, when Redis cannot be reached', async () => {
    await expect(RedisState.open('redis://user:secret@127.0.0.1:1')).rejects.toThrow(
      /--redis redis:\/\/user:\*\*\*@127\.0\.0\.1:1.*cannot reach Redis/,
    );
  });
});
