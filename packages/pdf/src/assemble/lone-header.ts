import type { LayoutBlock, PageLayout } from '../types.js';

type TableBlock = Extract<LayoutBlock, { kind: 'table' }>;

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const textOf = (b: LayoutBlock) =>
  b.kind === 'text' ? b.lines.map((l) => l.spans.map((s) => s.text).join('')).join(' ') : '';

/**
 * A table that starts at a page's foot with room for its header row only: the row is printed
 * there alone, with no body under it to make a table of, and again over the body on the next
 * page (a browser or a word processor repeats a table's header on every page). What is left at
 * the foot is a line of text blocks, one a cell or several, that read as the next page's table's
 * first row word for word, side by side in one band (every block's height overlapping the
 * others'), below everything else on the page. That line is the table's header printed twice:
 * the table opening the next page keeps it, and the page's foot loses it.
 * Returns `prev` without that line, or undefined where its foot is something else.
 * `skip` tells the running footers and notes set under the line.
 */
export function withoutLoneHeader(
  prev: PageLayout,
  next: TableBlock,
  skip: (b: LayoutBlock) => boolean,
): PageLayout | undefined {
  const head = next.rows[0];
  if (!head || next.rows.length < 2 || head.filter((c) => c.text.trim() !== '').length < 2) return undefined;
  const want = words(head.map((c) => c.text).join(' '));
  let end = prev.blocks.length - 1;
  while (end >= 0 && skip(prev.blocks[end])) end--;
  // Blocks from the end back, until they hold as many words as the header row.
  let start = end + 1;
  let count = 0;
  while (count < want.length && start > 0 && prev.blocks[start - 1].kind === 'text') {
    start--;
    count += words(textOf(prev.blocks[start])).length;
  }
  if (count !== want.length || start > end) return undefined;
  const line = prev.blocks.slice(start, end + 1);
  const got = line.flatMap((b) => words(textOf(b)));
  if (got.some((w, i) => w !== want[i])) return undefined;
  // One band: every block's top is above every block's bottom.
  const top = Math.max(...line.map((b) => b.box.y0));
  if (line.some((b) => b.box.y1 <= top)) return undefined;
  // At the foot: no other block of the body reaches below the band's top.
  const bandTop = Math.min(...line.map((b) => b.box.y0));
  if (prev.blocks.some((b, i) => (i < start || i > end) && !skip(b) && b.box.y1 > bandTop)) return undefined;
  return { ...prev, blocks: prev.blocks.filter((_, i) => i < start || i > end) };
}
