import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { DistillError } from '@distill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import './testing/register-parsers.js';
import { MemoryCache } from './cache/adapter.js';
import { closeFetchAgents, fetchPage } from './engines/fetch.js';
import { browserRetryReason } from './engines/needs-browser.js';
import { splitScrapeRequest } from './request.js';
import { assertPublicHost } from './safety/url-guard.js';
import { Scraper } from './scraper.js';
import { type FixtureServer, startFixtureServer } from './testing/fixture-server.js';

let srv: FixtureServer;
let dir: string;
let scraper: Scraper;

const corpora = process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora');

beforeAll(async () => {
  srv = await startFixtureServer({
    '/docs/booking.pdf': {
      path: `${corpora}/office/markitdown/movie-theater-booking-2024.pdf`,
      type: 'application/pdf',
    },
    // Served without an extension and with a generic type: detection falls to the bytes.
    '/download': {
      path: `${corpora}/office/markitdown/test_with_comment.docx`,
      type: 'application/octet-stream',
    },
    '/docs/paper.docx': {
      path: `${corpora}/office/markitdown/test_with_comment.docx`,
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  });
  dir = await mkdtemp(join(tmpdir(), 'distill-web-'));
  // No browser work in this file: proxy basic everywhere, so Chromium is never launched.
  scraper = new Scraper({ dataDir: dir, allowPrivateUrls: true });
});

afterAll(async () => {
  await scraper.close();
  await closeFetchAgents();
  await srv.close();
  await rm(dir, { recursive: true, force: true });
});

const basic = { proxy: 'basic' as const };

describe('fetch engine', () => {
  it('scrapes a static page to markdown with metadata', async () => {
    const doc = await scraper.scrape(`${srv.base}/static.html`, {
      ...basic,
      formats: ['markdown', 'html', 'rawHtml', 'links', 'images'],
    });
    expect(doc.markdown).toContain('# The static page');
    expect(doc.markdown).toContain('enough text to be a real article');
    expect(doc.markdown).toContain('| alpha | 1 |');
    expect(doc.markdown).not.toContain('Footer text');
    const whole = await scraper.scrape(`${srv.base}/static.html`, {
      ...basic,
      onlyMainContent: false,
      maxAge: 0,
    });
    expect(whole.markdown).toContain('| alpha | 1 |');
    expect(doc.html).toContain('<p>');
    expect(doc.rawHtml).toContain('<footer>');
    expect(doc.links).toContain(`${srv.base}/other.html`);
    expect(doc.links).toContain('https://example.com/x');
    expect(doc.images).toContain(`${srv.base}/img/photo.png`);
    expect(doc.metadata).toMatchObject({
      title: 'Static fixture page',
      description: 'A static page for tests',
      sourceURL: `${srv.base}/static.html`,
      url: `${srv.base}/static.html`,
      statusCode: 200,
      proxyUsed: 'basic',
      error: null,
    });
  });

  it('keeps the whole page without onlyMainContent and honours include/exclude tags', async () => {
    const whole = await scraper.scrape(`${srv.base}/static.html`, {
      ...basic,
      onlyMainContent: false,
      maxAge: 0,
    });
    expect(whole.markdown).toContain('Footer text');
    const only = await scraper.scrape(`${srv.base}/static.html`, {
      ...basic,
      includeTags: ['table'],
      maxAge: 0,
    });
    expect(only.markdown).toContain('alpha');
    expect(only.markdown).not.toContain('enough text');
    const without = await scraper.scrape(`${srv.base}/static.html`, {
      ...basic,
      excludeTags: ['table'],
      maxAge: 0,
    });
    expect(without.markdown).not.toContain('alpha');
  });

  it('redacts PII and gives an extractive summary', async () => {
    const doc = await scraper.scrape(`${srv.base}/static.html`, {
      ...basic,
      redactPII: true,
      onlyMainContent: false,
      formats: ['markdown', 'summary'],
    });
    expect(doc.markdown).toContain('Contact:');
    expect(doc.markdown).not.toContain('jane.doe@example.com');
    expect(doc.summary).toMatch(/distill|scraper|Markdown/);
  });

  it('follows redirects: final URL in url, the requested one in sourceURL', async () => {
    const doc = await scraper.scrape(`${srv.base}/redirect`, basic);
    expect(doc.metadata.sourceURL).toBe(`${srv.base}/redirect`);
    expect(doc.metadata.url).toBe(`${srv.base}/static.html`);
    expect(doc.markdown).toContain('enough text to be a real article');
  });

  it('returns a 404 page with its status code and error', async () => {
    const doc = await scraper.scrape(`${srv.base}/missing`, basic);
    expect(doc.metadata.statusCode).toBe(404);
    expect(doc.metadata.error).toBe('Not Found');
    expect(doc.markdown).toContain('does not exist');
  });

  it('times out a slow page with 408 REQUEST_TIMEOUT', async () => {
    const err = await scraper.scrape(`${srv.base}/slow`, { ...basic, timeout: 1000 }).catch((e) => e);
    expect(err).toBeInstanceOf(DistillError);
    expect(err.code).toBe('REQUEST_TIMEOUT');
    expect(err.status).toBe(408);
  });

  it('decompresses gzip and decodes the declared charset', async () => {
    const gz = await scraper.scrape(`${srv.base}/gzip.html`, basic);
    expect(gz.markdown).toContain('gzip-compressed');
    const latin = await scraper.scrape(`${srv.base}/latin1.html`, basic);
    expect(latin.markdown).toContain('# Café crème');
    expect(latin.markdown).toContain('déjà vu');
    expect(latin.metadata.title).toBe('Latin');
  });

  it('caps response size', async () => {
    const small = new Scraper({
      dataDir: dir,
      allowPrivateUrls: true,
      maxResponseBytes: 1024 * 1024,
      cache: false,
    });
    const err = await small.scrape(`${srv.base}/big`, basic).catch((e) => e);
    expect(err.code).toBe('FILE_TOO_LARGE');
    expect(err.status).toBe(413);
  });

  it('returns plain text as it is', async () => {
    const doc = await scraper.scrape(`${srv.base}/plain.txt`, basic);
    expect(doc.markdown).toBe('just some plain text\n');
  });

  it('sends Accept-Language from location and custom headers', async () => {
    const doc = await scraper.scrape(`${srv.base}/headers`, {
      ...basic,
      location: { country: 'DE' },
      headers: { 'X-Test': 'yes' },
      formats: ['rawHtml'],
    });
    expect(doc.rawHtml).toContain('"accept-language":"de-DE,de;q=0.9"');
    expect(doc.rawHtml).toContain('"x-test":"yes"');
  });

  it('sees a JavaScript shell and a challenge page as needing the browser', async () => {
    const shell = await fetchPage(new URL(`${srv.base}/js.html`), fetchOpts());
    expect(browserRetryReason(shell)).toMatch(/shell|text/);
    const wall = await fetchPage(new URL(`${srv.base}/challenge.html`), fetchOpts());
    expect(browserRetryReason(wall)).toMatch(/anti-bot challenge \(403\)/);
    const fine = await fetchPage(new URL(`${srv.base}/static.html`), fetchOpts());
    expect(browserRetryReason(fine)).toBeUndefined();
  });
});

function fetchOpts() {
  return {
    headers: {},
    signal: AbortSignal.timeout(10_000),
    timeoutMs: 10_000,
    skipTlsVerification: true,
    allowPrivateUrls: true,
    maxBytes: 1e7,
    checkRedirect: async () => undefined,
  };
}

describe('documents by URL', () => {
  it('parses a PDF by URL with the pdf parser, and returns it base64 with parsers: []', async () => {
    const doc = await scraper.scrape(`${srv.base}/docs/booking.pdf`, { formats: ['markdown'] });
    expect(doc.markdown).toContain('STARLIGHT CINEMAS');
    expect(doc.metadata).toMatchObject({ numPages: 1, contentType: 'application/pdf', statusCode: 200 });
    const raw = await scraper.scrape(`${srv.base}/docs/booking.pdf`, { parsers: [], formats: ['markdown'] });
    expect(Buffer.from(raw.rawBase64!, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('parses a DOCX by URL, by extension or by its bytes', async () => {
    for (const p of ['/docs/paper.docx', '/download']) {
      const doc = await scraper.scrape(`${srv.base}${p}`, { formats: ['markdown'] });
      expect(doc.markdown, p).toContain('Abstract');
      expect(doc.markdown, p).toContain('Qingyun Wu');
    }
  });

  it('parses a CSV by URL with the same parsers, and rawBase64', async () => {
    srv.routes.set('/data/table.csv', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('name,age\nAda,36\nAlan,41\n');
    });
    const doc = await scraper.scrape(`${srv.base}/data/table.csv`, { formats: ['markdown', 'rawBase64'] });
    expect(doc.markdown).toContain('| Ada | 36 |');
    expect(Buffer.from(doc.rawBase64!, 'base64').toString()).toContain('Alan,41');
    expect(doc.metadata.proxyUsed).toBe('basic');
  });
});

describe('formats', () => {
  it('refuses json without an LLM provider, naming it, and formats needing a missing tool', async () => {
    const json = await scraper
      .scrape(`${srv.base}/static.html`, { formats: [{ type: 'json', prompt: 'x' }] })
      .catch((e) => e);
    expect(json.status).toBe(400);
    expect(json.message).toMatch(/LLM provider/);
    // branding, product and menu are read from the page; audio needs a tool this build lacks.
    const audio = await scraper.scrape(`${srv.base}/static.html`, { formats: ['audio'] }).catch((e) => e);
    expect(audio.status).toBe(400);
    expect(audio.message).toMatch(/media extraction tool/);
  });

  it('uses a configured LLM provider for json', async () => {
    const llm = {
      name: 'test',
      complete: async (r: { prompt: string }) =>
        JSON.stringify({ mentionsDistill: r.prompt.includes('distill') }),
    };
    const doc = await scraper.scrape(
      `${srv.base}/static.html`,
      { formats: [{ type: 'json', prompt: 'x' }] },
      { llm },
    );
    expect(doc.json).toEqual({ mentionsDistill: true });
  });

  it('takes a POST /v2/scrape body apart for the scraper', async () => {
    const { url, options, zeroDataRetention } = splitScrapeRequest({
      url: `${srv.base}/static.html`,
      formats: ['links'],
      proxy: 'basic',
      zeroDataRetention: true,
      origin: 'js-sdk',
    });
    expect(zeroDataRetention).toBe(true);
    const doc = await scraper.scrape(url, options, { zeroDataRetention });
    expect(doc.links).toContain(`${srv.base}/other.html`);
    expect(() => splitScrapeRequest({ formats: ['markdown'] })).toThrow(/url/);
  });

  it('refuses invalid URLs and options with 400', async () => {
    expect((await scraper.scrape('ftp://example.com/x').catch((e) => e)).code).toBe('INVALID_URL');
    expect((await scraper.scrape(`${srv.base}/`, { timeout: 5 }).catch((e) => e)).code).toBe('BAD_REQUEST');
  });
});

describe('cache', () => {
  it('serves a copy younger than maxAge, and scrapes again when maxAge is 0', async () => {
    const cache = new MemoryCache();
    const url = `${srv.base}/changing.html?cache=1`;
    srv.state.version = 1;
    const first = await scraper.scrape(url, basic, { cache });
    expect(first.metadata.cacheState).toBe('miss');
    srv.state.version = 2;
    const second = await scraper.scrape(url, basic, { cache });
    expect(second.metadata.cacheState).toBe('hit');
    expect(second.markdown).toContain('number 1');
    const fresh = await scraper.scrape(url, { ...basic, maxAge: 0 }, { cache });
    expect(fresh.metadata.cacheState).toBe('miss');
    expect(fresh.markdown).toContain('number 2');
  });

  it('minAge reads only the cache: 404 SCRAPE_NO_CACHED_DATA on a miss', async () => {
    const cache = new MemoryCache();
    const url = `${srv.base}/static.html?minage`;
    const miss = await scraper.scrape(url, { minAge: 1 }, { cache }).catch((e) => e);
    expect(miss.code).toBe('SCRAPE_NO_CACHED_DATA');
    expect(miss.status).toBe(404);
    await scraper.scrape(url, basic, { cache });
    const hit = await scraper.scrape(url, { minAge: 1 }, { cache });
    expect(hit.metadata.cacheState).toBe('hit');
    const tooYoung = await scraper.scrape(url, { minAge: 3_600_000 }, { cache }).catch((e) => e);
    expect(tooYoung.code).toBe('SCRAPE_NO_CACHED_DATA');
  });

  it('lockdown never contacts the target: 404 SCRAPE_LOCKDOWN_CACHE_MISS on a miss', async () => {
    const cache = new MemoryCache();
    const path = '/other.html';
    const before = srv.hits.get(path) ?? 0;
    const miss = await scraper.scrape(`${srv.base}${path}`, { lockdown: true }, { cache }).catch((e) => e);
    expect(miss.code).toBe('SCRAPE_LOCKDOWN_CACHE_MISS');
    expect(miss.status).toBe(404);
    expect(miss.message).not.toContain(srv.base);
    expect(srv.hits.get(path) ?? 0).toBe(before);
    await scraper.scrape(`${srv.base}${path}`, basic, { cache });
    const hits = srv.hits.get(path);
    const hit = await scraper.scrape(`${srv.base}${path}`, { lockdown: true }, { cache });
    expect(hit.markdown).toContain('paragraph of its own');
    expect(srv.hits.get(path)).toBe(hits);
  });

  it('storeInCache false, custom headers and zero data retention keep the page out of the cache', async () => {
    const cache = new MemoryCache();
    const url = (q: string) => `${srv.base}/static.html?${q}`;
    await scraper.scrape(url('a'), { ...basic, storeInCache: false }, { cache });
    await scraper.scrape(url('b'), { ...basic, headers: { Cookie: 'session=1' } }, { cache });
    await scraper.scrape(url('c'), basic, { cache, zeroDataRetention: true });
    for (const q of ['a', 'b', 'c']) {
      expect((await scraper.scrape(url(q), { minAge: 1 }, { cache }).catch((e) => e)).code).toBe(
        'SCRAPE_NO_CACHED_DATA',
      );
    }
  });

  it('the default folder cache persists across scrapers', async () => {
    const url = `${srv.base}/static.html?folder`;
    await scraper.scrape(url, basic);
    const other = new Scraper({ dataDir: dir, allowPrivateUrls: true });
    const hit = await other.scrape(url, { minAge: 1 });
    expect(hit.metadata.cacheState).toBe('hit');
  });
});

describe('changeTracking', () => {
  it('reports new, same and changed with a git diff across scrapes of a changing page', async () => {
    const cache = new MemoryCache();
    const url = `${srv.base}/changing.html?ct`;
    const formats = ['markdown' as const, { type: 'changeTracking' as const, modes: ['git-diff' as const] }];
    srv.state.version = 10;
    const first = await scraper.scrape(url, { ...basic, formats }, { cache });
    expect(first.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    const same = await scraper.scrape(url, { ...basic, formats, maxAge: 0 }, { cache });
    expect(same.changeTracking?.changeStatus).toBe('same');
    expect(same.changeTracking?.previousScrapeAt).toBe(first.metadata.cachedAt);
    srv.state.version = 11;
    const changed = await scraper.scrape(url, { ...basic, formats, maxAge: 0 }, { cache });
    expect(changed.changeTracking?.changeStatus).toBe('changed');
    expect(changed.changeTracking?.diff).toContain('-The current version of this page is number 10.');
    expect(changed.changeTracking?.diff).toContain('+The current version of this page is number 11.');
    expect(changed.changeTracking?.diff).toMatch(
      /^diff --git a\/page.md b\/page.md\n--- a\/page.md\n\+\+\+ b\/page.md\n@@/,
    );
    // A separate tag keeps a separate history.
    const tagged = await scraper.scrape(
      url,
      { ...basic, formats: [{ type: 'changeTracking', tag: 'other' }], maxAge: 0 },
      { cache },
    );
    expect(tagged.changeTracking?.changeStatus).toBe('new');
    expect(tagged.markdown).toBeUndefined();
  });
});

describe('changeTracking json mode', () => {
  it('needs an LLM provider, and with one compares extracted fields across scrapes', async () => {
    const url = `${srv.base}/changing.html?ctjson`;
    const formats = [{ type: 'changeTracking' as const, modes: ['json' as const], prompt: 'version' }];
    const refused = await scraper.scrape(url, { ...basic, formats }).catch((e) => e);
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/LLM provider/);
    // An external provider stands in for a model: it reads the version number from the page.
    const llm = {
      name: 'test',
      complete: async (r: { prompt: string }) =>
        JSON.stringify({ version: Number(/number (\d+)/.exec(r.prompt)?.[1]), title: 'Changing page' }),
    };
    const cache = new MemoryCache();
    srv.state.version = 20;
    const first = await scraper.scrape(url, { ...basic, formats }, { cache, llm });
    expect(first.changeTracking?.json).toEqual({
      version: { current: 20 },
      title: { current: 'Changing page' },
    });
    srv.state.version = 21;
    const second = await scraper.scrape(url, { ...basic, formats, maxAge: 0 }, { cache, llm });
    expect(second.changeTracking?.changeStatus).toBe('changed');
    expect(second.changeTracking?.json).toEqual({
      version: { previous: 20, current: 21 },
      title: { current: 'Changing page' },
    });
  });
});

describe('safety', () => {
  const strict = new Scraper({ cache: false, allowPrivateUrls: false });
  it('refuses loopback, private, link-local and metadata addresses', async () => {
    for (const u of [
      `${srv.base}/static.html`,
      'http://localhost:9/',
      'http://[::1]/',
      'http://10.1.2.3/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
      'http://metadata.google.internal/',
    ]) {
      const err = await strict.scrape(u, basic).catch((e) => e);
      expect(err, u).toBeInstanceOf(DistillError);
      expect(err.code, u).toBe('FORBIDDEN');
      expect(err.message).toMatch(/DISTILL_ALLOW_PRIVATE_URLS/);
    }
  });

  it('re-checks the address at connect time, so a changed DNS answer is refused too', async () => {
    const port = new URL(srv.base).port;
    // fetchPage alone skips the up-front check: only the socket's lookup stands in the way.
    const err = await fetchPage(new URL(`http://localhost:${port}/static.html`), {
      ...fetchOpts(),
      allowPrivateUrls: false,
    }).catch((e) => e);
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toMatch(/localhost resolves to/);
  });

  it('checks every redirect target', async () => {
    srv.routes.set('/to-private', (_req, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    // The first hop is allowed (the test server is on loopback); the redirect target is checked.
    const err = await fetchPage(new URL(`${srv.base}/to-private`), {
      ...fetchOpts(),
      checkRedirect: assertPublicHost,
    }).catch((e) => e);
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toContain('169.254.169.254');
  });

  it('applies threat protection: blacklist, whitelist wins, blocked TLDs, classifier failure policy', async () => {
    const s = new Scraper({ cache: false, allowPrivateUrls: true });
    const u = `${srv.base}/static.html`;
    const black = await s
      .scrape(u, { ...basic, threatProtection: { blacklist: ['127.0.0.1'] } })
      .catch((e) => e);
    expect(black.code).toBe('FORBIDDEN');
    const white = await s.scrape(u, {
      ...basic,
      threatProtection: { blacklist: ['127.0.0.1'], whitelist: ['127.0.0.*'] },
    });
    expect(white.metadata.statusCode).toBe(200);
    const tld = await s
      .scrape('http://shop.zip/', { ...basic, threatProtection: { blockedTlds: ['zip'] } })
      .catch((e) => e);
    expect(tld.code).toBe('FORBIDDEN');
    expect(tld.message).toContain('.zip');
    const closed = await s
      .scrape(u, { ...basic, threatProtection: { mode: 'normal', failurePolicy: 'closed' } })
      .catch((e) => e);
    expect(closed.code).toBe('FORBIDDEN');
    const open = await s.scrape(u, { ...basic, threatProtection: { mode: 'normal', failurePolicy: 'open' } });
    expect(open.metadata.statusCode).toBe(200);
    const risky = await s
      .scrape(
        u,
        { ...basic, threatProtection: { mode: 'normal', riskScoreThreshold: 40 } },
        { riskClassifier: { score: async () => 70 } },
      )
      .catch((e) => e);
    expect(risky.message).toMatch(/risk score 70/);
    const redirected = await s
      .scrape(`${srv.base}/redirect`, { ...basic, threatProtection: { blacklist: ['localhost'] } })
      .then(() => 'ok');
    expect(redirected).toBe('ok');
  });
});
