/**
 * URL resolution that never throws: a link that cannot be resolved stays as written. Pages
 * repeat the same hrefs (menus, cards), so results are cached per base.
 */
const cache = new Map<string, Map<string, string>>();

export function resolveUrl(href: string, base: string | undefined): string {
  const key = base ?? '';
  let m = cache.get(key);
  if (!m) {
    if (cache.size > 64) cache.clear();
    m = new Map();
    cache.set(key, m);
  }
  let r = m.get(href);
  if (r === undefined) {
    r = resolveUncached(href, base);
    if (m.size > 50000) m.clear();
    m.set(href, r);
  }
  return r;
}

function resolveUncached(href: string, base: string | undefined): string {
  const h = href.trim();
  if (h === '') return h;
  if (base === undefined) {
    try {
      return new URL(h).href;
    } catch {
      return h;
    }
  }
  try {
    return new URL(h, base).href;
  } catch {
    return h;
  }
}

/** The largest candidate of a `srcset` (by width `w`, else density `x`), or undefined. */
export function largestSrcset(srcset: string): string | undefined {
  let best: string | undefined;
  let bestScore = -1;
  // Candidates are "url [descriptor]" separated by commas; a URL may hold commas itself
  // (image CDNs), so split only at comma-plus-space or right after a descriptor.
  for (const part of srcset.split(/,\s+|(?<=\s[\d.]+[wx])\s*,/)) {
    const m = /^\s*(\S+)(?:\s+([\d.]+)([wx]))?\s*$/.exec(part);
    if (!m) continue;
    const n = m[2] ? Number.parseFloat(m[2]) : 1;
    const score = m[3] === 'w' ? n : n * 1000;
    if (score > bestScore) {
      bestScore = score;
      best = m[1];
    }
  }
  return best;
}
