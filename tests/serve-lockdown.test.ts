import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Served, serveProcess } from './helpers/spawn.js';

// The spec prices lockdown at 5 credits on a hit and 1 on a miss, on every path that scrapes:
// search's scraped results, batch scrape and crawl pages, through a spawned `distill serve` and
// the official client. A miss never contacts the target; its page or result carries the 404.

const KEY = 'lockdown-key';
let dir: string;
let served: Served;
let site: Server;
let siteUrl: string;
let searx: Server;
/** Requests the site answered, by path: a lockdown read must never reach it. */
const hits = new Map<string, number>();

const client = () => new Firecrawl({ apiKey: KEY, apiUrl: served.url });
const remaining = async () => (await client().getCreditUsage()).remainingCredits as number;

/** What a call cost the key, read from its balance before and after. */
async function cost<T>(run: () => Promise<T>): Promise<{ out: T; credits: number }> {
  const before = await remaining();
  const out = await run();
  return { out, credits: before - (await remaining()) };
}

const page = (path: string, links: string[]) =>
  `<!doctype html><html><head><title>Quay ${path}</title></head><body><main><h1>Quay ${path}</h1><p>The quay of ${path} handles the morning catch and the ferry to the islands.</p>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</main></body></html>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'distill-lockdown-'));
  site = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/robots.txt' || path === '/sitemap.xml') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(path, path === '/start' ? ['/a', '/b'] : []));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // A SearXNG instance as --searxng-url speaks to it (its JSON API), so the search's results are
  // web pages the server scrapes: /a and /c of the site, whatever the query.
  searx = createServer((req, res) => {
    const pageNo = new URL(req.url ?? '/', 'http://x').searchParams.get('pageno') ?? '1';
    const results =
      pageNo === '1'
        ? ['/a', '/c'].map((p) => ({ url: `${siteUrl}${p}`, title: `Quay ${p}`, content: 'the quay' }))
        : [];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ results }));
  });
  await new Promise<void>((r) => searx.listen(0, '127.0.0.1', r));
  const keys = join(dir, 'keys.json');
  writeFileSync(keys, JSON.stringify([{ key: KEY, name: 'lockdown', credits: 1000 }]));
  served = await serveProcess(
    [
      '--keys-file',
      keys,
      '--data-dir',
      join(dir, 'data'),
      '--allow-private-urls',
      '--searxng-url',
      `http://127.0.0.1:${(searx.address() as AddressInfo).port}`,
    ],
    { DISTILL_API_KEYS: '', DISTILL_REDIS_URL: '', DISTILL_INDEX: '', DISTILL_QUEUE: '' },
  );
}, 120_000);

afterAll(async () => {
  await served?.stop();
  site?.close();
  searx?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('lockdown credits on every path that scrapes', { timeout: 300_000 }, () => {
  it('search: each scraped result is a hit (5) or a miss (1), besides the results themselves', async () => {
    const search = () =>
      client().search('quay', { limit: 5, scrapeOptions: { formats: ['markdown'], lockdown: true } });
    // Nothing cached yet: two misses (1 each) and two results (2 per 10).
    const first = await cost(search);
    expect(first.credits).toBe(2 + 2);
    const web = first.out.web as { url: string; metadata?: { statusCode?: number; error?: string } }[];
    expect(web.map((r) => r.metadata?.statusCode)).toEqual([404, 404]);
    expect(hits.get('/a') ?? 0).toBe(0);
    expect(hits.get('/c') ?? 0).toBe(0);

    // /a fetched once by a plain scrape (1 credit) is then served from the cache: a hit.
    expect((await cost(() => client().scrape(`${siteUrl}/a`, { formats: ['markdown'] }))).credits).toBe(1);
    const second = await cost(search);
    expect(second.credits).toBe(2 + 5 + 1);
    const byUrl = new Map(
      (second.out.web as { url: string; markdown?: string }[]).map((r) => [new URL(r.url).pathname, r]),
    );
    expect(byUrl.get('/a')?.markdown).toContain('Quay /a');
    expect(byUrl.get('/c')?.markdown ?? null).toBeNull();
    expect(hits.get('/a')).toBe(1);
    expect(hits.get('/c') ?? 0).toBe(0);
  });

  it('batch scrape: 5 for the cached page, 1 for the miss, listed in its errors', async () => {
    const { out: job, credits } = await cost(() =>
      client().batchScrape([`${siteUrl}/a`, `${siteUrl}/b`], { options: { lockdown: true } }),
    );
    expect(job.status).toBe('completed');
    expect(job.data.map((d) => (d.metadata as { url: string }).url)).toEqual([`${siteUrl}/a`]);
    expect(job.creditsUsed).toBe(6);
    expect(credits).toBe(6);
    const errors = await client().getBatchScrapeErrors(job.id as string);
    expect(errors.errors.map((e) => [e.url, e.code])).toEqual([
      [`${siteUrl}/b`, 'SCRAPE_LOCKDOWN_CACHE_MISS'],
    ]);
    expect(hits.get('/b') ?? 0).toBe(0);
  });

  it('crawl: the cached pages are hits, the linked page never fetched is a miss, robots.txt and sitemaps never read', async () => {
    // /start fetched once (1 credit): its cached copy links to /a (cached) and /b (never fetched).
    await client().scrape(`${siteUrl}/start`, { formats: ['markdown'] });
    const { out: job, credits } = await cost(() =>
      client().crawl(`${siteUrl}/start`, {
        limit: 10,
        scrapeOptions: { formats: ['markdown'], lockdown: true },
      }),
    );
    expect(job.status).toBe('completed');
    const urls = job.data.map((d) => (d.metadata as { url: string }).url).sort();
    expect(urls).toEqual([`${siteUrl}/a`, `${siteUrl}/start`]);
    expect(job.creditsUsed).toBe(5 + 5 + 1);
    expect(credits).toBe(11);
    const errors = await client().getCrawlErrors(job.id as string);
    expect(errors.errors.map((e) => [e.url, e.code])).toEqual([
      [`${siteUrl}/b`, 'SCRAPE_LOCKDOWN_CACHE_MISS'],
    ]);
    expect(hits.get('/b') ?? 0).toBe(0);
    // Lockdown never contacts the target, not even for robots.txt or the sitemap.
    expect(hits.get('/robots.txt') ?? 0).toBe(0);
    expect(hits.get('/sitemap.xml') ?? 0).toBe(0);
  });
});
