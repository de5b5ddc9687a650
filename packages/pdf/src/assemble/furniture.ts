import { asciiTwin } from '@distill/core';
import type { LayoutBlock, PageLayout } from '../types.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

/**
 * Repeated page furniture: the blocks layout labelled as running headers or footers (by their
 * place in the margins, `labelBlocks` in layout/analyze.ts) whose text comes back on another
 * page once numbers are set aside: "Annual Report 2023 | 14" and "… | 15" are one, and so
 * are page numbers ("12" and "13", "Page iv" and "Page v", "A-1" and "A-2"). A margin line
 * seen on one page only is content: the title over a first page, and every margin line of a
 * one-page document (dpbench-dev's pages keep their printed page numbers in the ground truth).
 * The `furniture` option then drops, keeps or separates what this finds.
 */
export function furnitureOf(pages: readonly PageLayout[]): Set<TextBlock> {
  const margin = pages.map(marginLines);
  const onPages = new Map<string, Set<number>>();
  margin.forEach((lines, page) => {
    for (const { key } of lines) {
      const s = onPages.get(key) ?? new Set<number>();
      s.add(page);
      onPages.set(key, s);
    }
  });
  const out = new Set<TextBlock>();
  for (const lines of margin)
    for (const { b, key } of lines) if ((onPages.get(key)?.size ?? 0) >= MIN_PAGES) out.add(b);
  return out;
}

/** A page's running headers and footers with their keys (numbers set aside); blocks without a key left out. */
export function marginLines(page: PageLayout): { b: TextBlock; key: string }[] {
  const out: { b: TextBlock; key: string }[] = [];
  for (const b of page.blocks)
    if (b.kind === 'text' && (b.label === 'page-header' || b.label === 'page-footer')) {
      const key = furnitureKey(textOf(b));
      if (key) out.push({ b, key });
    }
  return out;
}

/**
 * Page furniture page by page (`parsePages()`), where the whole document is not known: a
 * running line of page k is furniture when its key was on a page before k or is on one of the
 * pages read ahead of k. The same as `furnitureOf` over the whole document, but for a line
 * whose only repeat lies further ahead than the pages read ahead (then only the repeat is
 * furniture). The keys of the pages given out are all that is kept of them.
 */
export class FurnitureWindow {
  private readonly before = new Set<string>();

  /** Whether a running line of `page` has been seen neither before it nor on the pages read after it. */
  undecided(page: PageLayout, ahead: readonly PageLayout[]): boolean {
    const lines = marginLines(page).filter((l) => !this.before.has(l.key));
    if (!lines.length) return false;
    const later = new Set(ahead.flatMap((p) => marginLines(p).map((l) => l.key)));
    return lines.some((l) => !later.has(l.key));
  }

  /** Page furniture of `page`, given the pages read after it; its lines are then remembered. */
  of(page: PageLayout, ahead: readonly PageLayout[]): Set<TextBlock> {
    const lines = marginLines(page);
    const out = new Set<TextBlock>();
    if (!lines.length) return out;
    const later = new Set(ahead.flatMap((p) => marginLines(p).map((l) => l.key)));
    for (const { b, key } of lines) if (this.before.has(key) || later.has(key)) out.add(b);
    for (const { key } of lines) this.before.add(key);
    return out;
  }
}

/** A running line counts as repeated once it is on this many pages. */
const MIN_PAGES = 2;

const textOf = (b: TextBlock) =>
  b.lines
    .map((l) => l.spans.map((s) => s.text).join(''))
    .join(' ')
    .replace(/\s+/g, ' ');

const SPACE_AND_PUNCTUATION = asciiTwin(String.raw`[\s\p{P}]+`, 'gu');

/** The text with numbers (arabic and roman, as page numbers and dates run) set aside and case folded. */
function furnitureKey(text: string): string {
  const folded = text
    .toLowerCase()
    .replace(/\b[ivxlcdm]{1,7}\b/g, '0')
    .replace(/\d+/g, '0')
    // An appendix's page number (A-1, b.2) is a number too.
    .replace(/\b[a-z]{1,2}[-.]0/g, '0');
  return folded.replace(SPACE_AND_PUNCTUATION.for(folded), ' ').trim();
}
