import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * A generated site on loopback for the crawl tests (`tests/crawl*.test.ts`) and `pnpm bench
 * crawl`, at `@distill/server/testing`: `sections` sections of
 * `perSection` pages, a sitemap index (one plain, one gzipped sitemap), robots.txt rules, an
 * infinite calendar (a link trap), redirects, broken links, a PDF and off-site links. One link
 * function drives both the server and `expected()`, so the test's answer cannot drift from the
 * site.
 */
export interface SiteOptions {
  sections?: number;
  perSection?: number;
  /** robots.txt Crawl-delay for `*`, in seconds (absent when 0). */
  crawlDelay?: number;
  /** Milliseconds each HTML page takes to answer (a slower site keeps pages in flight). */
  pageDelayMs?: number;
}

export interface CrawlSite {
  url: string;
  server: Server;
  /** Requests served per path (to check no page is fetched twice, and robots are honoured). */
  hits: Map<string, number>;
  /** Most HTML pages in flight at once, and when each HTML page was requested (ms). */
  peakInFlight(): number;
  resetPeak(): void;
  /** HTML pages in flight now; answered in full; given up by the client before their answer. */
  inFlight(): number;
  served(): number;
  aborted(): number;
  requestTimes: number[];
  /** Every allowed page a crawl from `/` reaches within `maxDepth` hops (sitemap entries at 0), as full URLs. */
  expected(maxDepth: number, filter?: (path: string) => boolean): Set<string>;
  /** The allowed page URLs the sitemaps list. */
  sitemapAllowed(): Set<string>;
  close(): Promise<void>;
}

/** The repository's example PDF: this module runs from the sources only (the `distill-source` condition). */
const PDF = readFileSync(resolve(import.meta.dirname, '../../../../fixtures/example/field-notes.pdf'));
const CALENDAR_START = '2026-01';

const month = (ym: string, delta: number): string => {
  const [y, m] = ym.split('-').map(Number);
  const t = y * 12 + (m - 1) + delta;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
};

