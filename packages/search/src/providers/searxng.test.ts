import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../search.js';
import { replayServer } from '../testing/replay-server.js';
import { SearxngProvider } from './searxng.js';

let server: Awaited<ReturnType<typeof replayServer>>;
let provider: SearxngProvider;
const NOW = Date.UTC(2026, 10, 22, 12);

beforeAll(async () => {
  server = await replayServer((path, p) => {
    if (path !== '/search' || p.get('format') !== 'json') return { status: 403, body: { error: 'format' } };
    if (p.get('q')?.includes('slow')) return { body: 'searxng-web-1.json', delay: 2000 };
    if (p.get('q')?.includes('overloaded')) return { status: 429, headers: { 'retry-after': '7' } };
    if (p.get('q')?.includes('broken')) return { status: 500, body: { error: 'engine crashed' } };
    const cat = p.get('categories');
    if (cat === 'images') return { body: 'searxng-images.json' };
    if (cat === 'news') return { body: 'searxng-news.json' };
    return {
      body:
        p.get('pageno') === '1'
          ? 'searxng-web-1.json'
          : p.get('pageno') === '2'
            ? 'searxng-web-2.json'
            : { results: [] },
    };
  });
  provider = new SearxngProvider({ baseUrl: server.url });
});
afterAll(() => server.close());

const last = () => server.requests[server.requests.length - 1];

describe('SearXNG provider against replayed JSON responses', () => {
  it('asks the JSON API with category, language, safesearch and time range, and reads the results', async () => {
    const res = await search(
      { query: 'widgets', limit: 3, country: 'DE', safe: true, tbs: 'qdr:w' },
      { provider, now: NOW },
    );
    const p = server.requests[0].params;
    expect(p.get('q')).toBe('widgets');
    expect(p.get('categories')).toBe('general');
    expect(p.get('language')).toBe('de-DE');
    expect(p.get('safesearch')).toBe('2');
    expect(p.get('time_range')).toBe('week');
    expect(res.data.web![0]).toMatchObject({
      title: 'Acme Widgets Guide',
      url: 'https://example.com/widgets/guide',
    });
    expect(res.data.web!.length).toBe(3);
  });

  it('says that it ignores a location', async () => {
    const res = await search({ query: 'widgets', location: 'Berlin,Berlin,Germany', limit: 1 }, { provider });
    expect(res.warning).toMatch(/searxng search provider cannot geo-target/);
  });

  it('pages until enough results pass the filters', async () => {
    const before = server.requests.length;
    const res = await search({ query: 'widgets', limit: 10 }, { provider });
    const pages = server.requests.slice(before).map((r) => r.params.get('pageno'));
    expect(pages).toEqual(['1', '2', '3']);
    expect(res.data.web!.map((r) => r.url)).toContain('https://docs.example.com/widgets/api');
  });

  it('passes site: and quotes through, and filters site:, filetype: and inurl: afterwards', async () => {
    const site = await search({ query: '"sprocket adapter" site:example.com', limit: 10 }, { provider });
    expect(last().params.get('q')).toBe('"sprocket adapter" site:example.com');
    expect(site.data.web!.every((r) => /(^|\.)example\.com$/.test(new URL(r.url).hostname))).toBe(true);
    const pdf = await search({ query: 'widgets filetype:pdf', limit: 10 }, { provider });
    // SearXNG does not take filetype:, so it is left out of q and enforced on the results.
    expect(last().params.get('q')).toBe('widgets');
    expect(pdf.data.web!.map((r) => r.url)).toEqual(['https://example.com/files/widget-spec.pdf']);
    const inurl = await search({ query: 'widgets inurl:release', limit: 10 }, { provider });
    expect(inurl.data.web!.map((r) => r.url)).toEqual(['https://blog.example.com/2026/release']);
  });

  it('applies includeDomains / excludeDomains and ignoreInvalidURLs to what comes back', async () => {
    const inc = await search({ query: 'widgets', includeDomains: ['example.com'], limit: 10 }, { provider });
    expect(inc.data.web!.map((r) => new URL(r.url).hostname)).not.toContain('other.test');
    const exc = await search({ query: 'widgets', excludeDomains: ['example.com'], limit: 10 }, { provider });
    expect(exc.data.web!.map((r) => r.url)).toEqual(['https://other.test/widgets', 'javascript:alert(1)']);
    const valid = await search({ query: 'widgets', limit: 10, ignoreInvalidURLs: true }, { provider });
    expect(valid.data.web!.map((r) => r.url)).not.toContain('javascript:alert(1)');
  });

  it("trims a custom tbs range by the results' dates, and says so", async () => {
    const res = await search(
      { query: 'widgets', limit: 10, tbs: 'cdr:1,cd_min:11/1/2026,cd_max:11/30/2026' },
      { provider, now: NOW },
    );
    expect(last().params.get('time_range')).toBe('month');
    expect(res.data.web!.map((r) => r.url)).toEqual([
      'https://example.com/widgets/guide',
      'https://blog.example.com/2026/release',
    ]);
    expect(res.warning).toMatch(/cannot apply this time range exactly/);
  });

  it('images: img_src and resolution give imageUrl and dimensions; larger: filters them', async () => {
    const res = await search({ query: 'widgets larger:100x100', sources: ['images'] }, { provider });
    expect(last().params.get('categories')).toBe('images');
    expect(res.data.images).toEqual([
      {
        title: 'Widget photo',
        imageUrl: 'https://example.com/img/widget.jpg',
        imageWidth: 1920,
        imageHeight: 1080,
        url: 'https://example.com/gallery',
        position: 1,
      },
    ]);
  });

  it('news: dates, thumbnails and snippets (highlighted by default)', async () => {
    const res = await search({ query: 'widget market', sources: ['news'] }, { provider });
    expect(res.data.news).toEqual([
      {
        title: 'Widget market grows',
        snippet: 'The widget market grew sharply this quarter, analysts said.',
        url: 'https://news.example.net/widget-market',
        date: '2026-11-22T10:00:00.000Z',
        imageUrl: 'https://news.example.net/thumb.jpg',
        position: 1,
      },
    ]);
  });

  it('maps backend failures: 429 keeps Retry-After, 5xx is a bad gateway, slowness a 408', async () => {
    await expect(search({ query: 'overloaded' }, { provider })).rejects.toMatchObject({
      status: 429,
      retryAfter: 7,
    });
    await expect(search({ query: 'broken' }, { provider })).rejects.toMatchObject({
      status: 502,
      code: 'BAD_GATEWAY',
    });
    await expect(search({ query: 'slow', timeout: 200 }, { provider })).rejects.toMatchObject({
      status: 408,
      code: 'REQUEST_TIMEOUT',
    });
  });
});
