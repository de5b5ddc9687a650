import type { ParsedQuery } from './operators.js';

/**
 * Matching of operators and domain lists against one result. Used by every provider after its
 * backend answered, so `site:`, `filetype:` and the domain lists always hold in the response.
 */
export interface Matchable {
  url: string;
  title?: string;
  description?: string;
  /** Host for domain matching when the URL has none of its own (a file indexed under a host). */
  host?: string;
  /** Text beyond the description (a page body), when known. */
  text?: string;
  /** For a local file: its path below the indexed folder. */
  path?: string;
}

export function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The host a result is matched on: the configured host of a local file, else the URL's. */
export function hostOf(r: Pick<Matchable, 'url' | 'host'>): string {
  if (r.host) return r.host.toLowerCase();
  return (safeUrl(r.url)?.hostname ?? '').toLowerCase().replace(/\.$/, '');
}

/** `sub.example.com` is in `example.com`; `badexample.com` is not. A leading `www.` is ignored. */
export function hostInDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/^www\./, '');
  const d = domain
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return h === d || h.endsWith(`.${d}`);
}

const pathOf = (url: string): string => {
  const u = safeUrl(url);
  return u ? decodeURIComponent(u.pathname) : url;
};

/**
 * `site:` holds when the host is in the site's domain (and the path starts with the site's path,
 * if it has one). A file URL without a host matches on its path: `site:docs/guides` holds for
 * any file under a `docs/guides` folder.
 */
export function siteMatches(site: string, r: Pick<Matchable, 'url' | 'host' | 'path'>): boolean {
  const slash = site.indexOf('/');
  const domain = slash === -1 ? site : site.slice(0, slash);
  const prefix = slash === -1 ? '' : site.slice(slash);
  const host = hostOf(r);
  const path = pathOf(r.url);
  if (host && hostInDomain(host, domain)) {
    if (!prefix) return true;
    const rel = r.host && safeUrl(r.url)?.protocol === 'file:' ? relToHost(path, r.host, r.path) : path;
    return rel.toLowerCase().startsWith(prefix.toLowerCase());
  }
  if (safeUrl(r.url)?.protocol === 'file:') {
    const segs = `/${path.toLowerCase().split('/').filter(Boolean).join('/')}/`;
    return segs.includes(`/${site.toLowerCase()}/`);
  }
  return false;
}

/** For a file indexed under a host folder, the path below that folder. */
function relToHost(path: string, host: string, rel: string | undefined): string {
  const i = path.toLowerCase().indexOf(`/${host.toLowerCase()}/`);
  if (i !== -1) return path.slice(i + host.length + 1);
  // A host given at index time: the path below the indexed folder is the page's path.
  return rel ? `/${rel}` : path;
}

/** The extension of the URL's last path segment, lowercase, without the dot. */
export function filetypeOf(url: string): string {
  const p = pathOf(url);
  const last = p.slice(p.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

const fold = (s: string): string =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/** Word match on folded text: the word as a whole token, or inside a URL. */
function containsWord(haystack: string, word: string): boolean {
  return containsFoldedWord(fold(haystack), word);
}

function containsFoldedWord(h: string, word: string): boolean {
  const w = fold(word);
  if (!w) return true;
  const esc = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${esc}($|[^\\p{L}\\p{N}])`, 'u').test(h);
}

const urlText = (url: string): string => {
  try {
    return decodeURIComponent(url).toLowerCase();
  } catch {
    return url.toLowerCase();
  }
};

export type OperatorGroup = 'site' | 'filetype' | 'inurl' | 'intitle' | 'phrase' | 'exclude';

/**
 * Whether a result satisfies the operators of `groups`. Text checks (phrases, excluded words)
 * read the title, description and, when known, the body.
 */
export function matchesQuery(r: Matchable, q: ParsedQuery, groups: ReadonlySet<OperatorGroup>): boolean {
  if (groups.has('site')) {
    if (q.sites.length && !q.sites.some((s) => siteMatches(s, r))) return false;
    if (q.excludedSites.some((s) => siteMatches(s, r))) return false;
  }
  if (groups.has('filetype')) {
    const ft = filetypeOf(r.url);
    if (q.filetypes.length && !q.filetypes.includes(ft)) return false;
    if (q.excludedFiletypes.includes(ft)) return false;
  }
  if (groups.has('inurl')) {
    const u = urlText(r.url);
    if (!q.inurl.every((w) => u.includes(w.toLowerCase()))) return false;
    if (q.excludedInurl.some((w) => u.includes(w.toLowerCase()))) return false;
  }
  if (groups.has('intitle')) {
    const t = r.title ?? '';
    if (!q.intitle.every((w) => containsWord(t, w))) return false;
    if (q.excludedIntitle.some((w) => containsWord(t, w))) return false;
  }
  const text = `${r.title ?? ''}\n${r.description ?? ''}\n${r.text ?? ''}`;
  if (groups.has('phrase') && q.phrases.length) {
    const folded = fold(text);
    if (!q.phrases.every((p) => folded.includes(fold(p)))) return false;
  }
  if (groups.has('exclude') && (q.excludedTerms.length || q.excludedPhrases.length)) {
    const folded = fold(text);
    if (q.excludedTerms.some((w) => containsFoldedWord(folded, w))) return false;
    if (q.excludedPhrases.some((p) => folded.includes(fold(p)))) return false;
  }
  return true;
}

/** includeDomains / excludeDomains, on the same host rules as `site:`. */
export function domainAllowed(
  r: Pick<Matchable, 'url' | 'host' | 'path'>,
  include: readonly string[] | undefined,
  exclude: readonly string[] | undefined,
): boolean {
  if (include?.length && !include.some((d) => siteMatches(d.toLowerCase(), r))) return false;
  if (exclude?.length && exclude.some((d) => siteMatches(d.toLowerCase(), r))) return false;
  return true;
}
