import type { ScrapeService } from '../services.js';
import { fetchSmall } from './fetch-text.js';
import { extractLinks } from './links.js';
import type { RobotsCache } from './robots-cache.js';
import type { MapRequest } from './schemas.js';
import { readSitemaps } from './sitemap.js';
import { baseDomain, normalizeUrl } from './urls.js';

/** Pages map fetches to find links (besides the sitemaps): map is a quick look, not a crawl. */
export const MAP_MAX_PAGES = 25;
const MAP_PAGE_BYTES = 5 * 1024 * 1024;

export interface MapContext {
  robots: RobotsCache;
  userAgent: string;
  allowPrivate: boolean;
  /** Renders pages for `render: true`. */
  scrape?: ScrapeService;
  signal: AbortSignal;
}

/** Terms of a search, lower-cased, for ranking URLs by how many they contain. */
const termsOf = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The URLs of a site: its sitemaps (unless skipped) and the links of up to MAP_MAX_PAGES of its
 * pages, breadth first from the start URL (unless `sitemap: only`); robots.txt honoured, in
 * scope (the host, or its subdomains with includeSubdomains), deduplicated. With `search`,
 * only URLs holding a term, most terms first. Pages are fetched, not rendered, unless asked.
 */
export async function mapSite(req: MapRequest, start: string, c: MapContext): Promise<string[]> {
  const origin = new URL(start);
  const root = baseDomain(origin.hostname);
  const inScope = (u: URL) =>
    u.hostname === origin.hostname ||
    (req.includeSubdomains && (u.hostname === root || u.hostname.endsWith(`.${root}`)));
  const robots = await c.robots.get(origin, c.userAgent);
  const found = new Set<string>();
  const order: string[] = [];
  const add = (raw: string) => {
    const n = normalizeUrl(raw, undefined, req.ignoreQueryParameters);
    if (!n || found.has(n)) return;
    const u = new URL(n);
    if (!inScope(u) || !robots.allowed(u)) return;
    found.add(n);
    order.push(n);
  };
  const cap = req.search ? 100_000 : req.limit;
  if (req.sitemap !== 'skip') {
    const roots = robots.sitemaps.length ? robots.sitemaps : [`${origin.origin}/sitemap.xml`];
    for (const u of await readSitemaps(roots, {
      allowPrivate: c.allowPrivate,
      userAgent: c.userAgent,
      signal: c.signal,
      maxUrls: cap * 2,
    }))
      add(u);
  }
  if (req.sitemap !== 'only') {
    add(start);
    const queue = [start];
    const visited = new Set<string>();
    while (queue.length > 0 && visited.size < MAP_MAX_PAGES && found.size < cap && !c.signal.aborted) {
      const wave = queue.splice(0, 8).filter((u) => !visited.has(u));
      for (const u of wave) visited.add(u);
      const pages = await Promise.all(wave.map((u) => pageLinks(u, req, c)));
      for (const links of pages)
        for (const l of links) {
          const before = found.size;
          add(l);
          if (found.size > before && !visited.has(l)) queue.push(l);
        }
    }
  }
  let out = order;
  if (req.search) {
    const terms = termsOf(req.search);
    const score = (u: string) => terms.filter((t) => u.toLowerCase().includes(t)).length;
    out = order
      .map((u, i) => ({ u, i, s: score(u) }))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.u);
  }
  return out.slice(0, req.limit);
}

async function pageLinks(url: string, req: MapRequest, c: MapContext): Promise<string[]> {
  try {
    if (req.render && c.scrape) {
      const out = await c.scrape.scrape({ url, formats: [{ type: 'rawHtml' }], proxy: 'enhanced' } as never, {
        signal: c.signal,
        zeroDataRetention: true,
        id: 'map',
      });
      const html = out.data.rawHtml;
      const final = (out.data.metadata as { url?: string } | undefined)?.url ?? url;
      return typeof html === 'string' ? extractLinks(html, final, req.ignoreQueryParameters) : [];
    }
    const res = await fetchSmall(url, {
      allowPrivate: c.allowPrivate,
      maxBytes: MAP_PAGE_BYTES,
      timeoutMs: 15_000,
      signal: c.signal,
      userAgent: c.userAgent,
    });
    if (res.status >= 400 || !/html/i.test(res.contentType)) return [];
    return extractLinks(res.body.toString('utf8'), res.url, req.ignoreQueryParameters);
  } catch {
    return [];
  }
}
