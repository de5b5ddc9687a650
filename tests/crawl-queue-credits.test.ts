import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrawlSite,
  type RunningRedis,
  startCrawlSite,
  startRedis,
} from '../packages/server/src/testing/index.js';
import { BIN, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// Credits under the queue engine: a `distill worker` process holds a credit on the server's
// ledger (the queue's Redis, a real redis-server) before it fetches a page and settles the
// page's price as it stores it, as the in-process engine does. Several pages in flight at once
// cannot spend past the key's budget: the crawl stops at it, nothing stored unpaid. A lockdown
// miss of a batch scrape run by the worker costs its 1 credit there too.

const SMALL = 'queue-small-key';
const LOCK = 'queue-lock-key';
const BUDGET = 5;
let dir: string;
let redis: RunningRedis;
let site: CrawlSite;
let served: Served;
let worker: ChildProcess;
let workerLog = '';

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i > 4800) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function status(key: string, kind: 'crawl' | 'batch/scrape', id: string) {
  const res = await fetch(`${served.url}/v2/${kind}/${id}?skip=1000000`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return (await res.json()) as {
    status: string;
    completed: number;
    creditsUsed: number;
    limitsReached: string[];
  };
}

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-queue-credits-'));
  redis = await startRedis();
  // Slow pages, so the worker has several in flight when the budget runs out.
  site = await startCrawlSite({ sections: 3, perSection: 20, pageDelayMs: 80 });
  const keys = join(dir, 'keys.json');
  writeFileSync(
    keys,
    JSON.stringify([
      { key: SMALL, name: 'small', credits: BUDGET },
      { key: LOCK, name: 'lock', credits: 100 },
    ]),
  );
  const queue = redis.queue('credits');
  // No --redis: the server keeps credits in the queue's Redis, where the worker finds them.
  served = await serveProcess(
    ['--allow-private-urls', '--queue', queue, '--keys-file', keys, '--data-dir', join(dir, 'data')],
    { DISTILL_API_KEYS: '', DISTILL_INDEX: '', DISTILL_REDIS_URL: '' },
  );
  worker = spawn(
    process.execPath,
    [BIN, 'worker', '--queue', queue, '--only', 'crawl', '--allow-private-urls', '-c', '6'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, DISTILL_REDIS_URL: '' } },
  );
  worker.stderr?.on('data', (d) => {
    workerLog += d;
  });
  await until(() => workerLog.includes('waiting for jobs'), 'the worker to start');
}, 120_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) worker.kill('SIGTERM');
  await served?.stop();
  await redis?.stop();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('credits of crawls run by distill worker processes', { timeout: 600_000 }, () => {
  it('holds per page before the fetch: six pages in flight cannot overdraw a 5-credit key', async () => {
    const client = new Firecrawl({ apiKey: SMALL, apiUrl: served.url });
    const { id } = await client.startCrawl(`${site.url}/`, {
      limit: 100,
      maxConcurrency: 6,
      scrapeOptions: { maxAge: 0 },
    });
    await until(async () => (await status(SMALL, 'crawl', id)).status !== 'scraping', 'the crawl to end');
    const st = await status(SMALL, 'crawl', id);
    const job = await client.getCrawlStatus(id);
    expect(st.limitsReached).toContain('credits');
    expect(job.data.length).toBeGreaterThan(0);
    // What the pages cost is what the key was charged, and never more than it had.
    expect(job.creditsUsed).toBeLessThanOrEqual(BUDGET);
    const usage = await client.getCreditUsage();
    expect(usage.remainingCredits).toBe(BUDGET - (job.creditsUsed as number));
    // The key is spent: a scrape is refused at the door.
    await expect(client.scrape(`${site.url}/`)).rejects.toThrow(/402|Insufficient credits|Payment/i);
  });

  it('a lockdown miss of a batch scrape costs 1 credit, charged by the worker', async () => {
    const client = new Firecrawl({ apiKey: LOCK, apiUrl: served.url });
    const before = (await client.getCreditUsage()).remainingCredits as number;
    const urls = [`${site.url}/never-cached-1`, `${site.url}/never-cached-2`];
    const { id } = await client.startBatchScrape(urls, { options: { lockdown: true } });
    await until(async () => (await status(LOCK, 'batch/scrape', id)).status !== 'scraping', 'the batch');
    const st = await status(LOCK, 'batch/scrape', id);
    expect(st.completed).toBe(0);
    expect(st.creditsUsed).toBe(2);
    expect((await client.getCreditUsage()).remainingCredits).toBe(before - 2);
    const errors = await client.getBatchScrapeErrors(id);
    expect(errors.errors.map((e) => e.code)).toEqual([
      'SCRAPE_LOCKDOWN_CACHE_MISS',
      'SCRAPE_LOCKDOWN_CACHE_MISS',
    ]);
  });
});
