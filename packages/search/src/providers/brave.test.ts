import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../search.js';
import { replayServer } from '../testing/replay-server.js';
import { BraveProvider } from './brave.js';

let server: Awaited<ReturnType<typeof replayServer>>;
let provider: BraveProvider;
const NOW = Date.UTC(2026, 10, 22, 12);

beforeAll(async () => {
  server = await replayServer((path, p) => {
    if (p.get('q')?.includes('unauthorized')) return { status: 401, body: { type: 'ErrorResponse' } };
    if (path.endsWith('/web/search')) return { body: 'brave-web.json' };
    if (path.endsWith('/news/search')) return { body: 'brave-news.json' };
    if (path.endsWith('/images/search')) return { body: 'brave-images.json' };
    return { status: 404 };
  });
  provider = new BraveProvider({ apiKey: 'test-token', baseUrl: `${server.url}/res/v1` });
});
afterAll(() => server.close());

const last = () => server.requests[server.requests.length - 1];

describe('Brave Search provider against replayed documented responses', () => {
  it('sends the token, count, country, language and safesearch; reads web results without markup', async () => {
    const res = await search({ query: 'widgets', limit: 5, country: 'UK', safe: false }, { provider });
    const r = last();
    expect(r.path).toBe('/res/v1/web/search');
    expect(r.headers['x-subscription-token']).toBe('test-token');
    expect(r.params.get('count')).toBe('5');
    expect(r.params.get('offset')).toBe('0');
    expect(r.params.get('country')).toBe('GB');
    expect(r.params.get('search_lang')).toBe('en');
    expect(r.params.get('safesearch')).toBe('off');
    expect(res.data.web![0].title).toBe('Acme Widgets Guide');
    expect(res.data.web!.length).toBe(3);
  });

  it('highlights from the description and extra snippets; the plain description with highlights false', async () => {
    const on = await search({ query: 'hot reloading' }, { provider });
    expect(on.data.web![0].description).toBe(
      'Widgets render fast and the sprocket adapter supports hot reloading.',
    );
    const off = await search({ query: 'hot reloading', highlights: false }, { provider });
    expect(off.data.web![0].description).toBe('How to install widgets and configure the sprocket adapter.');
  });

  it('maps tbs to freshness: pd/pw/pm/py and a day range; qdr:h is trimmed by page_age', async () => {
    await search({ query: 'widgets', tbs: 'qdr:w' }, { provider, now: NOW });
    expect(last().params.get('freshness')).toBe('pw');
    await search(
      { query: 'widgets', tbs: 'cdr:1,cd_min:11/1/2026,cd_max:11/30/2026' },
      { provider, now: NOW },
    );
    expect(last().params.get('freshness')).toBe('2026-11-01to2026-11-30');
    const res = await search({ query: 'widgets', tbs: 'sbd:1,qdr:y' }, { provider, now: NOW });
    expect(last().params.get('freshness')).toBe('py');
    // The backend applied the year; sbd:1 is applied here, newest first.
    expect(res.data.web!.map((r) => r.url)).toEqual([
      'https://example.com/widgets/guide',
      'https://tutorials.test/widgets',
      'https://forum.example.com/t/widgets',
    ]);
  });

  it('passes the operators Brave reads, filters inurl: and the domain lists itself', async () => {
    const res = await search(
      { query: 'widgets site:example.com intitle:guide inurl:guide -forum' },
      { provider },
    );
    expect(last().params.get('q')).toBe('widgets -forum site:example.com intitle:guide');
    expect(res.data.web!.map((r) => r.url)).toEqual(['https://example.com/widgets/guide']);
    const exc = await search({ query: 'widgets', excludeDomains: ['example.com'] }, { provider });
    expect(exc.data.web!.map((r) => r.url)).toEqual(['https://tutorials.test/widgets']);
  });

  it('sends a location as Brave location headers', async () => {
    await search(
      { query: 'widgets', location: 'Berlin,Berlin,DE', sources: [{ type: 'web' }] },
      { provider },
    );
    expect(last().headers['x-loc-city']).toBe('Berlin');
    expect(last().headers['x-loc-country']).toBe('DE');
  });

  it("images and news from their endpoints, in the spec's shapes", async () => {
    const res = await search({ query: 'widgets imagesize:64x64', sources: ['images', 'news'] }, { provider });
    expect(server.requests.some((r) => r.path === '/res/v1/images/search')).toBe(true);
    expect(res.data.images).toEqual([
      {
        title: 'Widget icon',
        imageUrl: 'https://example.com/img/icon.png',
        imageWidth: 64,
        imageHeight: 64,
        url: 'https://example.com/icons',
        position: 1,
      },
    ]);
    expect(res.data.news![0]).toMatchObject({
      title: 'Widget market grows',
      url: 'https://news.example.net/widget-market',
      date: '2026-11-22T10:00:00.000Z',
      imageUrl: 'https://imgs.search.brave.com/news/thumb.jpg',
      position: 1,
    });
    expect(res.creditsUsed).toBe(2);
  });

  it('says when an operator cannot be applied (related:) rather than failing', async () => {
    const res = await search({ query: 'widgets related:example.com' }, { provider });
    expect(last().params.get('q')).toBe('widgets');
    expect(res.warning).toMatch(/brave does not support related:/);
  });

  it("a rejected key at the backend is a bad gateway, not the caller's 401", async () => {
    await expect(search({ query: 'unauthorized' }, { provider })).rejects.toMatchObject({ status: 502 });
  });
});
