import type { PageLayout } from '../types.js';
import { marginLines } from './furniture.js';

/**
 * Whether a document of two pages or more sets no running header: no line that layout labelled
 * a page header by its place (the topmost short line, see labelBlocks) comes back on another
 * page, numbers set aside. A browser's or a word processor's print of an article has none, and
 * then the top line of each page is the page's own text wherever it falls: the article's title
 * over the first page, or a section title the page break left at a page's top, set apart from
 * its text by the style's usual space (which opensPage takes for a running header's margin).
 * A running header is the same on page after page, so it shows on two pages of any document
 * long enough to run one; a single page gives no evidence either way.
 */
export function headlessOf(pages: readonly PageLayout[]): boolean {
  if (pages.length < 2) return false;
  const on = new Map<string, number>();
  for (const p of pages) {
    const keys = new Set(
      marginLines(p)
        .filter((l) => l.b.label === 'page-header')
        .map((l) => l.key),
    );
    for (const k of keys) on.set(k, (on.get(k) ?? 0) + 1);
  }
  return [...on.values()].every((n) => n < 2);
}
