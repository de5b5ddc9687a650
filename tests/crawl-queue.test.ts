import { type ChildProcess, spawn } from 'node:child_process';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrawlSite,
  type RunningRedis,
  startCrawlSite,
  startRedis,
} from '../packages/server/src/testing/index.js';
import { BIN, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// The queue engine: `distill serve --queue redis://…` keeps the crawl in a real redis-server and
// two `distill worker` processes do the pages. One worker is killed (SIGKILL) mid-crawl: its
// pages are handed to the other once their lock lapses, and the crawl still ends with every
// allowed page exactly once. A restarted server still answers for the crawl.

const KEY = 'queue-crawl-key';
let redis: RunningRedis;
let site: CrawlSite;
let served: Served;
const workers: { child: ChildProcess; log: () => string }[] = [];

function startWorker(queue: string) {
  // Each worker reads the plan's per-host cap, so no per-host flag is given here.
  const child = spawn(
    process.execPath,
    [
      BIN,
      'worker',
      '--queue',
      queue,
      '--only',
      'crawl',
      '--allow-private-urls',
      '--lock-seconds',
      '4',
      '-c',
      '4',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const w = { child, log: () => log };
  workers.push(w);
  return w;
}

const pagesDone = (log: string, job = '') =>
  (log.match(new RegExp(`^page .*crawl ${job}`, 'gm')) ?? []).length;

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i > 2400) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function statusOf(s: Served, kind: 'crawl' | 'batch/scrape', id: string) {
  const res = await fetch(`${s.url}/v2/${kind}/${id}?skip=1000000`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  return (await res.json()) as { status: string; completed: number; total: number };
}

beforeAll(async () => {
  requireBuilt();
  redis = await startRedis();
  // Each page takes a moment to answer, so a killed worker surely dies with pages in flight.
  site = await startCrawlSite({ sections: 10, perSection: 50, pageDelayMs: 15 });
  served = await serveProcess(['--allow-private-urls', '--queue', redis.queue('q')], {
    DISTILL_API_KEYS: KEY,
    DISTILL_INDEX: '',
  });
}, 120_000);

const others: { close(): Promise<unknown> }[] = [];

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
  for (const o of others) await o.close();
  await served?.stop();
  await redis?.stop();
  await site?.close();
});

describe('crawl on Redis with two distill worker processes', { timeout: 600_000 }, () => {
  it('completes with every allowed page once after a worker is killed mid-crawl, and survives a server restart', async () => {
    const queue = redis.queue('q');
    const a = startWorker(queue);
    const b = startWorker(queue);
    const client = new Firecrawl({ apiKey: KEY, apiUrl: served.url });
    const { id } = await client.startCrawl(`${site.url}/`, { maxDiscoveryDepth: 3, limit: 5000 });

    // Wait until worker A has done some pages (and so holds others), then kill it outright.
    while (pagesDone(a.log()) < 60) await new Promise((r) => setTimeout(r, 100));
    a.child.kill('SIGKILL');
    const killedAfter = pagesDone(a.log());

    let job = await client.getCrawlStatus(id, { autoPaginate: false });
    while (job.status === 'scraping') {
      await new Promise((r) => setTimeout(r, 500));
      job = await client.getCrawlStatus(id, { autoPaginate: false });
    }
    expect(job.status).toBe('completed');
    const full = await client.getCrawlStatus(id);
    const urls = full.data.map((d) => (d.metadata as { url: string }).url);
    const expected = site.expected(3);
    expect(new Set(urls).size, 'no page twice').toBe(urls.length);
    expect(new Set(urls)).toEqual(expected);
    expect(pagesDone(b.log())).toBeGreaterThan(0);
    expect(killedAfter).toBeLessThan(expected.size);
    expect(full.creditsUsed).toBeGreaterThanOrEqual(expected.size);

    // A new server on the same Redis answers for the crawl the first one started.
    expect(await served.stop()).toBe(0);
    served = await serveProcess(['--allow-private-urls', '--queue', queue], {
      DISTILL_API_KEYS: KEY,
      DISTILL_INDEX: '',
    });
    const again = await new Firecrawl({ apiKey: KEY, apiUrl: served.url }).getCrawlStatus(id);
    expect(again.status).toBe('completed');
    expect(again.data.map((d) => (d.metadata as { url: string }).url)).toEqual(urls);
  });
});

describe('politeness, cancel and appendToId across worker processes', { timeout: 600_000 }, () => {
  it('keeps the per-host limit and the delay over two workers (leases and a next-allowed time in Redis)', async () => {
    const polite = await startCrawlSite({ sections: 3, perSection: 20, pageDelayMs: 30 });
    others.push(polite);
    const queue = redis.queue('polite');
    const s = await serveProcess(['--allow-private-urls', '--queue', queue, '--crawl-per-host', '2'], {
      DISTILL_API_KEYS: KEY,
      DISTILL_INDEX: '',
    });
    others.push({ close: () => s.stop() });
    const a = startWorker(queue);
    const b = startWorker(queue);
    const client = new Firecrawl({ apiKey: KEY, apiUrl: s.url });
    // Each worker would run 4 pages at once and the job allows 16: the host's cap of 2 is what holds.
    const wide = await client.crawl(`${polite.url}/`, {
      maxConcurrency: 16,
      limit: 40,
      scrapeOptions: { maxAge: 0 },
      pollInterval: 1,
      timeout: 300,
    });
    expect(wide.status).toBe('completed');
    expect(pagesDone(a.log(), wide.id)).toBeGreaterThan(0);
    expect(pagesDone(b.log(), wide.id)).toBeGreaterThan(0);
    expect(polite.peakInFlight()).toBe(2);

    // Two crawls of the one host at once, each with a delay, over both workers: one pace for
    // the host (a next-allowed time in Redis, shared by jobs and workers), one request at a time.
    const t0 = polite.requestTimes.length;
    const slow = { delay: 0.25, limit: 5, sitemap: 'skip' as const, scrapeOptions: { maxAge: 0 } };
    const [one, two] = await Promise.all([
      client.startCrawl(`${polite.url}/`, slow),
      client.startCrawl(`${polite.url}/s1/`, slow),
    ]);
    for (const id of [one.id, two.id])
      await until(async () => (await statusOf(s, 'crawl', id)).status !== 'scraping', 'the slow crawls');
    const done = pagesDone(a.log(), one.id) + pagesDone(b.log(), one.id);
    expect(done + pagesDone(a.log(), two.id) + pagesDone(b.log(), two.id)).toBeGreaterThanOrEqual(10);
    const times = polite.requestTimes.slice(t0);
    expect(times.length).toBeGreaterThanOrEqual(9);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    // A lower bound only (1 ms for the two clocks' rounding): a delay is never shortened.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(249);
  });

  it('a cancel stops the pages in flight on the workers, and nothing is stored after it', async () => {
    const slowSite = await startCrawlSite({ sections: 2, perSection: 20, pageDelayMs: 4000 });
    others.push(slowSite);
    const queue = redis.queue('cancel');
    const s = await serveProcess(['--allow-private-urls', '--queue', queue], {
      DISTILL_API_KEYS: KEY,
      DISTILL_INDEX: '',
    });
    others.push({ close: () => s.stop() });
    startWorker(queue);
    const client = new Firecrawl({ apiKey: KEY, apiUrl: s.url });
    const { id } = await client.startCrawl(`${slowSite.url}/`, {
      maxConcurrency: 4,
      scrapeOptions: { maxAge: 0 },
    });
    // The sitemap's pages are dispatched at once: wait until the worker has several in flight.
    await until(() => slowSite.inFlight() >= 3, 'pages in flight');
    expect(await client.cancelCrawl(id)).toBe(true);
    const servedAtCancel = slowSite.served();
    const atCancel = await statusOf(s, 'crawl', id);
    expect(atCancel.status).toBe('cancelled');
    // Every request in flight is given up by the worker (the site sees its socket close
    // before it answered), none waits out its four seconds.
    await until(() => slowSite.inFlight() === 0, 'the requests in flight to end');
    expect(slowSite.aborted()).toBeGreaterThanOrEqual(3);
    expect(slowSite.served()).toBe(servedAtCancel);
    const after = await client.getCrawlStatus(id);
    expect(after.status).toBe('cancelled');
    expect(after.completed).toBe(atCancel.completed);
    expect(after.data.length).toBe(atCancel.completed);
  });

  it('batchScrape({ appendToId }) on Redis: appended URLs join the batch, each page once', async () => {
    const queue = redis.queue('q');
    startWorker(queue);
    const client = new Firecrawl({ apiKey: KEY, apiUrl: served.url });
    const first = Array.from({ length: 5 }, (_, i) => `${site.url}/s7/p${i}`);
    const done = await client.batchScrape(first, { pollInterval: 1, timeout: 300 });
    expect(done.status).toBe('completed');
    const more = [`${site.url}/s7/p1`, ...Array.from({ length: 5 }, (_, i) => `${site.url}/s7/p${30 + i}`)];
    const appended = await client.startBatchScrape(more, { appendToId: done.id });
    expect(appended.id).toBe(done.id);
    await until(
      async () => (await statusOf(served, 'batch/scrape', done.id)).status !== 'scraping',
      'the batch',
    );
    const job = await client.getBatchScrapeStatus(done.id);
    expect(job.status).toBe('completed');
    const urls = job.data.map((d) => (d.metadata as { url: string }).url);
    expect(urls.length).toBe(10);
    expect(new Set(urls)).toEqual(new Set([...first, ...more]));
  });
});
