/**
 * URL normalisation and the crawl's scope rules. Two spellings of one page (fragment, default
 * port, case of the host, `/a/../b`, sorted query) normalise to one key, so the frontier holds
 * each page once however many pages link to it.
 */

/** Query parameters that only track the visitor: dropped so `?utm_source=x` is not a new page. */
const TRACKING = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid|_ga)$/i;

/** The normalised form of an absolute http(s) URL, or undefined for anything else. */
export function normalizeUrl(raw: string, base?: string, ignoreQuery = false): string | undefined {
  let u: URL;
  try {
    u = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  u.hash = '';
  u.username = '';
  u.password = '';
  u.hostname = u.hostname.toLowerCase().replace(/\.$/, '');
  if (ignoreQuery) u.search = '';
  else if (u.search) {
    const params = [...u.searchParams].filter(([k]) => !TRACKING.test(k));
    // Sorted, so `?b=1&a=2` and `?a=2&b=1` are one page.
    params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    u.search = params.length ? new URLSearchParams(params).toString() : '';
  }
  // WHATWG URL already resolved dot segments and dropped default ports.
  return u.href;
}

/** The registrable part of a host, roughly: its last two labels (three for `co.uk`-style suffixes). */
export function baseDomain(host: string): string {
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host;
  const labels = host.split('.');
  const n = labels.length >= 3 && /^(co|com|net|org|gov|ac|edu)$/.test(labels[labels.length - 2]) ? 3 : 2;
  return labels.slice(-n).join('.');
}

export interface ScopeRules {
  /** The start URL, normalised. */
  start: URL;
  includePaths: RegExp[];
  excludePaths: RegExp[];
  /** Match the regexes against the whole URL instead of its path. */
  regexOnFullURL: boolean;
  allowExternalLinks: boolean;
  allowSubdomains: boolean;
  /** Follow links anywhere on the host, not only under the start URL's path. */
  crawlEntireDomain: boolean;
}

export type OutOfScope = 'external' | 'path' | 'excluded' | 'not-included';

/** Why a URL is outside the crawl, or undefined when the crawl may visit it. */
export function outOfScope(url: URL, rules: ScopeRules): OutOfScope | undefined {
  const { start } = rules;
  const sameHost = url.host === start.host;
  if (!sameHost && !rules.allowExternalLinks) {
    const sub =
      rules.allowSubdomains &&
      (url.hostname === baseDomain(start.hostname) ||
        url.hostname.endsWith(`.${baseDomain(start.hostname)}`));
    if (!sub) return 'external';
  }
  if (sameHost && !rules.crawlEntireDomain && !rules.allowExternalLinks) {
    // Without crawlEntireDomain, only pages under the start URL's folder are followed.
    const dir = start.pathname.endsWith('/') ? start.pathname : start.pathname.replace(/[^/]*$/, '');
    if (!url.pathname.startsWith(dir)) return 'path';
  }
  const subject = rules.regexOnFullURL ? url.href : url.pathname + url.search;
  if (rules.excludePaths.some((r) => r.test(subject))) return 'excluded';
  if (rules.includePaths.length > 0 && !rules.includePaths.some((r) => r.test(subject))) {
    // The start page is always fetched, so its links are found even when it does not match.
    if (url.href !== start.href) return 'not-included';
  }
  return undefined;
}

/** A user's regex, compiled; a bad one is a 400 naming the field. */
export function compilePatterns(list: string[] | null | undefined): RegExp[] {
  return (list ?? []).map((p) => new RegExp(p));
}

/** Path segments below the root: the depth `maxDiscoveryDepth` counts for sitemap entries. */
export const pathDepth = (url: URL): number => url.pathname.split('/').filter(Boolean).length;
