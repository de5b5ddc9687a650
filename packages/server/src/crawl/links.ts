import { normalizeUrl } from './urls.js';

const BASE = /<base\s[^>]*href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ANCHOR = /<(?:a|area)\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const NOFOLLOW_META = /<meta\s[^>]*name\s*=\s*["']?robots["']?[^>]*content\s*=\s*["'][^"']*nofollow/i;

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#38;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/**
 * The links of an HTML page, absolute and normalised, in document order, each once. A regex
 * scan, not a DOM: the crawler needs hrefs from every page (nav included), fast, and the
 * converter's own `links` only cover the main content.
 */
export function extractLinks(html: string, pageUrl: string, ignoreQuery: boolean, cap = 5_000): string[] {
  if (NOFOLLOW_META.test(html)) return [];
  const b = BASE.exec(html);
  const base = b ? (normalizeUrl(decodeEntities(b[1] ?? b[2] ?? b[3] ?? ''), pageUrl) ?? pageUrl) : pageUrl;
  const out = new Set<string>();
  for (const m of html.matchAll(ANCHOR)) {
    const href = decodeEntities((m[1] ?? m[2] ?? m[3] ?? '').trim());
    if (!href || href.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(href)) continue;
    const u = normalizeUrl(href, base, ignoreQuery);
    if (u) out.add(u);
    // A page with more links than this is a trap or a dump; the rest are not followed.
    if (out.size >= cap) break;
  }
  return [...out];
}