export async function startCrawlSite(opts: SiteOptions = {}): Promise<CrawlSite> {
  const sections = opts.sections ?? 10;
  const per = opts.perSection ?? 50;
  const hits = new Map<string, number>();
  const requestTimes: number[] = [];
  let inFlight = 0;
  let peak = 0;
  let served = 0;
  let aborted = 0;

  const sectionPath = (s: number) => `/s${s}/`;
  const pagePath = (s: number, i: number) => `/s${s}/p${i}`;

  /** What a path serves: a page with links, a redirect, or nothing (404). */
  function route(path: string): { links: string[] } | { redirect: string } | { pdf: true } | undefined {
    if (path === '/') {
      return {
        links: [
          ...Array.from({ length: sections }, (_, s) => sectionPath(s)),
          `/events/${CALENDAR_START}`,
          '/docs/report.pdf',
          '/private/home-secret',
          'https://elsewhere.example/outside',
        ],
      };
    }
    if (path === '/docs/report.pdf') return { pdf: true };
    let m = /^\/s(\d+)\/$/.exec(path);
    if (m && Number(m[1]) < sections) {
      const s = Number(m[1]);
      return { links: ['/', ...Array.from({ length: per }, (_, i) => pagePath(s, i))] };
    }
    m = /^\/s(\d+)\/p(\d+)$/.exec(path);
    if (m && Number(m[1]) < sections && Number(m[2]) < per) {
      const s = Number(m[1]);
      const i = Number(m[2]);
      const links = ['/', sectionPath(s), `/private/${s}-${i}`];
      if (i + 1 < per) links.push(pagePath(s, i + 1), `${pagePath(s, i + 1)}?utm_source=crawl-test#top`);
      if (i % 10 === 3) links.push(`/gone/${s}-${i}`);
      if (i % 7 === 5) links.push(`/moved/${s}/${i}`);
      return { links };
    }
    m = /^\/moved\/(\d+)\/(\d+)$/.exec(path);
    if (m) return { redirect: pagePath(Number(m[1]), Number(m[2])) };
    m = /^\/events\/(\d{4}-\d{2})$/.exec(path);
    if (m) return { links: [`/events/${month(m[1], -1)}`, `/events/${month(m[1], 1)}`, '/'] };
    return undefined;
  }

  const disallowed = (path: string) => path.startsWith('/private/');

  let base = '';
  const sitemapPages = (): string[] => [
    '/',
    ...Array.from({ length: sections }, (_, s) => sectionPath(s)),
    '/private/in-sitemap',
  ];
  const sitemapDeep = (): string[] =>
    Array.from({ length: sections }, (_, s) => Array.from({ length: per }, (_, i) => pagePath(s, i))).flat();
  const urlset = (paths: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
      .map((p) => `  <url><loc>${base}${p}</loc></url>`)
      .join('\n')}\n</urlset>\n`;

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(
        `User-agent: *\nDisallow: /private/\n${opts.crawlDelay ? `Crawl-delay: ${opts.crawlDelay}\n` : ''}\nUser-agent: otherbot\nDisallow: /\n\nSitemap: ${base}/sitemap-index.xml\n`,
      );
      return;
    }
    if (path === '/sitemap-index.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap><loc>${base}/sitemaps/top.xml</loc></sitemap>\n  <sitemap><loc>${base}/sitemaps/pages.xml.gz</loc></sitemap>\n</sitemapindex>\n`,
      );
      return;
    }
    if (path === '/sitemaps/top.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(urlset(sitemapPages()));
      return;
    }
    if (path === '/sitemaps/pages.xml.gz') {
      res.writeHead(200, { 'content-type': 'application/x-gzip' });
      res.end(gzipSync(urlset(sitemapDeep())));
      return;
    }
    const r = disallowed(path) ? { links: [] } : route(path);
    if (!r) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Not found</h1></body></html>');
      return;
    }
    if ('redirect' in r) {
      res.writeHead(301, { location: r.redirect });
      res.end();
      return;
    }
    if ('pdf' in r) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(PDF);
      return;
    }
    const title = path === '/' ? 'Home' : `Page ${path}`;
    const html = `<!doctype html><html><head><title>${title}</title></head><body><nav>${r.links
      .map((l) => `<a href="${l.replace(/&/g, '&amp;')}">${l}</a>`)
      .join(
        ' ',
      )}</nav><main><h1>${title}</h1><p>This is the page at ${path}. It exists so that a crawler has words to convert into Markdown, and a test has something to compare.</p></main></body></html>`;
    requestTimes.push(performance.now());
    inFlight++;
    peak = Math.max(peak, inFlight);
    let done = false;
    const send = () => {
      if (done) return;
      done = true;
      inFlight--;
      served++;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    };
    if (opts.pageDelayMs) {
      const timer = setTimeout(send, opts.pageDelayMs);
      // A client that gives up (a cancelled crawl aborting its fetch) closes the socket first.
      res.once('close', () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        inFlight--;
        aborted++;
      });
    } else send();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The final path a link lands on, or undefined when it is not an allowed page of the site. */
  const land = (link: string): string | undefined => {
    const u = new URL(link, `${base}/`);
    if (u.origin !== base) return undefined;
    const path = u.pathname;
    if (disallowed(path)) return undefined;
    const r = route(path);
    if (!r) return undefined;
    if ('redirect' in r) return land(r.redirect);
    return path;
  };

  return {
    url: base,
    server,
    hits,
    peakInFlight: () => peak,
    resetPeak: () => {
      peak = inFlight;
    },
    inFlight: () => inFlight,
    served: () => served,
    aborted: () => aborted,
    requestTimes,
    expected(maxDepth, filter = () => true) {
      // Breadth first, the sitemap's entries and the start at depth 0, as the crawler counts.
      const depth = new Map<string, number>();
      let frontier = [...sitemapPages(), ...sitemapDeep()].filter((p) => filter(p) || p === '/');
      for (const p of frontier) if (land(p)) depth.set(land(p) as string, 0);
      frontier = [...depth.keys()];
      for (let d = 1; d <= maxDepth; d++) {
        const next: string[] = [];
        for (const p of frontier) {
          const r = route(p);
          if (!r || !('links' in r)) continue;
          for (const l of r.links) {
            const u = new URL(l, `${base}/`);
            if (u.origin !== base || !filter(u.pathname)) continue;
            // A link is admitted at this depth even when it redirects; the page it lands on is
            // stored once, under its final URL.
            const t = land(l);
            if (t && !depth.has(t)) {
              depth.set(t, d);
              next.push(t);
            }
          }
        }
        frontier = next;
      }
      return new Set([...depth.keys()].map((p) => `${base}${p}`));
    },
    sitemapAllowed() {
      return new Set(
        [...sitemapPages(), ...sitemapDeep()].filter((p) => !disallowed(p)).map((p) => `${base}${p}`),
      );
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
