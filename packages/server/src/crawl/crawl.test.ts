import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractLinks } from './links.js';
import { parseRobots } from './robots.js';
import { readSitemaps } from './sitemap.js';
import { normalizeUrl, outOfScope, type ScopeRules } from './urls.js';

describe('robots.txt', () => {
  const robots = parseRobots(
    [
      'User-agent: *',
      'Disallow: /private/',
      'Allow: /private/open',
      'Disallow: /*.json$',
      'Disallow: /tmp',
      'Allow: /tmp',
      'Crawl-delay: 2',
      '',
      'User-agent: distill',
      'Disallow: /not-for-distill/',
      'Crawl-delay: 0.5',
      '',
      'Sitemap: https://example.com/sitemap.xml',
    ].join('\n'),
    'otherbot',
  );
  const ok = (p: string) => robots.allowed(new URL(`https://example.com${p}`));

  it('takes the longest matching rule, Allow on a tie, with * and $', () => {
    expect(ok('/private/x')).toBe(false);
    expect(ok('/private/open/x')).toBe(true);
    expect(ok('/data.json')).toBe(false);
    expect(ok('/data.json?x=1')).toBe(true);
    expect(ok('/tmp/x')).toBe(true);
    expect(ok('/robots.txt')).toBe(true);
    expect(robots.crawlDelay).toBe(2);
    expect(robots.sitemaps).toEqual(['https://example.com/sitemap.xml']);
  });

  it("uses the group naming our agent instead of *'s", () => {
    const mine = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: distill\nDisallow: /x/\nCrawl-delay: 0.5\n',
      'distill',
    );
    expect(mine.allowed(new URL('https://e.com/page'))).toBe(true);
    expect(mine.allowed(new URL('https://e.com/x/1'))).toBe(false);
    expect(mine.crawlDelay).toBe(0.5);
  });
});

describe('URLs', () => {
  it('normalise to one key per page', () => {
    const a = normalizeUrl('HTTP://Example.COM:80/a/../b?z=1&a=2&utm_source=x#frag');
    expect(a).toBe('http://example.com/b?a=2&z=1');
    expect(normalizeUrl('/b?a=2&z=1', 'http://example.com/x')).toBe(a);
    expect(normalizeUrl('http://example.com/b?a=2', undefined, true)).toBe('http://example.com/b');
    expect(normalizeUrl('mailto:x@example.com')).toBeUndefined();
  });

  it('keep a crawl in scope: path, subdomains, external, include and exclude regexes', () => {
    const rules: ScopeRules = {
      start: new URL('https://example.com/docs/'),
      includePaths: [],
      excludePaths: [/^\/docs\/old/],
      regexOnFullURL: false,
      allowExternalLinks: false,
      allowSubdomains: false,
      crawlEntireDomain: false,
    };
    expect(outOfScope(new URL('https://example.com/docs/a'), rules)).toBeUndefined();
    expect(outOfScope(new URL('https://example.com/blog/a'), rules)).toBe('path');
    expect(
      outOfScope(new URL('https://example.com/blog/a'), { ...rules, crawlEntireDomain: true }),
    ).toBeUndefined();
    expect(outOfScope(new URL('https://example.com/docs/old/1'), rules)).toBe('excluded');
    expect(outOfScope(new URL('https://api.example.com/docs/a'), rules)).toBe('external');
    expect(
      outOfScope(new URL('https://api.example.com/docs/a'), { ...rules, allowSubdomains: true }),
    ).toBeUndefined();
    expect(outOfScope(new URL('https://other.org/'), { ...rules, allowExternalLinks: true })).toBeUndefined();
    const only = { ...rules, includePaths: [/^\/docs\/api/] };
    expect(outOfScope(new URL('https://example.com/docs/guide'), only)).toBe('not-included');
    expect(outOfScope(new URL('https://example.com/docs/'), only)).toBeUndefined();
  });

  it('come out of HTML absolute, normalised and once each, honouring <base> and nofollow', () => {
    const html = `<base href="/root/"><a href="a">1</a><a href='a#x'>2</a><a href=b?utm_medium=m>3</a>
      <a href="javascript:void(0)">4</a><a href="mailto:x@y">5</a><a href="https://other.org/&amp;q">6</a>`;
    expect(extractLinks(html, 'http://e.com/page', false)).toEqual([
      'http://e.com/root/a',
      'http://e.com/root/b',
      'https://other.org/&q',
    ]);
    expect(
      extractLinks(
        '<meta name="robots" content="noindex, nofollow"><a href="/x">x</a>',
        'http://e.com/',
        false,
      ),
    ).toEqual([]);
  });
});

describe('sitemaps', () => {
  it('follow index files and read gzipped ones', async () => {
    let base = '';
    const server = createServer((req, res) => {
      if (req.url === '/index.xml') {
        res.end(
          `<sitemapindex><sitemap><loc>${base}/a.xml</loc></sitemap><sitemap><loc>${base}/b.xml.gz</loc></sitemap><sitemap><loc>${base}/missing.xml</loc></sitemap></sitemapindex>`,
        );
      } else if (req.url === '/a.xml') {
        res.end(
          `<urlset><url><loc>${base}/1</loc></url><url><loc><![CDATA[${base}/2?a=1&b=2]]></loc></url></urlset>`,
        );
      } else if (req.url === '/b.xml.gz') {
        res.end(gzipSync(`<urlset><url><loc>${base}/3</loc></url></urlset>`));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const urls = await readSitemaps([`${base}/index.xml`], {
        allowPrivate: true,
        userAgent: 'distill',
        maxUrls: 100,
      });
      expect(urls).toEqual([`${base}/1`, `${base}/2?a=1&b=2`, `${base}/3`]);
      const capped = await readSitemaps([`${base}/index.xml`], {
        allowPrivate: true,
        userAgent: 'distill',
        maxUrls: 1,
      });
      expect(capped).toHaveLength(1);
      // The SSRF guard applies to sitemaps too: loopback is refused unless allowed.
      expect(
        await readSitemaps([`${base}/a.xml`], { allowPrivate: false, userAgent: 'distill', maxUrls: 10 }),
      ).toEqual([]);
    } finally {
      server.close();
    }
  });
});
