import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIndex } from '@distill/search';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineServices, engineServices } from './services/engine.js';
import { KEY, type Running, startServer } from './testing/harness.js';

/**
 * The official client's search() and scrape() against the server wired to the real engines:
 * a local index built from fixture pages, and a page served on loopback for scrape.
 */
let s: Running;
let services: EngineServices;
let site: Server;
let siteUrl: string;
let firecrawl: Firecrawl;

beforeAll(async () => {
  const indexDir = mkdtempSync(join(tmpdir(), 'distill-index-'));
  await buildIndex(resolve(process.cwd(), 'fixtures/search/pages'), indexDir);
  site = createHttpServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<html><head><title>Loopback article</title></head><body><nav>Home · About</nav><article><h1>Tides of the North Sea</h1><p>${'The tide rises twice a day along the coast, and the harbour keeps a record of every high water. '.repeat(4)}</p></article><footer>© footer</footer></body></html>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/article`;
  services = engineServices({ env: { DISTILL_INDEX: indexDir }, allowPrivateUrls: true });
  s = await startServer({ services });
  firecrawl = new Firecrawl({ apiKey: KEY, apiUrl: s.url });
});

afterAll(async () => {
  await s?.close();
  await services?.close();
  site?.close();
});

describe('official client firecrawl: search and scrape through the engines', () => {
  it('search() returns web results from the local index, with site: holding', async () => {
    const res = await firecrawl.search('guide site:example.com', { limit: 5 });
    const web = (res as { web?: { url: string; title: string }[] }).web ?? [];
    expect(web.length).toBeGreaterThan(0);
    for (const r of web) expect(r.url).toContain('example.com');
  });

  it('scrape() returns the main content of a page as Markdown', async () => {
    const doc = await firecrawl.scrape(siteUrl, { formats: ['markdown'] });
    expect(doc.markdown).toContain('# Tides of the North Sea');
    expect(doc.markdown).not.toContain('footer');
    expect(doc.metadata?.statusCode).toBe(200);
  });
});
