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
  /** Title, description and text already folded (a local index caches it). */
  folded?: string;
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
  if (!u) return url;
  try {
    return decodeURIComponent(u.pathname);
  } catch {
    return u.pathname;
  }
};

/** Decoded paths of results seen before (a local index's documents are matched again and again). */
const pathCache = new WeakMap<object, string>();
function cachedPath(r: Pick<Matchable, 'url'>): string {
  let p = pathCache.get(r);
  if (p === undefined) {
    p = pathOf(r.url);
    pathCache.set(r, p);
  }
  return p;
}

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
  const isFile = r.url.startsWith('file:');
  if (host && hostInDomain(host, domain)) {
    if (!prefix) return true;
    const path = cachedPath(r);
    const rel = r.host && isFile ? relToHost(path, r.host, r.path) : path;
    return rel.toLowerCase().startsWith(prefix.toLowerCase());
  }
  if (isFile) {
    const segs = `/${cachedPath(r).toLowerCase().split('/').filter(Boolean).join('/')}/`;
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

export const fold = (s: string): string =>
  s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/** A whole-word test on folded text. */
function wordRegExp(word: string): RegExp | undefined {
  const w = fold(word);
  if (!w) return undefined;
  const esc = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${esc}($|[^\\p{L}\\p{N}])`, 'u');
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
 * A predicate for the operators of `groups`, compiled once per query (word patterns, folded
 * phrases). Text checks (phrases, excluded words) read the title, description and, when known,
 * the body, folding it only when a text operator is present.
 */
export function compileMatcher(
  q: ParsedQuery,
  groups: ReadonlySet<OperatorGroup>,
): (r: Matchable) => boolean {
  const site = groups.has('site') && (q.sites.length > 0 || q.excludedSites.length > 0);
  const filetype = groups.has('filetype') && (q.filetypes.length > 0 || q.excludedFiletypes.length > 0);
  const inurl = groups.has('inurl') && (q.inurl.length > 0 || q.excludedInurl.length > 0);
  const inurlWords = q.inurl.map((w) => w.toLowerCase());
  const notInurl = q.excludedInurl.map((w) => w.toLowerCase());
  const intitle = groups.has('intitle') && (q.intitle.length > 0 || q.excludedIntitle.length > 0);
  const titleRes = q.intitle.map(wordRegExp).filter((x): x is RegExp => x !== undefined);
  const notTitleRes = q.excludedIntitle.map(wordRegExp).filter((x): x is RegExp => x !== undefined);
  const phrases = groups.has('phrase') ? q.phrases.map(fold).filter(Boolean) : [];
  const exclude = groups.has('exclude');
  const notWords = exclude ? q.excludedTerms.map(wordRegExp).filter((x): x is RegExp => x !== undefined) : [];
  const notPhrases = exclude ? q.excludedPhrases.map(fold).filter(Boolean) : [];
  const needText = phrases.length > 0 || notWords.length > 0 || notPhrases.length > 0;
  return (r) => {
    if (site) {
      if (q.sites.length && !q.sites.some((s) => siteMatches(s, r))) return false;
      if (q.excludedSites.some((s) => siteMatches(s, r))) return false;
    }
    if (filetype) {
      const ft = filetypeOf(r.url);
      if (q.filetypes.length && !q.filetypes.includes(ft)) return false;
      if (q.excludedFiletypes.includes(ft)) return false;
    }
    if (inurl) {
      const u = urlText(r.url);
      if (!inurlWords.every((w) => u.includes(w))) return false;
      if (notInurl.some((w) => u.includes(w))) return false;
    }
    if (intitle) {
      const t = fold(r.title ?? '');
      if (!titleRes.every((re) => re.test(t))) return false;
      if (notTitleRes.some((re) => re.test(t))) return false;
    }
    if (needText) {
      const folded = r.folded ?? foldedText(r);
      if (!phrases.every((p) => folded.includes(p))) return false;
      if (notWords.some((re) => re.test(folded))) return false;
      if (notPhrases.some((p) => folded.includes(p))) return false;
    }
    return true;
  };
}

/** The folded text the phrase and exclusion checks read. */
export const foldedText = (r: Pick<Matchable, 'title' | 'description' | 'text'>): string =>
  fold(`${r.title ?? ''}\n${r.description ?? ''}\n${r.text ?? ''}`);

/** Whether a result satisfies the operators of `groups` (see compileMatcher, which callers looping over many results use). */
export function matchesQuery(r: Matchable, q: ParsedQuery, groups: ReadonlySet<OperatorGroup>): boolean {
  return compileMatcher(q, groups)(r);
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
