import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrawlSite,
  type RunningRedis,
  startCrawlSite,
  startRedis,
} from '../packages/server/src/testing/index.js';
import { requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// Crawl pages are charged as the other routes are: credits held before a page is fetched and
// settled as it is stored, in the state store (here a real Redis, `--redis`). When that store
// stops answering, a page is not stored unpaid: it fails, listed in /errors with the catalogue's
// SERVICE_UNAVAILABLE, and the crawl goes on once the store is back.

const KEY = 'credits-crawl-key';
let redis: RunningRedis;
let site: CrawlSite;
let served: Served;

beforeAll(async () => {
  requireBuilt();
  redis = await startRedis();
  site = await startCrawlSite({ sections: 4, perSection: 30, pageDelayMs: 60 });
  served = await serveProcess(['--allow-private-urls', '--redis', redis.url], {
    DISTILL_API_KEYS: KEY,
    DISTILL_INDEX: '',
  });
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await redis?.stop();
  await site?.close();
});

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i > 2400) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function status(id: string) {
  const res = await fetch(`${served.url}/v2/crawl/${id}?skip=1000000`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  if (!res.ok) return undefined;
  return (await res.json()) as { status: string; completed: number; creditsUsed: number };
}

describe('crawl credits through the ledger', { timeout: 600_000 }, () => {
  it('fails a page whose charge the state store could not take, instead of storing it unpaid', async () => {
    const client = new Firecrawl({ apiKey: KEY, apiUrl: served.url });
    const { id } = await client.startCrawl(`${site.url}/`, {
      maxConcurrency: 2,
      scrapeOptions: { maxAge: 0 },
    });
    await until(async () => ((await status(id))?.completed ?? 0) >= 5, 'the first pages');

    // The state store goes away while pages are in flight, and comes back on the same port.
    await redis.stop();
    const servedAtStop = site.served();
    await until(() => site.served() >= servedAtStop + 6, 'pages fetched while the store is down');
    redis = await startRedis(redis.port);

    await until(async () => (await status(id))?.status === 'completed', 'the crawl to end');
    const job = await client.getCrawlStatus(id);
    const stored = new Set(job.data.map((d) => (d.metadata as { url: string }).url));
    expect(stored.size).toBe(job.data.length);
    expect(job.data.length).toBe(job.completed);
    const errs = await client.getCrawlErrors(id);
    const unpaid = errs.errors.filter((e) => e.code === 'SERVICE_UNAVAILABLE');
    expect(unpaid.length).toBeGreaterThan(0);
    for (const e of unpaid) {
      expect(e.error).toMatch(/state store did not answer/);
      expect(stored.has(e.url)).toBe(false);
    }
    // Every stored page was charged, one credit each; the failed ones were not.
    expect(job.creditsUsed).toBe(job.completed);
  });
});
