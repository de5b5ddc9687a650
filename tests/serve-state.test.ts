import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../packages/server/src/testing/index.js';
import { ApiDocument, validatingProxy } from './helpers/openapi.js';
import { EXAMPLE, serveProcess } from './helpers/spawn.js';

// Credits and rate limits as an operator running `distill serve` meets them: spent through the
// official firecrawl client, read back with its getCreditUsage(), across a hard restart (state
// in SQLite under --data-dir) and across two instances sharing one Redis (--redis). Every
// response goes through a proxy that checks it against /v2/openapi.json.

const CSV = Buffer.from('fruit,count\napple,3\npear,5\n');
const PDF = readFileSync(join(EXAMPLE, 'field-notes.pdf'));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'distill-serve-state-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function keysFile(name: string, keys: object[]): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(keys));
  return file;
}

/** A spawned server behind a validating proxy, and an official client per key. */
async function instance(args: string[]) {
  const served = await serveProcess(args, { DISTILL_API_KEYS: '', DISTILL_INDEX: '', DISTILL_REDIS_URL: '' });
  const api = await ApiDocument.load(served.url);
  const proxy = await validatingProxy(served.url, api);
  return {
    served,
    proxy,
    client: (key: string) => new Firecrawl({ apiKey: key, apiUrl: proxy.url }),
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      await proxy.close();
      if (signal === 'SIGKILL') {
        const exited = new Promise((r) => served.child.once('exit', r));
        served.child.kill('SIGKILL');
        await exited;
      } else await served.stop();
    },
  };
}
type Instance = Awaited<ReturnType<typeof instance>>;

/** Parses one file; the HTTP status the client saw (200, or its error's). */
const parse = (c: Firecrawl, data: Buffer, filename: string) =>
  c.parse({ data, filename }).then(
    () => 200,
    (e: { status?: number; message?: string; code?: string }) => e.status ?? `${e.code}: ${e.message}`,
  );

const remaining = async (c: Firecrawl) => (await c.getCreditUsage()).remainingCredits;

describe('distill serve --data-dir: state survives a hard restart', { timeout: 180_000 }, () => {
  it('keeps the exact balance and the rate-limit window through kill -9 and a new process', async () => {
    const data = join(dir, 'data');
    const keys = keysFile('restart', [
      { key: 'budget-key', name: 'budget', credits: 12 },
      { key: 'rate-key', name: 'rate', rateLimitPerMinute: 3 },
    ]);
    const args = ['--data-dir', data, '--keys-file', keys];
    let s: Instance | undefined = await instance(args);
    try {
      const c = s.client('budget-key');
      expect(await remaining(c)).toBe(12);
      // A PDF costs a credit per page; the CSVs one each.
      const pdf = await c.parse({ data: PDF, filename: 'field-notes.pdf' });
      const pages = pdf.metadata?.numPages ?? 0;
      expect(pages).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 3; i++) expect(await parse(c, CSV, 'a.csv')).toBe(200);
      const left = 12 - pages - 3;
      expect(await remaining(c)).toBe(left);
      const r = s.client('rate-key');
      for (let i = 0; i < 3; i++) await r.getCreditUsage();
      expect(s.proxy.problems).toEqual([]);

      // No drain, no goodbye: whatever was committed is all the next process gets.
      await s.stop('SIGKILL');
      s = await instance(args);
      const again = s.client('budget-key');
      expect(await remaining(again)).toBe(left);
      // The window of the rate-limited key came back with it: its fourth request in the
      // minute is refused, although this process never saw the first three.
      await expect(s.client('rate-key').getCreditUsage()).rejects.toMatchObject({ status: 429 });
      // Spend the rest concurrently, asking for more than is left: exactly `left` succeed.
      const statuses = await Promise.all(Array.from({ length: left + 4 }, () => parse(again, CSV, 'b.csv')));
      expect(statuses.filter((x) => x === 200)).toHaveLength(left);
      expect(statuses.filter((x) => x === 402)).toHaveLength(4);
      expect(await remaining(again)).toBe(0);
      expect(s.proxy.problems).toEqual([]);
    } finally {
      await s?.stop();
    }
  });
});

describe(
  'distill serve --redis: two instances share one ledger and one limit per key',
  { timeout: 180_000 },
  () => {
    let redis: RunningRedis;
    let a: Instance;
    let b: Instance;
    beforeAll(async () => {
      redis = await startRedis();
      const keys = keysFile('shared', [
        { key: 'tight-key', name: 'tight', credits: 20 },
        { key: 'roomy-key', name: 'roomy', credits: 100 },
        { key: 'rate-key', name: 'rate', rateLimitPerMinute: 6 },
      ]);
      // Separate data folders: nothing is shared but Redis.
      [a, b] = await Promise.all(
        ['a', 'b'].map((n) =>
          instance(['--redis', redis.url, '--data-dir', join(dir, n), '--keys-file', keys]),
        ),
      );
    }, 120_000);
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await redis?.stop();
    });

    it('both report redis as their state store', async () => {
      for (const s of [a, b]) {
        const h = (await (await fetch(`${s.proxy.url}/v2/health`)).json()) as { state: { store: string } };
        expect(h.state.store).toBe('redis');
      }
    });

    it('spent through both at once, the remaining credits are exact', async () => {
      const [ca, cb] = [a.client('roomy-key'), b.client('roomy-key')];
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => parse(i % 2 ? ca : cb, CSV, `r${i}.csv`)),
      );
      expect(statuses.every((x) => x === 200)).toBe(true);
      expect(await remaining(ca)).toBe(70);
      expect(await remaining(cb)).toBe(70);
    });

    it('asked for more than the budget through both at once, never overdraws', async () => {
      const [ca, cb] = [a.client('tight-key'), b.client('tight-key')];
      const statuses = await Promise.all(
        Array.from({ length: 36 }, (_, i) => parse(i % 2 ? ca : cb, CSV, `t${i}.csv`)),
      );
      expect(
        statuses.filter((x) => x === 200),
        String(statuses),
      ).toHaveLength(20);
      expect(
        statuses.filter((x) => x === 402),
        String(statuses),
      ).toHaveLength(16);
      expect(await remaining(ca)).toBe(0);
      expect(await remaining(cb)).toBe(0);
    });

    it('one rate-limit window: six requests a minute in all, whichever instance answers', async () => {
      const res = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          fetch(`${(i % 2 ? a : b).proxy.url}/v2/team/credit-usage`, {
            headers: { authorization: 'Bearer rate-key' },
          }),
        ),
      );
      expect(res.filter((r) => r.status === 200)).toHaveLength(6);
      const refused = res.filter((r) => r.status === 429);
      expect(refused).toHaveLength(4);
      for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      await Promise.all(res.map((r) => r.arrayBuffer()));
    });

    it('every response conformed to /v2/openapi.json', () => {
      expect(a.proxy.problems).toEqual([]);
      expect(b.proxy.problems).toEqual([]);
    });
  },
);
