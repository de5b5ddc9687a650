import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ScrapeOptions } from 'distill';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolCatalogue } from './catalogue/catalogue.js';
import { buildIndex } from './local/build-index.js';
import { LocalIndex, LocalIndexProvider } from './local/local-provider.js';
import { DefaultResultScraper, type ResultScraper, type ScrapedContent } from './scrape/result-scraper.js';
import { search } from './search.js';
import { registryWithHtml } from './testing/registry.js';

const PAGES = resolve(process.cwd(), 'fixtures/search/pages');
const CATALOGUE = resolve(process.cwd(), 'fixtures/search/catalogue.json');
let root: string;
let provider: LocalIndexProvider;
const registry = registryWithHtml();

beforeAll(async () => {
  // A copy, so a test can break documents after they were indexed.
  root = mkdtempSync(join(tmpdir(), 'distill-search-engine-'));
  cpSync(PAGES, join(root, 'pages'), { recursive: true });
  writeFileSync(join(root, 'pages', 'gone.csv'), 'widget,state\nsprocket widget,removed later\n');
  writeFileSync(join(root, 'pages', 'mangled.csv'), 'widget,state\nsprocket widget,corrupted later\n');
  await buildIndex(join(root, 'pages'), join(root, 'index'), { registry });
  rmSync(join(root, 'pages', 'gone.csv'));
  // A NUL byte makes the CSV parser refuse it as binary.
  writeFileSync(join(root, 'pages', 'mangled.csv'), new Uint8Array([0, 1, 2, 0, 0, 0, 0x50, 0x4b, 3, 4]));
  provider = new LocalIndexProvider(await LocalIndex.open(join(root, 'index')));
});

