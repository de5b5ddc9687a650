import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DistillError } from '@distill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import './testing/register-parsers.js';
import { BrowserPool, findBrowser } from './browser/pool.js';
import { MemoryCache } from './cache/adapter.js';
import { closeFetchAgents } from './engines/fetch.js';
import { Scraper } from './scraper.js';
import { type FixtureServer, startFixtureServer } from './testing/fixture-server.js';
import { decodePng } from './testing/png.js';

// One browser for the whole file, two contexts at most: the machine is small and shared.
let srv: FixtureServer;
let dir: string;
let pool: BrowserPool;
let scraper: Scraper;

beforeAll(async () => {
  srv = await startFixtureServer();
  dir = await mkdtemp(join(tmpdir(), 'distill-web-browser-'));
  pool = new BrowserPool({ maxContexts: 2 });
  scraper = new Scraper({ dataDir: dir, allowPrivateUrls: true, browser: pool, cache: false });
});

afterAll(async () => {
  await pool.close();
  await closeFetchAgents();
  await srv.close();
  await rm(dir, { recursive: true, force: true });
});

const readArtifact = async (url: string) => new Uint8Array(await readFile(fileURLToPath(url)));

describe('browser engine', () => {
  it('names the missing browser clearly', async () => {
    expect(() => findBrowser('/nope/chrome')).toThrow(/Chromium or Chrome.*\/nope\/chrome.*CHROME_PATH/);
    const missing = new Scraper({
      cache: false,
      allowPrivateUrls: true,
      browser: { executablePath: '/nope/chrome' },
    });
    const err = await missing.scrape(`${srv.base}/static.html`, { proxy: 'enhanced' }).catch((e) => e);
    expect(err.code).toBe('MISSING_DEPENDENCY');
    expect(err.message).toContain('/nope/chrome');
    // proxy auto without a browser keeps the fetched page and says why.
    const auto = await missing.scrape(`${srv.base}/js.html`, {});
    expect(auto.warning).toMatch(/needs a browser/);
  });

  it('proxy auto: fetch sees a JavaScript shell, the browser gets the content', async () => {
    const basic = await scraper.scrape(`${srv.base}/js.html`, { proxy: 'basic' });
    expect(basic.markdown).not.toContain('only after the script');
    const auto = await scraper.scrape(`${srv.base}/js.html`, {});
    expect(auto.markdown).toContain('only after the script has run');
    expect(auto.metadata.proxyUsed).toBe('enhanced');
    expect(auto.warning).toMatch(/loaded again in the browser/);
  });

  it('proxy auto gets past a challenge page that needs JavaScript and cookies', async () => {
    const doc = await scraper.scrape(`${srv.base}/challenge.html`, {});
    expect(doc.markdown).toContain('behind the anti-bot challenge');
    expect(doc.metadata.statusCode).toBe(200);
  });

  it('enhanced follows redirects, reports 404s and times out slow pages with 408', async () => {
    const red = await scraper.scrape(`${srv.base}/redirect`, { proxy: 'enhanced' });
    expect(red.metadata.url).toBe(`${srv.base}/static.html`);
    expect(red.metadata.sourceURL).toBe(`${srv.base}/redirect`);
    expect(red.markdown).toContain('enough text to be a real article');
    const missing = await scraper.scrape(`${srv.base}/missing`, { proxy: 'enhanced' });
    expect(missing.metadata.statusCode).toBe(404);
    const slow = await scraper
      .scrape(`${srv.base}/slow`, { proxy: 'enhanced', timeout: 1500 })
      .catch((e) => e);
    expect(slow.code).toBe('REQUEST_TIMEOUT');
    expect(slow.status).toBe(408);
  });

  it('runs every action type on an interactive page', async () => {
    const doc = await scraper.scrape(`${srv.base}/interactive.html`, {
      formats: ['markdown'],
      actions: [
        { type: 'wait', selector: '#late' },
        { type: 'click', selector: '#add' },
        { type: 'click', selector: '#add' },
        { type: 'click', selector: '.mark', all: true },
        { type: 'click', selector: '.none-of-these', all: true },
        { type: 'click', selector: '#name' },
        { type: 'write', text: 'Ada' },
        { type: 'press', key: 'Enter' },
        { type: 'wait', milliseconds: 50 },
        { type: 'scroll', direction: 'down' },
        { type: 'scroll', selector: '#box' },
        {
          type: 'executeJavascript',
          script: 'return [window.scrollY > 0, document.querySelector("#box").scrollTop > 0]',
        },
        { type: 'executeJavascript', script: 'document.title' },
        { type: 'scrape' },
        { type: 'screenshot' },
        { type: 'pdf', format: 'A4' },
      ],
    });
    expect(doc.markdown).toContain('Hello Ada');
    expect(doc.markdown).toContain('added 2');
    expect(doc.markdown).toContain('late element');
    expect(doc.markdown).not.toContain('one');
    expect(doc.actions?.javascriptReturns).toEqual([
      { type: 'object', value: [true, true] },
      { type: 'string', value: 'Interactive' },
    ]);
    expect(doc.actions?.scrapes[0].url).toBe(`${srv.base}/interactive.html`);
    expect(doc.actions?.scrapes[0].html).toContain('marked');
    expect(doc.actions?.screenshots).toHaveLength(1);
    const png = await readArtifact(doc.actions!.screenshots[0]);
    expect(decodePng(png).width).toBe(1280);
    const pdf = Buffer.from(await readArtifact(doc.actions!.pdfs[0]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('names the index of a failing action', async () => {
    const err = await scraper
      .scrape(`${srv.base}/interactive.html`, {
        timeout: 15_000,
        actions: [
          { type: 'wait', milliseconds: 10 },
          { type: 'click', selector: '#does-not-exist' },
        ],
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DistillError);
    expect(err.message).toMatch(/^Action 1 \(click "#does-not-exist"\) failed/);
  });

  it('takes viewport and full-page screenshots, checked by size and pixels', async () => {
    const view = await scraper.scrape(`${srv.base}/pixels.html`, {
      formats: [{ type: 'screenshot', viewport: { width: 800, height: 600 } }],
    });
    expect(view.screenshot).toMatch(/^file:/);
    expect(Date.parse(view.metadata.screenshotExpiresAt!)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const v = decodePng(await readArtifact(view.screenshot!));
    expect([v.width, v.height]).toEqual([800, 600]);
    expect(v.pixel(10, 10)).toEqual([255, 0, 0]);
    expect(v.pixel(10, 500)).toEqual([0, 0, 255]);

    const full = await scraper.scrape(`${srv.base}/pixels.html`, {
      formats: [{ type: 'screenshot', fullPage: true, viewport: { width: 800, height: 600 } }],
    });
    const f = decodePng(await readArtifact(full.screenshot!));
    expect(f.width).toBe(800);
    expect(f.height).toBe(3400);
    expect(f.pixel(400, 3300)).toEqual([0, 0, 255]);

    const jpeg = await new Scraper({
      allowPrivateUrls: true,
      browser: pool,
      cache: false,
      artifactsAsDataUrls: true,
    }).scrape(`${srv.base}/pixels.html`, { formats: [{ type: 'screenshot', quality: 50 }] });
    expect(jpeg.screenshot).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('caches screenshots with the page and serves them again under lockdown', async () => {
    const cache = new MemoryCache();
    const formats = [{ type: 'screenshot' as const }];
    const first = await scraper.scrape(`${srv.base}/pixels.html`, { formats }, { cache });
    expect(first.metadata.cacheState).toBe('miss');
    const hits = srv.hits.get('/pixels.html');
    const again = await scraper.scrape(`${srv.base}/pixels.html`, { formats, lockdown: true }, { cache });
    expect(again.metadata.cacheState).toBe('hit');
    expect(decodePng(await readArtifact(again.screenshot!)).width).toBe(1280);
    expect(srv.hits.get('/pixels.html')).toBe(hits);
  });

  it('emulates mobile, location language and timezone, and hides cookie banners', async () => {
    const doc = await scraper.scrape(`${srv.base}/banner.html`, {
      mobile: true,
      location: { country: 'JP' },
      actions: [
        {
          type: 'executeJavascript',
          script:
            'return [screen.width, navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone, /iPhone/.test(navigator.userAgent), getComputedStyle(document.getElementById("onetrust-banner-sdk")).display]',
        },
      ],
    });
    expect(doc.actions?.javascriptReturns[0].value).toEqual([390, 'ja-JP', 'Asia/Tokyo', true, 'none']);
  });

  it('keeps profile storage across sessions; saveChanges false does not write; a second saver gets 409', async () => {
    const visits = async (saveChanges = true) => {
      const d = await scraper.scrape(`${srv.base}/profile.html`, { profile: { name: 'p1', saveChanges } });
      return /visits: (\d+)/.exec(d.markdown ?? '')?.[1];
    };
    expect(await visits()).toBe('0');
    expect(await visits()).toBe('1');
    expect(await visits(false)).toBe('2');
    expect(await visits()).toBe('2');
    const slow = scraper.scrape(`${srv.base}/profile.html`, {
      profile: { name: 'p2' },
      actions: [{ type: 'wait', milliseconds: 1500 }],
    });
    await new Promise((r) => setTimeout(r, 300));
    const second = await scraper
      .scrape(`${srv.base}/profile.html`, { profile: { name: 'p2' } })
      .catch((e) => e);
    expect(second.code).toBe('CONFLICT');
    expect(second.status).toBe(409);
    await slow;
  });

  it('checks every request of the browser, redirects included', async () => {
    const host = new URL(srv.base);
    srv.routes.set('/to-localhost', (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${host.port}/static.html` });
      res.end();
    });
    const err = await scraper
      .scrape(`${srv.base}/to-localhost`, {
        proxy: 'enhanced',
        threatProtection: { blacklist: ['localhost'] },
      })
      .catch((e) => e);
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toMatch(/localhost is on the threat-protection blacklist/);
  });
});
