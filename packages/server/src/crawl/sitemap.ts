import { fetchSmall } from './fetch-text.js';

/** Largest sitemap file read, after gunzip (the sitemaps protocol's own cap is 50 MB). */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** Sitemap files read per crawl, indexes included: a bound on a site whose index lists thousands. */
export const SITEMAP_MAX_FILES = 50;

const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi;

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

export interface SitemapOptions {
  allowPrivate: boolean;
  userAgent: string;
  signal?: AbortSignal;
  /** Stop once this many page URLs are found. */
  maxUrls: number;
}

/**
 * The page URLs of a site's sitemaps: the ones robots.txt names, else `/sitemap.xml`; sitemap
 * index files followed (breadth first, to SITEMAP_MAX_FILES files), gzip read. Unreadable
 * sitemaps are skipped: a sitemap only adds URLs, the crawl never depends on it.
 */
export async function readSitemaps(roots: string[], opts: SitemapOptions): Promise<string[]> {
  const queue = [...new Set(roots)];
  const seenFiles = new Set<string>();
  const urls: string[] = [];
  while (queue.length > 0 && seenFiles.size < SITEMAP_MAX_FILES && urls.length < opts.maxUrls) {
    const file = queue.shift() as string;
    if (seenFiles.has(file)) continue;
    seenFiles.add(file);
    let text: string;
    try {
      const res = await fetchSmall(file, {
        allowPrivate: opts.allowPrivate,
        maxBytes: SITEMAP_MAX_BYTES,
        timeoutMs: 30_000,
        signal: opts.signal,
        userAgent: opts.userAgent,
      });
      if (res.status >= 400) continue;
      text = res.body.toString('utf8');
    } catch {
      if (opts.signal?.aborted) break;
      continue;
    }
    const isIndex = /<sitemapindex[\s>]/i.test(text);
    const locs = [...text.matchAll(LOC)].map((m) => decode(m[1]));
    if (isIndex) queue.push(...locs.filter((l) => !seenFiles.has(l)));
    else if (/<urlset[\s>]/i.test(text)) {
      for (const l of locs) {
        urls.push(l);
        if (urls.length >= opts.maxUrls) break;
      }
    } else if (!/^\s*</.test(text)) {
      // A plain-text sitemap: one URL per line.
      for (const l of text.split(/\r?\n/)) if (/^https?:\/\//.test(l.trim())) urls.push(l.trim());
    }
  }
  return urls.slice(0, opts.maxUrls);
}