describe('request validation', () => {
  const bad = async (body: unknown) => {
    const err = await search(body as never, { provider }).catch((e) => e);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    return err.details as { field: string }[];
  };

  it('rejects both domain lists, limits 0 and 101, a 501-character query and a hostname with a path', async () => {
    expect(
      (await bad({ query: 'a', includeDomains: ['example.com'], excludeDomains: ['other.com'] })).map(
        (d) => d.field,
      ),
    ).toContain('excludeDomains');
    expect((await bad({ query: 'a', limit: 0 }))[0].field).toBe('limit');
    expect((await bad({ query: 'a', limit: 101 }))[0].field).toBe('limit');
    expect((await bad({ query: 'x'.repeat(501) }))[0].field).toBe('query');
    expect((await bad({ query: 'a', includeDomains: ['example.com/blog'] }))[0].field).toBe(
      'includeDomains.0',
    );
    expect((await bad({ query: 'a', excludeDomains: ['https://example.com'] }))[0].field).toBe(
      'excludeDomains.0',
    );
    expect((await bad({ query: 'a', tbs: 'qdr:x' }))[0].field).toBe('tbs');
    expect((await bad({ query: 'a', sources: [{ type: 'catalogue', tbs: 'qdr:d' }] }))[0].field).toMatch(
      /^sources/,
    );
    // The edges themselves are fine.
    await expect(search({ query: 'x'.repeat(500), limit: 100 }, { provider })).resolves.toMatchObject({
      success: true,
    });
    await expect(search({ query: 'a', limit: 1 }, { provider })).resolves.toMatchObject({ success: true });
  });

  it('is 503 without any provider, 403 for enterprise options a team lacks', async () => {
    const saved = process.env.DISTILL_INDEX;
    delete process.env.DISTILL_INDEX;
    try {
      await expect(search({ query: 'widget' })).rejects.toMatchObject({ status: 503 });
    } finally {
      if (saved !== undefined) process.env.DISTILL_INDEX = saved;
    }
    await expect(
      search({ query: 'widget', enterprise: ['zdr'] }, { provider, enterpriseAccess: false }),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('searches the index named by DISTILL_INDEX when no provider is given', async () => {
    const saved = process.env.DISTILL_INDEX;
    process.env.DISTILL_INDEX = join(root, 'index');
    try {
      const res = await search({ query: 'quantum' });
      expect(res.data.web![0].title).toBe('Quantum Widgets: A Formal Study');
    } finally {
      if (saved === undefined) delete process.env.DISTILL_INDEX;
      else process.env.DISTILL_INDEX = saved;
    }
  });
});

/** Measures how many scrapes run at once around the real scraper. */
class CountingScraper implements ResultScraper {
  active = 0;
  peak = 0;
  calls = 0;
  constructor(private readonly inner: ResultScraper) {}
  async scrape(url: string, options: ScrapeOptions, signal: AbortSignal): Promise<ScrapedContent> {
    this.calls++;
    this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      await new Promise((r) => setTimeout(r, 5));
      return await this.inner.scrape(url, options, signal);
    } finally {
      this.active--;
    }
  }
}

describe('scraping results (local documents parsed with the engine)', () => {
  it('scrapes every result with a bounded pool; failures keep the result with metadata.error and statusCode', async () => {
    const scraper = new CountingScraper(new DefaultResultScraper({ registry }));
    const res = await search(
      { query: 'sprocket widget', limit: 20, scrapeOptions: { formats: ['markdown', 'links'] } },
      { provider, scraper, scrapeConcurrency: 2 },
    );
    const web = res.data.web!;
    expect(scraper.calls).toBe(web.length);
    expect(scraper.peak).toBe(2);
    const ok = web.find((r) => r.url.endsWith('release-notes.html'))!;
    expect(ok.markdown).toContain('# Widget 2.0 Release Notes');
    expect(ok.links).toEqual(expect.any(Array));
    expect(ok.metadata).toMatchObject({ statusCode: 200, title: 'Widget 2.0 Release Notes' });
    expect(ok.metadata!.sourceURL).toBe(ok.url);
    const gone = web.find((r) => r.url.endsWith('gone.csv'))!;
    expect(gone.markdown).toBeNull();
    expect(gone.metadata).toMatchObject({ statusCode: 404, sourceURL: gone.url });
    expect(gone.metadata!.error).toMatch(/does not exist/);
    const mangled = web.find((r) => r.url.endsWith('mangled.csv'))!;
    expect(mangled.markdown).toBeNull();
    expect(mangled.metadata!.statusCode).toBeGreaterThanOrEqual(400);
    expect(mangled.metadata!.error).toBeTruthy();
    // 2 credits for up to 10 results, plus one per successful scrape; failures are free.
    const scraped = web.filter((r) => r.metadata?.statusCode === 200).length;
    expect(res.creditsUsed).toBe(Math.ceil(web.length / 10) * 2 + scraped);
  });

  it('without formats, results carry only url, title and description', async () => {
    const res = await search({ query: 'quantum' }, { provider });
    expect(Object.keys(res.data.web![0]).sort()).toEqual(['description', 'title', 'url']);
  });

  it('a scrape that outlives the search timeout ends the search with 408', async () => {
    const slow: ResultScraper = {
      scrape: (_u, _o, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
    };
    await expect(
      search(
        { query: 'quantum', timeout: 100, scrapeOptions: { formats: ['markdown'] } },
        { provider, scraper: slow },
      ),
    ).rejects.toMatchObject({ status: 408, code: 'REQUEST_TIMEOUT' });
  });

  it('refuses result URLs that are neither local files nor http(s)', async () => {
    const s = new DefaultResultScraper({ registry });
    const opts = { formats: [{ type: 'markdown' }] } as ScrapeOptions;
    await expect(s.scrape('ftp://example.com/a.csv', opts, AbortSignal.timeout(1000))).rejects.toMatchObject({
      code: 'INVALID_URL',
      status: 400,
    });
  });
});

describe('catalogue source and domain tools', () => {
  it('semantic matches from the catalogue source, free, with matchedBy', async () => {
    const res = await search(
      { query: 'weather forecast for a city', sources: ['catalogue'] },
      { provider, catalogue: CATALOGUE },
    );
    expect(Object.keys(res.data)).toEqual(['tools']);
    expect(res.data.tools![0]).toMatchObject({
      id: 'weather/forecast',
      provider: 'weather',
      capability: 'forecast',
      creditsCost: 2,
      perRecord: false,
      matchedBy: ['semantic'],
    });
    expect(res.data.tools![0]).not.toHaveProperty('domains');
    expect(res.creditsUsed).toBe(0);
  });

  it('domain tools match the hosts of web results, with matchedUrls; both ways merge into one entry', async () => {
    const res = await search(
      {
        query: 'widget documentation',
        sources: ['web', 'catalogue'],
        includeDomains: ['example.com', 'github.com'],
      },
      {
        provider: new LocalIndexProvider(join(root, 'index')),
        catalogue: await ToolCatalogue.load(CATALOGUE),
      },
    ).catch((e) => e);
    // includeDomains holds hostnames only, so several are allowed; the local index's pages carry hosts.
    expect(res.success).toBe(true);
    const acme = res.data.tools!.find((t: { id: string }) => t.id === 'acme/widget-docs');
    expect(acme.matchedBy.sort()).toEqual(['domain', 'semantic']);
    expect(acme.matchedUrls.every((u: string) => u.includes('/example.com/'))).toBe(true);
    const gh = res.data.tools!.find((t: { id: string }) => t.id === 'github/issues');
    expect(gh).toMatchObject({ matchedBy: ['domain'] });
    expect(res.creditsUsed).toBe(2);
  });

  it('domainTools: true alone adds domain tools beside web results; false turns them off', async () => {
    const on = await search({ query: 'quantum', domainTools: true }, { provider, catalogue: CATALOGUE });
    expect(on.data.tools!.map((t) => t.id)).toEqual(['arxiv/papers']);
    const off = await search(
      { query: 'quantum', sources: ['web', 'catalogue'], domainTools: false },
      { provider, catalogue: CATALOGUE },
    );
    expect(off.data.tools!.every((t) => !t.matchedBy!.includes('domain'))).toBe(true);
  });

  it('is 403 without catalogue access, and a warning (not a failure) when the catalogue is missing', async () => {
    await expect(
      search(
        { query: 'weather', sources: ['catalogue'] },
        { provider, catalogue: CATALOGUE, catalogueAccess: false },
      ),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const res = await search(
      { query: 'weather', sources: ['web', 'catalogue'] },
      { provider, catalogue: join(root, 'no-such-catalogue.json') },
    );
    expect(res.data.tools).toEqual([]);
    expect(res.warning).toMatch(/Tool discovery unavailable/);
  });
});
