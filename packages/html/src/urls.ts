/**
 * URL resolution that never throws: a link that cannot be resolved stays as written.
 */
export function resolveUrl(href: string, base: string | undefined): string {
  const h = href.trim();
  if (h === '') return h;
  if (base === undefined) {
    // Without a base only an absolute URL resolves, and an absolute URL has a scheme ending in
    // `:`: without one the parser fails for certain, so relative hrefs skip the throw.
    if (h.indexOf(':') < 0) return h;
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

/**
 * One page's resolution, remembered for that page: pages repeat the same hrefs (menus, cards).
 * Per page, not per process: the hrefs are slices of the page's source (the tokenizer reads
 * quoted values as slices, run-tokenizer.ts), so a process-wide table kept the whole source of
 * every page it had seen a link of alive (142 MB after a full collection over the 501 WCXB
 * pages, and V8 grew the heap to four times that before collecting again).
 */
export function urlResolver(base: string | undefined): (href: string) => string {
  const seen = new Map<string, string>();
  return (href) => {
    let r = seen.get(href);
    if (r === undefined) {
      r = resolveUrl(href, base);
      seen.set(href, r);
    }
    return r;
  };
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
