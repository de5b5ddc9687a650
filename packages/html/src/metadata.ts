import type { DocMetadata } from '@distill/core';
import { detachValues } from './detach.js';
import { attr, type PElement } from './dom.js';
import { resolveUrl } from './urls.js';

/** The page-level elements the clean pass sets aside for metadata. */
export interface HeadParts {
  title?: string;
  lang?: string;
  metas: PElement[];
  links: PElement[];
}

/** Open Graph keys the spec's metadata names in camel case (`og:site_name` → `ogSiteName`). */
const camel = (key: string) => key.replace(/[:_-]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

export function buildMetadata(parts: HeadParts, base: string | undefined): DocMetadata {
  const md: DocMetadata = {};
  const raw = new Map<string, string>();
  const localeAlternates: string[] = [];
  for (const m of parts.metas) {
    const key = (attr(m, 'property') ?? attr(m, 'name') ?? attr(m, 'itemprop') ?? '').trim();
    const content = attr(m, 'content');
    if (!key || content === undefined) continue;
    const lower = key.toLowerCase();
    const value = collapse(content);
    if (lower === 'og:locale:alternate') {
      localeAlternates.push(value);
      continue;
    }
    if (!raw.has(lower)) raw.set(lower, value);
  }
  if (parts.title) md.title = collapse(parts.title);
  const description = raw.get('description');
  const keywords = raw.get('keywords');
  if (description !== undefined) md.description = description;
  if (keywords !== undefined) md.keywords = keywords;
  if (parts.lang) md.language = parts.lang.trim();
  for (const l of parts.links) {
    const rel = (attr(l, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(l, 'href');
    if (!href) continue;
    if (rel.includes('canonical') && md.canonical === undefined) md.canonical = resolveUrl(href, base);
    if (rel.includes('icon') && md.favicon === undefined) md.favicon = resolveUrl(href, base);
  }
  for (const [key, value] of raw) {
    if (key === 'description' || key === 'keywords') continue;
    // Every pair is kept under its own name; og:/twitter:/article:/dc. keys also get the camel-case name.
    if (md[key] === undefined) md[key] = value;
    if (/^(og|twitter|article|dc|dcterms|fb|al|music|video|book|profile):/.test(key)) {
      const c = camel(key);
      if (md[c] === undefined) md[c] = /image|url/.test(key) ? resolveUrl(value, base) : value;
    }
  }
  if (localeAlternates.length) md.ogLocaleAlternate = localeAlternates;
  if (md.title === undefined && typeof md.ogTitle === 'string') md.title = md.ogTitle;
  if (md.description === undefined && typeof md.ogDescription === 'string') md.description = md.ogDescription;
  // The metadata goes out with the result, which callers keep long after the page.
  return detachValues(md);
}
