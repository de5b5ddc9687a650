import { decodeHtmlEntities } from 'distill/internals';

/**
 * Every `<meta>` name/content pair of an HTML page, repeated names kept in order. The engine's
 * metadata keeps the first value of a name only, but papers repeat `citation_author` once per
 * author, so the index reads the tags of the page itself. A tag scan, not a DOM: meta tags are
 * flat and attribute quoting is the only structure that matters here.
 */
const META = /<meta\b([^>]*)>/gi;
const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;

/** Lowercased meta names (name, property or itemprop) → their contents, whitespace collapsed. */
export function metaTags(html: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  // The head is where meta tags live; a cap keeps a huge body from being scanned for nothing.
  const head = html.length > 400_000 ? html.slice(0, 400_000) : html;
  for (const m of head.matchAll(META)) {
    const attrs = new Map<string, string>();
    for (const a of m[1].matchAll(ATTR)) attrs.set(a[1].toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
    const name = attrs.get('name') ?? attrs.get('property') ?? attrs.get('itemprop');
    const content = attrs.get('content');
    if (!name || content === undefined) continue;
    const value = decodeHtmlEntities(content).replace(/\s+/g, ' ').trim();
    if (!value) continue;
    const key = name.trim().toLowerCase();
    const list = out.get(key) ?? [];
    if (!out.has(key)) out.set(key, list);
    list.push(value);
  }
  return out;
}
