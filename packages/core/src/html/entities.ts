/** The named references tag scans meet in attributes and text; others stay as written. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * HTML character references in text cut out by a tag scan rather than parsed: numeric ones
 * (decimal or hex, within Unicode) and the few named ones above; anything else is left as
 * written. Here, at the ground floor, because scrape's structured-data reader (@distill/web) and
 * the paper index's meta tags (@distill/search) both scan tags without the HTML engine.
 */
export function decodeHtmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const n =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}
