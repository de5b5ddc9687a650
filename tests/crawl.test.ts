import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrawlSite, startCrawlSite } from '../packages/server/src/testing/index.js';
import { requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// Crawl, map and batch scrape through the front door: a spawned `distill serve` spoken to by the
// official firecrawl client, unmodified, over a generated loopback site of 500+ pages with a
// sitemap index (one gzipped), robots.txt rules and a crawl delay, an infinite calendar,
// redirects, broken links, a PDF and off-site links.

const KEY = 'crawl-test-key';
const SECRET = 'crawl-webhook-secret';
let site: CrawlSite;
let served: Served;
let client: Firecrawl;

type Doc = { metadata?: { url?: string; sourceURL?: string; numPages?: number; contentType?: string } };
const urlsOf = (docs: Doc[]) => docs.map((d) => d.metadata?.url as string);

beforeAll(async () => {
  requireBuilt();
  site = await startCrawlSite({ sections: 10, perSection: 50, crawlDelay: 0.002 });
  served = await serveProcess(['--allow-private-urls', '--webhook-secret', SECRET], {
    DISTILL_API_KEYS: KEY,
    DISTILL_INDEX: '',
  });
  client = new Firecrawl({ apiKey: KEY, apiUrl: served.url });
}, 120_000);

afterAll(async () => {
  if (served?.child.exitCode !== null) console.error(served?.stderr());
  expect(await served?.stop()).toBe(0);
  await site?.close();
});

describe('crawl, map and batch scrape with the official client', { timeout: 600_000 }, () => {
  let crawlId = '';

  it('crawl() waits for a whole crawl: exactly the allowed pages, each once', async () => {
    const job = await client.crawl(`${site.url}/`, {
      maxDiscoveryDepth: 3,
      limit: 5000,
      maxConcurrency: 8,
      scrapeOptions: { formats: ['markdown'] },
      pollInterval: 1,
      timeout: 540,
    });
    crawlId = job.id;
    expect(job.status).toBe('completed');
    const urls = urlsOf(job.data as Doc[]);
    const expected = site.expected(3);
    expect(expected.size).toBeGreaterThan(500);
    expect(new Set(urls).size, 'no page twice').toBe(urls.length);
    expect(
      urls.filter((u) => !expected.has(u)),
      'nothing outside the allowed pages',
    ).toEqual([]);
    expect(
      [...expected].filter((u) => !urls.includes(u)),
      'no allowed page missing',
    ).toEqual([]);
    expect(job.completed).toBe(expected.size);
    // robots.txt was honoured: no disallowed page was ever requested.
    expect([...site.hits.keys()].filter((p) => p.startsWith('/private/'))).toEqual([]);
    // The PDF went through the PDF parser; it is charged per page, HTML pages 1 each.
    const pdf = (job.data as Doc[]).find((d) => d.metadata?.url?.endsWith('/docs/report.pdf')) as Doc & {
      markdown?: string;
    };
    expect(pdf.markdown).toContain('Coastal Erosion');
    expect(job.creditsUsed).toBe(expected.size - 1 + (pdf.metadata?.numPages ?? 1));
    // The calendar trap was cut at the depth limit, and the status says so.
    const raw = (await (
      await fetch(`${served.url}/v2/crawl/${job.id}`, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()) as { limitsReached: string[]; warning?: string };
    expect(raw.limitsReached).toContain('maxDiscoveryDepth');
    expect(raw.warning).toMatch(/depth/);
    // Each page waited out the crawl delay on the job's one abort signal; a wait that left its
    // listener behind piled 500+ on it and Node warned of a leak.
    expect(served.stderr()).not.toMatch(/MaxListenersExceeded/);
  });

  it('lists broken links as errors and disallowed URLs as robots-blocked', async () => {
    const { errors, robotsBlocked } = await client.getCrawlErrors(crawlId);
    const gone = errors.filter((e) => e.url.includes('/gone/'));
    expect(gone.length).toBeGreaterThan(0);
    for (const e of gone) expect(e.code).toBe('NOT_FOUND');
    expect(robotsBlocked).toContain(`${site.url}/private/home-secret`);
    expect(robotsBlocked).toContain(`${site.url}/private/in-sitemap`);
    expect(robotsBlocked.every((u) => u.includes('/private/'))).toBe(true);
  });

  it('startCrawl() + getCrawlStatus() pages through `next`, and the watcher streams the pages', async () => {
    const filter = (p: string) => /^\/s[0-2]\//.test(p);
    const { id } = await client.startCrawl(`${site.url}/`, {
      includePaths: ['^/s[0-2]/'],
      sitemap: 'skip',
      maxDiscoveryDepth: 5,
    });
    const watcher = client.watcher(id, { kind: 'crawl', pollInterval: 1 });
    const streamed: string[] = [];
    watcher.on('document', (d: Doc) => streamed.push(d.metadata?.url as string));
    const done = new Promise<{ status: string }>((r) => watcher.on('done', r));
    await watcher.start();
    expect((await done).status).toBe('completed');

    const first = await client.getCrawlStatus(id, { autoPaginate: false });
    expect(first.status).toBe('completed');
    expect(first.data.length).toBe(100);
    expect(first.next).toMatch(/skip=100$/);
    const paged: string[] = urlsOf(first.data as Doc[]);
    let next = first.next;
    while (next) {
      const page = (await (await fetch(next, { headers: { authorization: `Bearer ${KEY}` } })).json()) as {
        data: Doc[];
        next: string | null;
      };
      paged.push(...urlsOf(page.data));
      next = page.next;
    }
    const all = await client.getCrawlStatus(id);
    expect(urlsOf(all.data as Doc[])).toEqual(paged);
    const expected = site.expected(5, filter);
    expect(new Set(paged).size).toBe(paged.length);
    expect(new Set(paged)).toEqual(expected);
    expect(new Set(streamed)).toEqual(expected);
  });

  it('speaks the watcher protocol over a WebSocket whose subprotocol is the key', async () => {
    // The WebSocket class the client itself loads on Node 20 (undici's), to talk to the server directly.
    const fromClient = createRequire(createRequire(import.meta.url).resolve('firecrawl'));
    const { WebSocket } = fromClient('undici') as { WebSocket: typeof globalThis.WebSocket };
    const url = `${served.url.replace(/^http/, 'ws')}/v2/crawl/${crawlId}`;
    const messages = await new Promise<{ type: string; data?: { status?: string } }[]>((resolve, reject) => {
      const ws = new WebSocket(url, KEY);
      const got: { type: string }[] = [];
      ws.onmessage = (ev) => got.push(JSON.parse(String(ev.data)));
      ws.onclose = () => resolve(got);
      ws.onerror = () => reject(new Error('websocket error'));
    });
    const docs = messages.filter((m) => m.type === 'document');
    expect(docs.length).toBe(site.expected(3).size);
    expect(messages.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed' } });
    const refused = await new Promise<boolean>((resolve) => {
      const ws = new WebSocket(url, 'not-a-key');
      ws.onopen = () => resolve(false);
      ws.onerror = () => resolve(true);
    });
    expect(refused).toBe(true);
  });

  it('cancelCrawl() stops a crawl; /v2/crawl/active lists it while it runs', async () => {
    const { id } = await client.startCrawl(`${site.url}/`, { delay: 1, sitemap: 'skip' });
    const active = await client.getActiveCrawls();
    expect(active.crawls.map((c) => c.id)).toContain(id);
    expect(await client.cancelCrawl(id)).toBe(true);
    const after = await client.getCrawlStatus(id);
    expect(after.status).toBe('cancelled');
    expect(after.completed).toBeLessThan(10);
    expect((await client.getActiveCrawls()).crawls.map((c) => c.id)).not.toContain(id);
  });

  it('stops at the page limit and says so', async () => {
    const job = await client.crawl(`${site.url}/`, { limit: 25, pollInterval: 1, timeout: 300 });
    expect(job.status).toBe('completed');
    expect(job.data.length).toBe(25);
    const raw = (await (
      await fetch(`${served.url}/v2/crawl/${job.id}`, { headers: { authorization: `Bearer ${KEY}` } })
    ).json()) as { limitsReached: string[] };
    expect(raw.limitsReached).toContain('pages');
  });

  it('map() lists the site from its sitemaps and links, robots.txt honoured', async () => {
    const onlySitemap = await client.map(`${site.url}/`, { sitemap: 'only', limit: 10_000 });
    expect(new Set(onlySitemap.links.map((l) => l.url))).toEqual(site.sitemapAllowed());
    const mixed = await client.map(`${site.url}/`, { limit: 10_000 });
    const urls = mixed.links.map((l) => l.url);
    expect(new Set(urls).size).toBe(urls.length);
    for (const u of site.sitemapAllowed()) expect(urls).toContain(u);
    expect(urls).toContain(`${site.url}/docs/report.pdf`);
    expect(urls.filter((u) => u.includes('/private/'))).toEqual([]);
    const searched = await client.map(`${site.url}/`, { search: 's3', limit: 5 });
    expect(searched.links).toHaveLength(5);
    for (const l of searched.links) expect(l.url).toContain('s3');
  });

  it('batchScrape() scrapes a list as one job, with errors and robots blocks', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => `${site.url}/s4/p${i}`);
    const job = await client.batchScrape([...pages, `${site.url}/gone/x`, `${site.url}/private/y`], {
      options: { formats: ['markdown'] },
      pollInterval: 1,
      timeout: 300,
    });
    expect(job.status).toBe('completed');
    expect(new Set(urlsOf(job.data as Doc[]))).toEqual(new Set(pages));
    expect(job.data).toHaveLength(20);
    expect(job.creditsUsed).toBe(20);
    const errs = await client.getBatchScrapeErrors(job.id);
    expect(errs.errors.map((e) => [e.url, e.code])).toEqual([[`${site.url}/gone/x`, 'NOT_FOUND']]);
    expect(errs.robotsBlocked).toEqual([`${site.url}/private/y`]);
  });

  it('batchScrape({ appendToId }) adds URLs to a batch that ran, each page once, charged once', async () => {
    const first = Array.from({ length: 6 }, (_, i) => `${site.url}/s5/p${i}`);
    const done = await client.batchScrape(first, {
      options: { formats: ['markdown'] },
      pollInterval: 1,
      timeout: 300,
    });
    expect(done.status).toBe('completed');
    // Appended after it completed: the batch runs again for the new URLs; the one it has is not redone.
    const more = [`${site.url}/s5/p2`, ...Array.from({ length: 5 }, (_, i) => `${site.url}/s5/p${20 + i}`)];
    const appended = await client.startBatchScrape(more, { appendToId: done.id });
    expect(appended.id).toBe(done.id);
    let job = await client.getBatchScrapeStatus(done.id);
    while (job.status === 'scraping') {
      await new Promise((r) => setTimeout(r, 250));
      job = await client.getBatchScrapeStatus(done.id);
    }
    expect(job.status).toBe('completed');
    const urls = urlsOf(job.data as Doc[]);
    expect(urls.length).toBe(11);
    expect(new Set(urls)).toEqual(new Set([...first, ...more]));
    expect(job.creditsUsed).toBe(11);
    // A cancelled batch, a crawl and a job that does not exist take no URLs.
    // Forty pages, so the batch is still running when the cancel arrives (a one-page batch
    // could finish first, and a completed batch rightly takes more URLs).
    const running = await client.startBatchScrape(
      Array.from({ length: 40 }, (_, i) => `${site.url}/s6/p${i + 2}`),
    );
    await client.cancelBatchScrape(running.id);
    expect((await client.getBatchScrapeStatus(running.id)).status).toBe('cancelled');
    await expect(client.startBatchScrape([`${site.url}/s6/p1`], { appendToId: running.id })).rejects.toThrow(
      /cancelled/,
    );
    await expect(client.startBatchScrape([`${site.url}/s6/p1`], { appendToId: crawlId })).rejects.toThrow(
      /crawl, not a batch/,
    );
    await expect(
      client.startBatchScrape([`${site.url}/s6/p1`], { appendToId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toThrow(/no such job/);
  });

  it('posts signed webhooks (started, page, completed), retrying a receiver that failed', async () => {
    const got: { type: string; sig: string; body: string }[] = [];
    let refused = 0;
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const type = (JSON.parse(body) as { type: string }).type;
        // The first delivery of `started` fails: it must come again.
        if (type === 'crawl.started' && refused++ === 0) {
          res.writeHead(503).end();
          return;
        }
        got.push({ type, sig: String(req.headers['x-firecrawl-signature']), body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const job = await client.crawl(`${site.url}/`, {
        limit: 5,
        sitemap: 'skip',
        webhook: { url: hook, metadata: { run: 'test' }, events: ['started', 'page', 'completed'] },
        pollInterval: 1,
        timeout: 300,
      });
      expect(job.status).toBe('completed');
      for (let i = 0; i < 600 && got.filter((g) => g.type !== 'crawl.page').length < 2; i++)
        await new Promise((r) => setTimeout(r, 100));
      const types = got.map((g) => g.type);
      expect(types.filter((t) => t === 'crawl.started')).toHaveLength(1);
      expect(types.filter((t) => t === 'crawl.page')).toHaveLength(5);
      expect(types.filter((t) => t === 'crawl.completed')).toHaveLength(1);
      expect(refused).toBe(2);
      for (const g of got)
        expect(g.sig).toBe(`sha256=${createHmac('sha256', SECRET).update(g.body).digest('hex')}`);
      expect(JSON.parse(got[0].body).metadata).toEqual({ run: 'test' });
    } finally {
      receiver.close();
    }
  });

  it('fails a crawl whose every page failed, with the reason', async () => {
    const job = await client.crawl('http://127.0.0.1:1/', { pollInterval: 1, timeout: 240 });
    expect(job.status).toBe('failed');
    const { errors } = await client.getCrawlErrors(job.id);
    expect(errors[0]?.code).toBe('BAD_GATEWAY');
  });

  it('answers params-preview honestly: no LLM is configured', async () => {
    await expect(client.crawlParamsPreview(`${site.url}/`, 'only the blog')).rejects.toMatchObject({
      status: 501,
    });
  });

  it("keeps one key's jobs from another", async () => {
    const res = await fetch(`${served.url}/v2/crawl/${crawlId}`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.status).toBe(401);
    const missing = await fetch(`${served.url}/v2/crawl/00000000-0000-0000-0000-000000000000`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(missing.status).toBe(404);
  });
});
