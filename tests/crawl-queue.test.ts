import { type ChildProcess, spawn } from 'node:child_process';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../packages/server/src/testing/redis.js';
import { type CrawlSite, startCrawlSite } from './helpers/crawl-site.js';
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

const pagesDone = (log: string) => (log.match(/^page /gm) ?? []).length;

beforeAll(async () => {
  requireBuilt();
  redis = await startRedis();
  // Each page takes a moment to answer, so a killed worker surely dies with pages in flight.
  site = await startCrawlSite({ sections: 10, perSection: 50, pageDelayMs: 15 });
  served = await serveProcess(['--allow-private-urls', '--queue', redis.urlFor('q')], {
    DISTILL_API_KEYS: KEY,
    DISTILL_INDEX: '',
  });
}, 120_000);

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
  await served?.stop();
  await redis?.stop();
  await site?.close();
});

describe('crawl on Redis with two distill worker processes', { timeout: 600_000 }, () => {
  it('completes with every allowed page once after a worker is killed mid-crawl, and survives a server restart', async () => {
    const queue = redis.urlFor('q');
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
