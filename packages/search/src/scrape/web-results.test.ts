import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scraper } from '@distill/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearxngProvider } from '../providers/searxng.js';
import { search } from '../search.js';
import { registryWithHtml } from '../testing/registry.js';
import { DefaultResultScraper } from './result-scraper.js';

/** One loopback server: a SearXNG JSON endpoint whose results point at pages it also serves. */
let server: Server;
let base: string;
let scraper: Scraper;

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav>Menu</nav><main><h1>${title}</h1>${body}</main></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (u.pathname === '/search') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          query: u.searchParams.get('q'),
          results: ['guide', 'missing', 'faq'].map((p) => ({
            url: `${base}/${p}`,
            title: `Widget ${p}`,
            content: `The widget ${p} page.`,
            engine: 'replay',
            category: 'general',
          })),
        }),
      );
      return;
    }
    if (u.pathname === '/guide' || u.pathname === '/faq') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        page(`Widget ${u.pathname.slice(1)}`, '<p>Widgets attach to the sprocket adapter in one step.</p>'),
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end(page('Not found', '<p>No such page.</p>'));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  scraper = new Scraper({
    allowPrivateUrls: true,
    dataDir: mkdtempSync(join(tmpdir(), 'distill-search-web-')),
    registry: registryWithHtml(),
  });
});

afterAll(async () => {
  await scraper.close();
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
});

describe('scraping web results through @distill/web', () => {
  it('every result carries its Markdown; a page that fails keeps its result with statusCode and error', async () => {
    const res = await search(
      { query: 'sprocket adapter', scrapeOptions: { formats: ['markdown'], storeInCache: false } },
      {
        provider: new SearxngProvider({ baseUrl: base, maxPages: 1 }),
        scraper: new DefaultResultScraper({ web: scraper }),
      },
    );
    const [guide, missing, faq] = res.data.web!;
    expect(guide.markdown).toContain('Widgets attach to the sprocket adapter in one step.');
    expect(guide.metadata).toMatchObject({ statusCode: 200, sourceURL: `${base}/guide` });
    // Highlights come from the scraped page when there is one.
    expect(guide.description).toBe('Widgets attach to the sprocket adapter in one step.');
    expect(faq.markdown).toContain('sprocket adapter');
    expect(missing.url).toBe(`${base}/missing`);
    expect(missing.metadata!.statusCode).toBe(404);
    expect(missing.metadata!.error).toBeTruthy();
    // 2 for the three results, one per page scraped successfully.
    expect(res.creditsUsed).toBe(4);
  });
});
