import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrawlSite, startCrawlSite } from '../packages/server/src/testing/index.js';
import { requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// The hard limits of `distill serve --crawl-*`: each one reached ends the crawl early and is
// named in the status (limitsReached and a warning), never silent. Politeness: requests per
// host in flight and the delay between them.

const KEY = 'limits-key';
const servers: Served[] = [];
let site: CrawlSite;

async function server(args: string[]) {
  const s = await serveProcess(['--allow-private-urls', ...args], {
    DISTILL_API_KEYS: KEY,
    DISTILL_INDEX: '',
  });
  servers.push(s);
  return { s, client: new Firecrawl({ apiKey: KEY, apiUrl: s.url }) };
}

async function rawStatus(s: Served, id: string) {
  const res = await fetch(`${s.url}/v2/crawl/${id}?skip=1000000`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  return (await res.json()) as {
    status: string;
    completed: number;
    total: number;
    limitsReached: string[];
    warning?: string;
  };
}

beforeAll(async () => {
  requireBuilt();
  site = await startCrawlSite({ sections: 4, perSection: 30, pageDelayMs: 20 });
}, 60_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  await site?.close();
});

describe('crawl hard limits, each reported', { timeout: 300_000 }, () => {
  it('caps the frontier, and the pages a request may ask for', async () => {
    const { s, client } = await server(['--crawl-max-frontier', '20', '--crawl-max-pages', '30']);
    const job = await client.crawl(`${site.url}/`, { limit: 10_000, pollInterval: 1, timeout: 240 });
    expect(job.status).toBe('completed');
    expect(job.completed).toBe(30);
    const st = await rawStatus(s, job.id);
    expect(st.limitsReached).toEqual(expect.arrayContaining(['frontier', 'pages']));
    expect(st.warning).toMatch(/frontier/);
  });

  it('caps the stored bytes and the depth', async () => {
    const { s, client } = await server(['--crawl-max-mb', '0.003', '--crawl-max-depth', '1']);
    const job = await client.crawl(`${site.url}/`, { sitemap: 'skip', pollInterval: 1, timeout: 240 });
    const st = await rawStatus(s, job.id);
    expect(st.limitsReached).toEqual(expect.arrayContaining(['totalBytes', 'maxDiscoveryDepth']));
    expect(job.completed).toBeLessThan(site.expected(1).size);
  });

  it('stops at the wall time', async () => {
    const { s, client } = await server(['--crawl-max-minutes', '0.02']);
    const job = await client.crawl(`${site.url}/`, { maxConcurrency: 1, pollInterval: 1, timeout: 240 });
    expect(job.status).toBe('completed');
    const st = await rawStatus(s, job.id);
    expect(st.limitsReached).toContain('wallTime');
    expect(job.completed).toBeLessThan(site.expected(25).size);
  });

  it('keeps to the per-host concurrency and the politeness delay', async () => {
    const { client } = await server(['--crawl-per-host', '2']);
    site.resetPeak();
    await client.crawl(`${site.url}/`, {
      maxConcurrency: 16,
      limit: 40,
      scrapeOptions: { maxAge: 0 },
      pollInterval: 1,
      timeout: 240,
    });
    expect(site.peakInFlight()).toBe(2);
    const t0 = site.requestTimes.length;
    await client.crawl(`${site.url}/`, {
      delay: 0.25,
      limit: 6,
      sitemap: 'skip',
      // Fetched afresh: the server's scrape cache holds these pages from the crawl above.
      scrapeOptions: { maxAge: 0 },
      pollInterval: 1,
      timeout: 240,
    });
    const times = site.requestTimes.slice(t0);
    // Six pages, one of them the PDF (not counted here).
    expect(times.length).toBeGreaterThanOrEqual(5);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    // A lower bound only: a delay is never shortened, however slow the machine.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(240);
  });
});
